// V8's flags per kind of run, set before the modules they concern load: how much V8 optimises
// WebAssembly (undici's HTTP parser, Ink's yoga layout), and how the shell's heap grows. They
// change when code is compiled and when memory is collected, never what the code does.
import { setFlagsFromString } from 'node:v8';

/** The flags this process set, in order: V8's flags are the process's, its threads' too. */
const set: string[] = [];

/** What a second thread runs under, which its code cache is named for (commands/fleet-threads.ts). */
export const v8FlagsSet = (): string[] => [...set];

/**
 * bin/routersh.cjs's loader keeps V8's compiled code per set of flags (bin/code-cache.cjs): a
 * flag goes through it, so what was compiled under the flags before is kept under their name.
 * Without the loader (tests importing src/), straight to V8.
 */
function setV8Flag(flag: string): void {
  set.push(flag);
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
 * A run over many hosts (`-i INV -c …`): V8 optimises a function only after ~4.4 times its
 * default work (the interrupt budget, 67,584 → 300,000 bytes of bytecode executed). Under the
 * default, 1,000 hosts' sessions made so many functions hot that V8's threads spent ~0.6 s of
 * CPU optimising them (a bare loop's: ~0.3 s), on a machine whose other cores also serve the
 * hosts' answers (a simulated fleet: the same two cores); the main thread then runs a little
 * more unoptimised code (+0.1 s) while those threads spend ~0.4 s less. 1,000 simulated
 * routers at --forks 50 (bench/fleet-bench.ts): docs/benchmarks.md, "Running on many, 5 Dec, morning".
 */
export function hotOnlyOptimised(): void {
  setV8Flag('--interrupt-budget=300000');
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

/**
 * The shell lives for hours and takes answers of megabytes at once: a Tab over a 65,536-value
 * list parses 2.5–3 MB of metadata and indexes it. Under V8's defaults the young generation
 * grew towards its 16 MB semi-spaces and the old one by up to 4× a step, so one such Tab took
 * the process to ~205 MB (and it stayed at ~178) with 57 MB live. Here the young generation
 * keeps the size it has and the old one grows by half a step: peak ~150 MB, ~122 MB after
 * (the 65,536 Tab in tmux, alternated with the build before).
 *
 * Called once the shell's code has loaded, before its first frame (commands/shell.ts), not
 * before start-up: start-up then grows the young generation as V8 decides (to 4 MB
 * semi-spaces, measured; held from then on) where it stayed at its first 1 MB, with which
 * start-up took 9 scavenges and a Tab's frame often one. Tab at 1,000 values p50 5.85 → 4.76
 * and 6.21 → 5.50 ms (sub-node / option values), at 65,536 5.90 → 5.44 and 6.07 → 5.73 ms;
 * peak RSS at 65,536 142.6 → 152.6 MB (bench/tab-bench.ts, alternated with the build before,
 * 5 runs).
 */
export function shellHeap(): void {
  setV8Flag('--semi-space-growth-factor=1');
  setV8Flag('--heap-growing-percent=50');
}

/**
 * The same for the commands that hold tens of MB at once and send many requests at a time:
 * - `routersh undo --journal` (commands/undo.ts) reads a journal of tens of MB (a 65,536-entry
 *   import is 38.7 MB) and sends its undo 16 requests at once: under V8's defaults it peaked at
 *   612 MB with ≤ 173 MB live (it completes under --max-old-space-size=200); ~300 MB with these
 *   flags, in the same 14–16 s (the build before, sending one at a time: 400 MB, 19–20 s);
 * - `match-list import` of 65,536 entries (commands/match-list.ts): 357–392 → 208 MB, 8.8–9.4 →
 *   9.2–10.0 s;
 * - a confirmed-change window's guard (commands/guard.ts), whose revert of such an import is the
 *   same undo: 585 → 285–303 MB, its revert 13.8 s → 17.7–18.0 s (one run against two):
 *   a guard killed for its memory on a small host would leave the window unreverted.
 * (World tests of 28 Nov against the simulator, alternated, the built binary's peak RSS.)
 */
export const bulkHeap = shellHeap;
