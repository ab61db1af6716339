// patches/ink+6.8.0.patch (issue 19) makes Ink's Output.get() fill a frame with one shared blank
// cell and turn each row into a string only up to its last written cell. This checks it draws
// the frames Ink's own get() draws: the installed output.js with those two changes taken out
// again (by text, failing loudly if the hunk is not there) is the reference, and random frames
// of styled writes, wide and combining characters, several lines and clips go through both.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

type InkOutput = {
  write(x: number, y: number, text: string, options: { transformers: [] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
};
type OutputClass = new (o: { width: number; height: number }) => InkOutput;

const inkIndex = createRequire(import.meta.url).resolve('ink');
const outputJs = join(dirname(inkIndex), 'output.js');
/** Where Ink's own imports resolve (its node_modules has no copies of its own: the top level). */
const nodeModules = dirname(dirname(dirname(inkIndex)));
function entryOf(dep: string): string {
  const dir = join(nodeModules, dep);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports?: unknown;
    main?: string;
  };
  let e: unknown = pkg.exports ?? pkg.main ?? 'index.js';
  while (e && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    e = o['.'] ?? o['import'] ?? o['default'];
  }
  return join(dir, String(e));
}
const source = readFileSync(outputJs, 'utf8');

function without(text: string, patched: string, upstream: string): string {
  if (!text.includes(patched)) throw new Error(`${outputJs}: the blank-rows hunk is not applied`);
  return text.replace(patched, upstream);
}

/** The installed output.js with the blank-rows change undone, importing what Ink imports. */
async function upstreamOutput(): Promise<OutputClass> {
  let text = without(
    source,
    'output.push(new Array(this.width).fill(BLANK));\n            written.push(0);',
    "output.push(Array.from({ length: this.width }, () => ({ type: 'char', value: ' ', fullWidth: false, styles: [] })));\n            written.push(Number.POSITIVE_INFINITY);",
  );
  text = without(text, 'if (offsetX > written[y + offsetY]) {', 'if (false) {');
  for (const dep of ['slice-ansi', 'string-width', '@alcalzone/ansi-tokenize']) {
    text = text.replace(`from '${dep}'`, `from '${pathToFileURL(entryOf(dep)).href}'`);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'ink-output-')), 'output.mjs');
  writeFileSync(file, text);
  return ((await import(pathToFileURL(file).href)) as { default: OutputClass }).default;
}

const { default: Patched } = (await import(pathToFileURL(outputJs).href)) as { default: OutputClass };
const Upstream = await upstreamOutput();

const sgr = (code: number, t: string, off: number) => `\u001b[${code}m${t}\u001b[${off}m`;
const styled = fc
  .tuple(
    fc
      .array(fc.constantFrom(' ', 'a', 'b', 'z', '界', 'é', '\u0301'), { maxLength: 16 })
      .map((cs) => cs.join('')),
    fc.constantFrom([0, 0], [31, 39], [7, 27], [44, 49], [2, 22]),
  )
  .map(([t, [on, off]]) => (on ? sgr(on!, t, off!) : t));
const op = fc.oneof(
  fc.record({
    type: fc.constant('write' as const),
    x: fc.nat(30),
    y: fc.nat(8),
    text: fc.array(styled, { maxLength: 3 }).map((a) => a.join('')),
    lines: fc.nat(2),
  }),
  fc.record({
    type: fc.constant('clip' as const),
    x1: fc.nat(20),
    x2: fc.nat(40),
    y1: fc.nat(5),
    y2: fc.nat(10),
  }),
  fc.constant({ type: 'unclip' as const }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function draw(
  Output: OutputClass,
  ops: Op[],
  width: number,
  height: number,
): { output: string; height: number } {
  const out = new Output({ width, height });
  for (const o of ops) {
    if (o.type === 'write')
      out.write(
        o.x,
        o.y,
        Array(o.lines + 1)
          .fill(o.text)
          .join('\n'),
        { transformers: [] },
      );
    else if (o.type === 'clip') out.clip({ x1: o.x1, x2: o.x2, y1: o.y1, y2: o.y2 });
    else out.unclip();
  }
  return out.get();
}

describe('ink output.js patch: blank rows', () => {
  it('draws the frames upstream get() draws', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 12 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (ops, w, h) => {
          expect(draw(Patched, ops, w, h)).toEqual(draw(Upstream, ops, w, h));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a row written only in its first cells is stringified up to them (trailing blanks trimmed)', () => {
    const frame = draw(Patched, [{ type: 'write', x: 2, y: 1, text: sgr(7, 'ab', 27), lines: 0 }], 40, 3);
    expect(frame.output).toBe(`\n  ${sgr(7, 'ab', 27)}\n`);
  });
});
