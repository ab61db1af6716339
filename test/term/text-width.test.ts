import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  columnOf,
  displayWidth,
  fitWindow,
  nextBoundary,
  padToWidth,
  prevBoundary,
  snapCursor,
  graphemes,
  truncateToWidth,
} from '../../src/term/text-width.js';

describe('widths and columns', () => {
  it('counts CJK and emoji as two columns, combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('接口')).toBe(4);
    expect(displayWidth('😀')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(columnOf('a接b', 2)).toBe(3);
  });

  it('boundaries never split a grapheme', () => {
    const s = 'a👨‍👩‍👧b';
    expect(nextBoundary(s, 1)).toBe(s.length - 1);
    expect(prevBoundary(s, s.length - 1)).toBe(1);
    expect(snapCursor(s, 3)).toBe(s.length - 1);
    expect(snapCursor(s, 99)).toBe(s.length);
    expect(snapCursor(s, Number.NaN)).toBe(0);
  });
});

describe('fitWindow', () => {
  it('shows a short line whole', () => {
    expect(fitWindow('show', 2, 20)).toEqual({
      start: 0,
      end: 4,
      cursorColumn: 2,
      clippedLeft: false,
      clippedRight: false,
    });
  });

  it('scrolls so a cursor at the end of a long line stays visible', () => {
    const text = 'x'.repeat(50);
    const w = fitWindow(text, 50, 20);
    expect(w).toMatchObject({ start: 31, end: 50, cursorColumn: 19, clippedLeft: true, clippedRight: false });
  });

  it('fills to the right when the cursor is early and clips the rest', () => {
    const text = '0123456789'.repeat(5);
    const w = fitWindow(text, 3, 10);
    expect(w).toMatchObject({ start: 0, end: 10, cursorColumn: 3, clippedRight: true });
  });

  it('measures wide characters: the window never exceeds the columns and keeps the cursor inside', () => {
    const text = '接口以太网接口以太网接口以太网';
    for (let cursor = 0; cursor <= text.length; cursor++) {
      for (const columns of [5, 6, 9, 20]) {
        const w = fitWindow(text, cursor, columns);
        const cursorCell = cursor < text.length ? 2 : 1;
        expect(
          displayWidth(text.slice(w.start, w.end)) + (cursor === text.length ? 1 : 0),
        ).toBeLessThanOrEqual(columns);
        expect(w.start).toBeLessThanOrEqual(cursor);
        expect(w.cursorColumn + cursorCell).toBeLessThanOrEqual(columns);
        expect(w.cursorColumn).toBe(displayWidth(text.slice(w.start, cursor)));
      }
    }
  });
});

describe('truncate and pad', () => {
  it('cuts to the width with an ellipsis without splitting wide characters', () => {
    expect(truncateToWidth('interface', 5)).toBe('inte…');
    expect(truncateToWidth('接口以太网', 5)).toBe('接口…');
    expect(truncateToWidth('abc', 3)).toBe('abc');
    expect(truncateToWidth('abc', 0)).toBe('');
  });
  it('property: the cut is the longest run of whole graphemes that fits, ASCII or not', () => {
    // The oracle: every grapheme measured, in order, until the next one would not fit.
    const oracle = (s: string, width: number, ellipsis: string): string => {
      if (width <= 0) return '';
      if (displayWidth(s) <= width) return s;
      const room = width - displayWidth(ellipsis);
      let out = '';
      let used = 0;
      for (const { segment } of graphemes(s)) {
        if (used + displayWidth(segment) > room) break;
        out += segment;
        used += displayWidth(segment);
      }
      return room >= 0 ? out + ellipsis : out;
    };
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc
        .array(fc.constantFrom('a', ' ', '~', '接', 'é', 'e\u0301', '👍🏽', '\t', '\u001b'), {
          maxLength: 30,
        })
        .map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: -1, max: 70 }), fc.constantFrom('…', '', '...'), (s, width, e) => {
        expect(truncateToWidth(s, width, e)).toBe(oracle(s, width, e));
      }),
      { numRuns: 2000 },
    );
  });
  it('pads to an exact width', () => {
    expect(padToWidth('接', 4)).toBe('接  ');
    expect(displayWidth(padToWidth('接口以太网', 5))).toBe(5);
  });
});

describe('fitWindow with the previous start', () => {
  const text = 'abcdefghijklmnopqrstuvwxyz0123456789';
  it('keeps the view still while the cursor stays inside it', () => {
    const first = fitWindow(text, text.length, 10);
    expect(first.start).toBe(27);
    const moved = fitWindow(text, text.length - 3, 10, first.start);
    expect(moved.start).toBe(27);
    expect(moved.cursorColumn).toBe(6);
  });
  it('scrolls when the cursor leaves the view on the left', () => {
    const w = fitWindow(text, 5, 10, 27);
    expect(w).toMatchObject({ start: 5, cursorColumn: 0 });
  });
});
