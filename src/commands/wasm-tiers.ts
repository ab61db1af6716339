// How much V8 optimises WebAssembly (undici's HTTP parser, Ink's yoga layout), chosen per kind
// of run before either module loads. Both flags only change when code is compiled, never what
// it does.
import { setFlagsFromString } from 'node:v8';

/**
 * bin/routersh.cjs's loader keeps V8's compiled code per set of flags (bin/code-cache.cjs): a
 * flag goes through it, so what was compiled under the flags before is kept under their name.
 * Without the loader (tests importing src/), straight to V8.
 */
function setV8Flag(flag: string): void {
  const viaLoader = (globalThis as Record<symbol, unknown>)[Symbol.for('routersh.setV8Flag')];
  if (typeof viaLoader === 'function') viaLoader(flag);
  else setFlagsFromString(flag);
}

/**
 * A one-shot run (-c, -f, api, match-list, a window's guard) ends long before optimised
 * WebAssembly would pay off, and the process cannot end while V8 still optimises undici's HTTP
 * parser in the background: that kept `-c` alive 0.1–0.3 s after its last byte (measured).
 */
export function baselineWasmOnly(): void {
  setV8Flag('--liftoff-only');
}

/**
 * The shell: a function is optimised only after ~28 times V8's default work (1.8 M "bytes
 * executed"), so start-up no longer optimises the parser and layout functions its first frames
 * warm (~110 ms of CPU from launch to the first prompt, measured in tmux), while what stays hot
 * in a long session (a big show, a 5,000 records/s log pane) is still optimised.
 */
export function lateWasmTierUp(): void {
  setV8Flag('--wasm-tiering-budget=50000000');
}
