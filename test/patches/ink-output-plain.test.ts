// patches/ink+6.8.0.patch (issue 19) gives Ink's Output three fast paths: a line of printable
// ASCII alone takes its cells from a table of shared cells (no tokenize), such a cell is one
// column without string-width, and a row is turned into text with codes only where the style
// changes. This drives Ink's real Output (node_modules/ink/build/output.js) and checks that
// every frame is the one drawn by the same Output doing what upstream Ink does: every line
// tokenized (@alcalzone/ansi-tokenize), every character measured (string-width), every row
// through styledCharsToString, with no cache.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';

type Cell = { type: 'char'; value: string; fullWidth: boolean; styles: unknown[] };
type Caches = {
  styledChars: Map<string, Cell[]>;
  widths: Map<string, number>;
  blockWidths: Map<string, number>;
  getStyledChars(line: string): Cell[];
  getCellWidth(cell: Cell): number;
  rowToString(cells: Cell[]): string;
};
type Clip = { x1: number; x2: number; y1: number; y2: number };
type InkOutput = {
  write(x: number, y: number, text: string, options: { transformers: Array<(l: string) => string> }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string };
};

// ink's package exports only its index: the Output module is found next to it.
const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));
const outputJs = join(inkBuild, 'output.js');
const { default: Output } = (await import(pathToFileURL(outputJs).href)) as {
  default: new (options: { width: number; height: number }) => InkOutput;
};
// The tokenizer Ink itself imports: its own copy if it has one, else the hoisted one (an ESM-only
// package, which require.resolve cannot find).
const tokenizer = [join(inkBuild, '../node_modules'), join(inkBuild, '../..')]
  .map((dir) => join(dir, '@alcalzone/ansi-tokenize/build/index.js'))
  .find((file) => existsSync(file));
const ansi = (await import(pathToFileURL(tokenizer ?? 'no @alcalzone/ansi-tokenize beside ink').href)) as {
  tokenize(line: string): unknown[];
  styledCharsFromTokens(tokens: unknown[]): Cell[];
  styledCharsToString(cells: Cell[]): string;
};

function cachesOf(output: InkOutput): Caches {
  const caches = (output as unknown as { caches?: Caches }).caches;
  const patched = 'no getCellWidth/rowToString on OutputCaches: the output.js hunk is not applied';
  expect(typeof caches?.getCellWidth, patched).toBe('function');
  expect(typeof caches?.rowToString, patched).toBe('function');
  return caches!;
}

class Forgetful<K, V> extends Map<K, V> {
  override set(_key: K, _value: V): this {
    return this;
  }
}

type Op = { x: number; y: number; text: string; inverse: boolean } | { clip: Clip } | 'unclip';
const inverse = (line: string) => `\u001b[7m${line}\u001b[27m`;

/** `ops` drawn by a new Output: as patched, or as upstream Ink draws it. */
function render(width: number, height: number, ops: Op[], upstream: boolean): string {
  const output = new Output({ width, height });
  if (upstream) {
    const caches = cachesOf(output);
    caches.styledChars = new Forgetful();
    caches.widths = new Forgetful();
    caches.blockWidths = new Forgetful();
    caches.getStyledChars = (line) => ansi.styledCharsFromTokens(ansi.tokenize(line));
    caches.getCellWidth = (cell) => Math.max(1, stringWidth(cell.value));
    caches.rowToString = (cells) => ansi.styledCharsToString(cells);
  }
  for (const op of ops) {
    if (op === 'unclip') output.unclip();
    else if ('clip' in op) output.clip(op.clip);
    else output.write(op.x, op.y, op.text, { transformers: op.inverse ? [inverse] : [] });
  }
  return output.get().output;
}

const sgr = (...codes: number[]) => `\u001b[${codes.join(';')}m`;

describe('ink output.js patch: plain ASCII lines', () => {
  it('is applied: a plain line is made of shared cells, not tokenized', () => {
    const caches = cachesOf(new Output({ width: 10, height: 1 }));
    const a = caches.getStyledChars('abc 10.0.0.1');
    const b = caches.getStyledChars('xa');
    expect(a[0]).toBe(b[1]);
    expect(Object.isFrozen(a[0])).toBe(true);
    expect(caches.styledChars.has('abc 10.0.0.1')).toBe(false); // no cache entry for it
    expect(caches.getCellWidth(a[0]!)).toBe(1);
  });

  it('a monitor-like screen: plain rows, a selected row, styled header and status', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `10.0.0.${i}`.padEnd(20) + `  ${3600 - i}s  ${i * 7}`);
    const ops: Op[] = [
      { x: 0, y: 0, text: `${sgr(1)}monitor match-list bench · read 3s ago${sgr(22)}`, inverse: false },
      { x: 0, y: 1, text: `${sgr(36)}entries 12 · memory 1 KiB${sgr(39)}`, inverse: false },
      ...rows.map((text, i): Op => ({ x: 0, y: i + 2, text, inverse: i === 4 })),
      { x: 0, y: 15, text: '12 members · sort address · é 表 👍🏽', inverse: true },
    ];
    expect(render(60, 16, ops, false)).toBe(render(60, 16, ops, true));
  });

  it('property: any frame of plain, styled, wide and control text is drawn as upstream draws it', () => {
    const piece = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'ab 9.:-|~'.split('')), maxLength: 10 }),
      fc.constantFrom(
        sgr(1),
        sgr(22),
        sgr(2),
        sgr(7),
        sgr(27),
        sgr(36),
        sgr(39),
        sgr(0),
        sgr(1, 36),
        sgr(38, 5, 208),
        '一二',
        'é',
        'e\u0301',
        '\t',
        '\u007f',
        '👍🏽',
        '─┼─',
      ),
    );
    const text = fc
      .array(fc.array(piece, { maxLength: 6 }), { minLength: 1, maxLength: 3 })
      .map((lines) => lines.map((l) => l.join('')).join('\n'));
    const write = fc.record({
      x: fc.integer({ min: -2, max: 20 }),
      y: fc.integer({ min: -1, max: 6 }),
      text,
      inverse: fc.boolean(),
    });
    const clip = fc
      .record({ x1: fc.nat(8), w: fc.nat(14), y1: fc.nat(3), h: fc.nat(4) })
      .map(({ x1, w, y1, h }) => ({ clip: { x1, x2: x1 + w, y1, y2: y1 + h } }));
    const ops = fc
      .array(fc.oneof(write, write, fc.tuple(clip, write)), { minLength: 1, maxLength: 8 })
      .map((items) => items.flatMap((i): Op[] => (Array.isArray(i) ? [i[0], i[1], 'unclip'] : [i])));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 7 }), ops, (w, h, o) => {
        expect(render(w, h, o, false)).toBe(render(w, h, o, true));
      }),
      { numRuns: 400 },
    );
  });
});
