// Ink's real Output (node_modules/ink/build/output.js), as patches/ink+6.8.0.patch leaves it,
// drawn with its shared line caches and with none: the rig of ink-output-cache.test.ts and
// ink-output-cache.size.test.ts (see the former for what the patch does).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';

export type Transformer = (line: string, index: number) => string;
export type Clip = {
  x1: number | undefined;
  x2: number | undefined;
  y1: number | undefined;
  y2: number | undefined;
};
export type Caches = {
  styledChars: Map<string, unknown[]>;
  widths: Map<string, number>;
  blockWidths: Map<string, number>;
  /** The text of a row one line at x = 0 filled alone, by that line. */
  rowTexts: Map<string, string>;
  getStyledChars(line: string): unknown[];
};
export type InkOutput = {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
};

// ink's package exports only its index: the Output module is found next to it.
const outputJs = join(dirname(createRequire(import.meta.url).resolve('ink')), 'output.js');
export const { default: Output } = (await import(pathToFileURL(outputJs).href)) as {
  default: new (options: { width: number; height: number }) => InkOutput;
};

/** The Output's caches (a private field of Ink's); fails loudly if Ink renamed what this uses. */
export function cachesOf(output: InkOutput): Caches {
  const caches = (output as unknown as { caches?: Caches }).caches;
  if (
    !(caches?.styledChars instanceof Map) ||
    !(caches.widths instanceof Map) ||
    !(caches.blockWidths instanceof Map) ||
    !(caches.rowTexts instanceof Map) ||
    typeof caches.getStyledChars !== 'function'
  ) {
    throw new Error(`${outputJs}: no OutputCaches {styledChars, widths, blockWidths, rowTexts}; Ink changed`);
  }
  return caches;
}

/** A map that keeps nothing: every get misses, so Ink computes every value again. */
class Forgetful<K, V> extends Map<K, V> {
  override set(_key: K, _value: V): this {
    return this;
  }
}

/** The maps shared by every Output (the patch), as seen from a throwaway Output. */
export const shared = () => cachesOf(new Output({ width: 1, height: 1 }));

export const ESC = '\u001b[';
export const sgr = (...codes: Array<number | string>) => `${ESC}${codes.join(';')}m`;

/** Transformers as Ink's <Transform> passes them: each sees the styled line and its index. */
export const TRANSFORMS = {
  none: [],
  inverse: [(line: string) => `${sgr(7)}${line}${sgr(27)}`],
  numbered: [(line: string, index: number) => `${index}:${line}`],
  oddCyan: [(line: string, index: number) => (index % 2 ? `${sgr(36)}${line}${sgr(39)}` : line)],
} satisfies Record<string, Transformer[]>;
export type TransformName = keyof typeof TRANSFORMS;

export type Op =
  | { kind: 'write'; x: number; y: number; text: string; transform: TransformName }
  | { kind: 'clip'; clip: Clip }
  | { kind: 'unclip' };
export type Frame = { width: number; height: number; ops: Op[] };

/** `frame` drawn by a new Output (as Ink's renderer makes one a frame), with or without cache. */
export function render(frame: Frame, cache: boolean): string {
  const output = new Output({ width: frame.width, height: frame.height });
  if (!cache) {
    const caches = cachesOf(output);
    caches.styledChars = new Forgetful();
    caches.widths = new Forgetful();
    caches.blockWidths = new Forgetful();
    caches.rowTexts = new Forgetful();
  }
  for (const op of frame.ops) {
    if (op.kind === 'write') output.write(op.x, op.y, op.text, { transformers: TRANSFORMS[op.transform] });
    else if (op.kind === 'clip') output.clip(op.clip);
    else output.unclip();
  }
  return output.get().output;
}

/** Draws each frame in turn with the shared caches (warm from the frames before) and checks it
 * against the same frame drawn without cache. */
export function expectSameAsUncached(frames: Frame[]): void {
  for (const [index, frame] of frames.entries()) {
    expect(render(frame, true), `frame ${index}`).toBe(render(frame, false));
  }
}

export const write = (x: number, y: number, text: string, transform: TransformName = 'none'): Op => ({
  kind: 'write',
  x,
  y,
  text,
  transform,
});
export const frame = (ops: Op[], width = 24, height = 6): Frame => ({ width, height, ops });

/** Empties the shared maps, so a test starts cold. */
export function clearShared(): void {
  const { styledChars, widths, rowTexts } = shared();
  styledChars.clear();
  widths.clear();
  rowTexts.clear();
}
