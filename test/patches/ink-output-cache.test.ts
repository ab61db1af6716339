// patches/ink+6.8.0.patch makes Ink's Output keep a line's styled cells (and the widths of its
// characters) across frames, in module-level maps cleared at 4,096 entries, where upstream Ink
// keeps them per Output, i.e. per frame. This drives Ink's real Output (node_modules/ink/build/
// output.js) and checks that a frame drawn with those shared caches, warm from earlier frames,
// is the frame drawn by the same Output with no cache at all: also after the line at a place
// changes (other text, other styles, same text at another place, wide characters, clipped).
//
// "No cache": the Output's OutputCaches gets maps that never keep what they are given, so every
// line is tokenized and every width measured afresh by Ink's own code (tokenize, string-width).
// The 16,384-cell bound, at the size of a followed log: ink-output-cache.size.test.ts.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cachesOf,
  clearShared,
  expectSameAsUncached,
  frame,
  type Op,
  Output,
  render,
  sgr,
  shared,
  type TransformName,
  write,
} from './ink-output-rig.js';

beforeEach(clearShared);
describe('ink output.js patch: shared line cells', () => {
  it('is applied: the cells of a line are shared by the Outputs of later frames', () => {
    const line = `${sgr(1)}menu${sgr(22)} row`;
    const a = new Output({ width: 10, height: 1 });
    const b = new Output({ width: 10, height: 1 });
    // Without the patch each Output has its own maps: then this test (and the patch) can go.
    const unpatched =
      'each Output has its own caches: the output.js hunk of patches/ink+6.8.0.patch is not applied';
    expect(cachesOf(a).styledChars, unpatched).toBe(cachesOf(b).styledChars);
    expect(cachesOf(a).widths, unpatched).toBe(cachesOf(b).widths);
    expect(cachesOf(a).rowTexts, unpatched).toBe(cachesOf(b).rowTexts);
    expect(cachesOf(a).getStyledChars(line)).toBe(cachesOf(b).getStyledChars(line));
  });

  it('the uncached render reads no cache: a poisoned entry shows only in the cached one', () => {
    const line = `${sgr(31)}red${sgr(39)}`;
    const f = frame([write(0, 0, line)], 8, 1);
    const good = render(f, false);
    shared().styledChars.set(line, shared().getStyledChars('xyz'));
    expect(render(f, false)).toBe(good);
    expect(render(f, true)).toBe('xyz');
  });

  it('a row one line filled alone is kept by the line; a second write on the row is not', () => {
    const line = `${sgr(32)}ok${sgr(39)}`;
    const alone = frame([write(0, 0, line)], 8, 1);
    const shared2 = frame([write(0, 0, line), write(4, 0, 'x')], 8, 1);
    const good = [render(alone, false), render(shared2, false)];
    expect(render(alone, true)).toBe(good[0]);
    // Only the cached render reads the kept text, and only for the row the line fills alone.
    shared().rowTexts.set(line, 'kept');
    expect(render(alone, false)).toBe(good[0]);
    expect(render(alone, true)).toBe('kept');
    expect(render(shared2, true)).toBe(good[1]);
    // A line at another x is not a whole row.
    expect(render(frame([write(1, 0, line)], 8, 1), true)).toBe(
      render(frame([write(1, 0, line)], 8, 1), false),
    );
  });

  it('the same frame is the same with and without the cache, cold and warm', () => {
    const menu = frame([
      write(0, 0, `${sgr(7)} show ${sgr(27)} interfaces`),
      write(0, 1, `${sgr(38, 5, 208)}set${sgr(39)} ${sgr(4)}ip${sgr(24)} address`),
      write(2, 2, '表示 一二三 👍🏽 ok'),
      write(0, 3, '─┼─ é ß ¼ e\u0301'),
      write(1, 4, `${sgr(42)}line one\nline two${sgr(49)}`, 'numbered'),
    ]);
    const uncached = render(menu, false);
    expect(render(menu, true)).toBe(uncached); // cold: the cells are made in this frame
    expect(render(menu, true)).toBe(uncached); // warm: every line's cells come from the last
    expect(render(menu, true)).toBe(uncached);
  });

  it('a line whose text changes in place, then changes back', () => {
    expectSameAsUncached([
      frame([write(0, 0, 'ab12'), write(0, 1, 'ab1')]),
      frame([write(0, 0, 'ab1'), write(0, 1, 'ab12')]),
      frame([write(0, 0, 'cd34'), write(0, 1, 'ab1')]), // same length, other text
      frame([write(0, 0, 'ab12'), write(0, 1, 'ab1')]),
    ]);
  });

  it('a line whose styles change but not its text, and back', () => {
    const text = 'selected item';
    expectSameAsUncached([
      frame([write(0, 0, `${sgr(7)}${text}${sgr(27)}`), write(0, 1, text)]),
      frame([write(0, 0, text), write(0, 1, `${sgr(7)}${text}${sgr(27)}`)]),
      frame([write(0, 0, `${sgr(31)}${text}${sgr(39)}`), write(0, 1, `${sgr(1, 32)}${text}${sgr(0)}`)]),
      frame([write(0, 0, `${sgr(7)}${text}${sgr(27)}`), write(0, 1, text)]),
      // A style left open at the end of one line must not carry into the cells of another.
      frame([write(0, 0, `${sgr(41)}open`), write(0, 1, 'open')]),
    ]);
  });

  it('the same line reused at another place, under another transform, clipped', () => {
    const line = `${sgr(36)}eth0${sgr(39)} up 一二三四 ${sgr(1)}10G${sgr(22)}`;
    const clip = (x1: number, x2: number, y1: number, y2: number): Op => ({
      kind: 'clip',
      clip: { x1, x2, y1, y2 },
    });
    expectSameAsUncached([
      frame([write(0, 0, line)]),
      frame([write(5, 3, line)]),
      frame([write(0, 2, line, 'inverse'), write(0, 3, line, 'oddCyan')]),
      frame([clip(3, 12, 0, 6), write(0, 1, line), write(6, 2, line), { kind: 'unclip' }, write(0, 4, line)]),
      frame([clip(0, 24, 1, 2), write(0, 0, `${line}\n${line}\n${line}`, 'numbered'), { kind: 'unclip' }]),
      frame([write(0, 0, line)]),
    ]);
  });

  it('wide characters overwritten by narrow ones and the other way round', () => {
    expectSameAsUncached([
      frame([write(0, 0, '一二三四五'), write(1, 0, 'ab'), write(0, 1, 'abcdef'), write(1, 1, '表')]),
      frame([write(0, 0, 'abcdef'), write(1, 0, '表'), write(0, 1, '一二三四五'), write(1, 1, 'ab')]),
      frame([write(0, 0, `${sgr(44)}👍🏽 👍 ok${sgr(49)}`), write(2, 0, 'x')]),
      frame([write(0, 0, '一二三四五'), write(1, 0, 'ab')]),
      frame([write(0, 0, '一二三四五')]),
    ]);
  });

  // The cells of a line are the cached objects themselves: were Ink to change one in place while
  // drawing (blank a half-covered wide character, restyle a covered cell), the next frame that
  // draws the line would show it.
  it('a line covered by others in one frame is whole in the next', () => {
    const wide = `${sgr(44)}一二三四${sgr(49)} ${sgr(1)}bold${sgr(22)}`;
    expectSameAsUncached([
      frame([write(0, 0, wide), write(1, 0, 'ab'), write(5, 0, `${sgr(31)}x${sgr(39)}`), write(9, 0, 'zz')]),
      frame([write(0, 0, wide)]),
      frame([write(0, 0, wide, 'inverse'), write(2, 0, wide)]),
      frame([write(3, 0, 'cd'), write(0, 1, wide), write(0, 1, '表表')]),
      frame([write(0, 1, wide)]),
    ]);
  });

  it('stays bounded: past 4,096 lines the maps are cleared and frames still match', () => {
    const first = frame([write(0, 0, `${sgr(33)}first${sgr(39)}`), write(0, 1, '一二 first')]);
    expectSameAsUncached([first]);
    // 4,500 distinct lines over 10 rows (a line is tokenized only when it lands on a row of the
    // frame). Both maps are bounded by the same remember(): styledChars shows it.
    for (let batch = 0; batch < 9; batch++) {
      const rows = Array.from({ length: 500 }, (_, i) =>
        write(0, i % 10, `${sgr(31 + (i % 7))}row ${batch}.${i}`),
      );
      expectSameAsUncached([frame(rows, 16, 10)]);
      expect(shared().styledChars.size).toBeLessThanOrEqual(4096);
      expect(shared().widths.size).toBeLessThanOrEqual(4096);
    }
    expectSameAsUncached([first]);
  });

  // Random frames over a small pool of pieces, so lines recur across frames at other places
  // with other styles and neighbours: each frame, drawn with the caches the frames before it
  // left, is the uncached frame.
  it('property: any sequence of frames is drawn as without the cache', () => {
    const text = fc.constantFrom(
      'ab',
      'ab1',
      'b12',
      'menu',
      ' ',
      'é ß',
      '─┼─',
      '一二',
      '表',
      '👍🏽',
      'e\u0301',
      '¼',
    );
    const style = fc.constantFrom(
      '',
      sgr(1),
      sgr(22),
      sgr(31),
      sgr(39),
      sgr(42),
      sgr(49),
      sgr(7),
      sgr(0),
      sgr(38, 5, 208),
      sgr(48, 2, 1, 2, 3),
    );
    const line = fc
      .array(fc.tuple(style, text), { minLength: 1, maxLength: 4 })
      .map((segments) => segments.flat().join(''));
    const transform = fc.constantFrom<TransformName>('none', 'none', 'inverse', 'numbered', 'oddCyan');
    const writeOp = fc
      .record({
        x: fc.integer({ min: -2, max: 12 }),
        y: fc.integer({ min: -1, max: 5 }),
        lines: fc.array(line, { minLength: 1, maxLength: 3 }),
        transform,
      })
      .map(({ x, y, lines, transform }) => write(x, y, lines.join('\n'), transform));
    const clipOp = fc
      .record({
        x1: fc.integer({ min: 0, max: 8 }),
        w: fc.integer({ min: 0, max: 12 }),
        y1: fc.integer({ min: 0, max: 3 }),
        h: fc.integer({ min: 0, max: 4 }),
      })
      .map(({ x1, w, y1, h }): Op => ({ kind: 'clip', clip: { x1, x2: x1 + w, y1, y2: y1 + h } }));
    const ops = fc
      .array(fc.oneof(writeOp, writeOp, fc.tuple(clipOp, writeOp)), { minLength: 1, maxLength: 6 })
      .map((items) =>
        items.flatMap((item): Op[] =>
          Array.isArray(item) ? [item[0], item[1], { kind: 'unclip' }] : [item],
        ),
      );
    const frames = fc.array(
      fc.record({ width: fc.integer({ min: 1, max: 20 }), height: fc.integer({ min: 1, max: 6 }), ops }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(frames, (sequence) => {
        expectSameAsUncached([...sequence, ...sequence]);
      }),
      { numRuns: 150 },
    );
  });
});
