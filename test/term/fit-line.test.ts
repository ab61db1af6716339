// One line within a width (fit-line.ts) and text broken at blanks (wrap-words.ts): what pane
// footers, chart titles, notes and `help` are made to fit with.
import { describe, expect, it } from 'vitest';
import { fitFooter, fitHeadTail } from '../../src/term/fit-line.js';
import { displayWidth } from '../../src/term/text-width.js';
import { wrapHanging, wrapWords } from '../../src/term/wrap-words.js';

describe('fitHeadTail', () => {
  it('cuts the head, keeps the tail', () => {
    expect(fitHeadTail('abcdefghij', ' · tail', 20)).toBe('abcdefghij · tail');
    expect(fitHeadTail('abcdefghijklmnop', ' · tail', 16)).toBe('abcdefgh… · tail');
    // No room for the head: the whole line is cut.
    expect(fitHeadTail('abcdefghij', ' · a long tail', 10)).toBe('abcdefghi…');
  });
});

describe('fitFooter', () => {
  const keys = [
    { text: 'p pause', priority: 2 },
    { text: 'r refresh', priority: 3 },
    { text: 'w wrap', priority: 1 },
  ];
  it('all keys when they fit, in their order', () => {
    expect(fitFooter('live', keys, 'q back', 80)).toBe('live · p pause  r refresh  w wrap  q back');
  });
  it('drops the lowest priority first, keeps the order of the rest', () => {
    expect(fitFooter('live', keys, 'q back', 35)).toBe('live · p pause  r refresh  q back');
    expect(fitFooter('live', keys, 'q back', 26)).toBe('live · r refresh  q back');
  });
  it('cuts the status rather than lose q back', () => {
    const f = fitFooter('x'.repeat(100), keys, 'q back', 30);
    expect(f).toMatch(/^x+… · q back$/);
    expect(displayWidth(f)).toBe(30);
  });
});

describe('wrapWords', () => {
  it('breaks at blanks, never inside a word; continuation lines indented', () => {
    expect(wrapWords('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
    expect(wrapWords('note: start moved from here to there', 16, '  ')).toEqual([
      'note: start',
      '  moved from',
      '  here to there',
    ]);
  });
  it('cuts a word wider than a line, keeps a short line as it is', () => {
    expect(wrapWords('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapWords('  two  blanks', 80)).toEqual(['  two  blanks']);
  });
});

describe('wrapHanging', () => {
  it('continues a `syntax  description` row under its description', () => {
    const text = '  set WORD…   the same, always the router’s words (set monitor … reaches a router node)';
    const out = wrapHanging(text, 50).split('\n');
    expect(out).toEqual([
      '  set WORD…   the same, always the router’s words',
      '              (set monitor … reaches a router',
      '              node)',
    ]);
    for (const l of out) expect(displayWidth(l)).toBeLessThanOrEqual(50);
  });
});
