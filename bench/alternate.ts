// Alternated runs: every row of the bench measures routersh and its baseline in the same
// process, taking turns (A B, B A, A B, …) so that drift on the machine (another process,
// thermal, caches) falls on both. Each row is reported as median and range over the runs, and
// a ratio is taken per run (paired) before its median is.
import { median } from './util.js';

export interface Arm {
  name: string;
  /** One measurement (ms, MB, …). Called once per run, in alternating order. */
  run: () => Promise<number> | number;
}

export interface Summary {
  median: number;
  min: number;
  max: number;
  values: number[];
}

/** Runs for a row: ≥ 5 (the floor); BENCH_RUNS raises it. */
export const RUNS = Math.max(5, Number(process.env.BENCH_RUNS) || 5);
/** The long mode (`npm run bench -- --long`): soaks of minutes, one run. */
export const LONG = process.env.ROUTERSH_BENCH_LONG === '1';

export function summarize(values: number[]): Summary {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), values };
}

/** Runs the arms `runs` times each, alternating which goes first. */
export async function alternate(arms: Arm[], runs = RUNS): Promise<Record<string, Summary>> {
  const got: Record<string, number[]> = Object.fromEntries(arms.map((a) => [a.name, []]));
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? arms : [...arms].reverse();
    for (const arm of order) got[arm.name]?.push(await arm.run());
  }
  return Object.fromEntries(Object.entries(got).map(([k, v]) => [k, summarize(v)]));
}

/** Paired ratio a/b run by run (the runs were alternated, so run i of each is a pair). */
export function pairedRatio(a: Summary, b: Summary): Summary {
  return summarize(a.values.map((v, i) => v / (b.values[i] ?? Number.NaN)));
}

/** Flattens a summary into the bench's row format: `label median`, `label min`, `label max`. */
export function rows(label: string, s: Summary): Record<string, number> {
  return { [`${label} median`]: s.median, [`${label} min`]: s.min, [`${label} max`]: s.max };
}
