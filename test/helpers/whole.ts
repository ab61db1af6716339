// Matrices and corpora the suite samples (issue 36: `npm test` ≤ 30 fresh typechecks; "size
// tests that need seconds belong to the bench"). A file listed in WHOLE_FILES runs, in `npm
// test`, a deterministic sample that still covers every kind once (every fault kind, every
// request position, every dashboard, ...); `npm run bench -- whole` runs the same files with
// ROUTERSH_TEST_WHOLE=1, the whole set, as `npm test` ran it before (bench/whole-bench.ts).
// Replaying one file whole: `ROUTERSH_TEST_WHOLE=1 npx vitest run --project e2e FILE`.

/** Set by bench/whole-bench.ts: every case, not the suite's sample. */
export const WHOLE = process.env.ROUTERSH_TEST_WHOLE === '1';

/** The files whose cases are sampled (the bench runs them whole), by project. */
export const WHOLE_FILES: ReadonlyArray<readonly [project: string, file: string]> = [
  ['e2e', 'test/safety/request-faults.test.ts'],
  ['concurrent', 'test/safety/window-faults.test.ts'],
  ['e2e', 'test/safety/fleet-faults.test.ts'],
  ['e2e', 'test/corpus/corpus.test.ts'],
  ['e2e', 'test/e2e/completion-hostile.test.ts'],
  ['e2e', 'test/e2e/real-dashboards.test.ts'],
  ['unit', 'test/commands/class/class-serve-hostile.test.ts'],
];

/**
 * Every pair of `as` × `bs` when WHOLE; otherwise max(|as|, |bs|) pairs, the k-th pairing
 * as[k mod |as|] with bs[k mod |bs|]: each value of each side at least once, each pair in the
 * whole run. Deterministic, so a failure replays.
 */
export function pairs<A, B, T>(as: readonly A[], bs: readonly B[], make: (a: A, b: B) => T): T[] {
  if (WHOLE) return as.flatMap((a) => bs.map((b) => make(a, b)));
  return Array.from({ length: Math.max(as.length, bs.length) }, (_, k) =>
    make(as[k % as.length]!, bs[k % bs.length]!),
  );
}

/** All of `xs` when WHOLE; otherwise every `step`-th (from the first) and every one `keep` picks. */
export function every<T>(xs: readonly T[], step: number, keep: (x: T) => boolean = () => false): T[] {
  return WHOLE ? [...xs] : xs.filter((x, i) => i % step === 0 || keep(x));
}
