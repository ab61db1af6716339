// The `--More--` pager's steps: what each key writes and where it leaves the pager.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMainArgs } from '../../src/cli/args.js';
import { resolveConfig } from '../../src/config/config.js';
import { parseKeys, initialParserState } from '../../src/keys/key-parser.js';
import { pagerKeyAction } from '../../src/shell/pager-keys.js';
import { moreLine, type PagerState, pagerStep, startPager } from '../../src/shell/pager.js';

const size = { rows: 6, columns: 20 }; // pages of 4 rows
const text = (n: number) => `${Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
// The pager and its first page (written by a `page` step, once the --More-- frame is drawn).
const started = (n: number) => {
  const p = startPager(text(n), size);
  if (!p) throw new Error('no pager');
  return pagerStep(p, { type: 'page' });
};

describe('startPager', () => {
  it('writes a window less two rows (--More-- and the cursor row below), then waits', () => {
    const s = started(10);
    expect(s.write).toBe('line 1\nline 2\nline 3\nline 4\n');
    expect(moreLine(s.state as PagerState)).toBe('--More-- (40%)');
  });

  it('does not page output that fits, counting the rows long lines wrap to', () => {
    expect(startPager(text(4), size)).toBeNull();
    expect(startPager('x'.repeat(50), size)).toBeNull(); // 3 rows
    const wrapped = startPager(`${'x'.repeat(50)}\ny\nz\n`, size); // 5 rows
    expect(pagerStep(wrapped!, { type: 'page' }).write).toBe(`${'x'.repeat(50)}\ny\n`);
  });
});

describe('pagerStep', () => {
  it('Space writes the next page, Enter one line, G the rest; the last line ends it', () => {
    let s = started(12).state as PagerState;
    const page = pagerStep(s, { type: 'page' });
    expect(page.write).toBe('line 5\nline 6\nline 7\nline 8\n');
    s = page.state as PagerState;
    const line = pagerStep(s, { type: 'line' });
    expect(line.write).toBe('line 9\n');
    const end = pagerStep(line.state as PagerState, { type: 'end' });
    expect(end.write).toBe('line 10\nline 11\nline 12\n');
    expect(end.state).toBeNull();
  });

  it('q drops the rest', () => {
    expect(pagerStep(started(12).state as PagerState, { type: 'quit' })).toEqual({ write: '', state: null });
  });

  it('/ searches forward: skips to the match; not found says so and stays', () => {
    let s = started(30).state as PagerState;
    s = pagerStep(s, { type: 'searchOpen' }).state as PagerState;
    for (const c of 'line 2x') s = pagerStep(s, { type: 'searchInput', text: c }).state as PagerState;
    s = pagerStep(s, { type: 'searchBackspace' }).state as PagerState;
    expect(moreLine(s)).toBe('/line 2');
    const found = pagerStep(s, { type: 'searchApply' });
    expect(found.write).toBe('...skipping\nline 20\nline 21\nline 22\n');
    s = pagerStep(found.state as PagerState, { type: 'searchOpen' }).state as PagerState;
    for (const c of 'nope') s = pagerStep(s, { type: 'searchInput', text: c }).state as PagerState;
    const missing = pagerStep(s, { type: 'searchApply' });
    expect(missing.write).toBe('');
    expect(moreLine(missing.state as PagerState)).toMatch(/pattern not found: nope/);
  });
});

describe('pager keys', () => {
  const key = (raw: string) => parseKeys(raw, initialParserState).keys[0]!;
  it('come from the keymap; the search prompt takes typed text', () => {
    expect(pagerKeyAction(key(' '), false)).toEqual({ type: 'page' });
    expect(pagerKeyAction(key('\r'), false)).toEqual({ type: 'line' });
    expect(pagerKeyAction(key('q'), false)).toEqual({ type: 'quit' });
    expect(pagerKeyAction(key('G'), false)).toEqual({ type: 'end' });
    expect(pagerKeyAction(key('/'), false)).toEqual({ type: 'searchOpen' });
    expect(pagerKeyAction(key('q'), true)).toEqual({ type: 'searchInput', text: 'q' });
    expect(pagerKeyAction(key('\r'), true)).toEqual({ type: 'searchApply' });
  });
});

describe('turning the pager off', () => {
  const profiles = (lab: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-pager-'));
    mkdirSync(join(dir, 'routersh'));
    writeFileSync(join(dir, 'routersh', 'config.json'), JSON.stringify({ profiles: { lab } }));
    return { XDG_CONFIG_HOME: dir };
  };
  const cfg = (argv: string[], env: Record<string, string> = {}) =>
    resolveConfig(parseMainArgs(argv), { env, isTTY: true });

  it('--no-pager and the profile setting "pager": false; on by default', () => {
    expect(cfg([]).pager).toBeUndefined();
    expect(cfg(['--no-pager']).pager).toBe(false);
    expect(cfg(['--profile', 'lab'], profiles({ router: 'http://r', pager: false })).pager).toBe(false);
    expect(cfg(['--profile', 'lab'], profiles({ router: 'http://r', pager: true })).pager).toBeUndefined();
    expect(() => cfg(['--profile', 'lab'], profiles({ router: 'http://r', pager: 'no' }))).toThrow(
      /'pager' must be a boolean/,
    );
  });
});
