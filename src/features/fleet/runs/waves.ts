// A run's plan (issue 39 item 4): `--waves 1,10%,100%` cut into waves of the selection,
// `--max-fail N|P%`, and whether `--confirm-within D` covers the whole run. Pure: the
// orchestrator (commands/fleet-run.ts) applies it; every refusal here is one line, before anything
// is sent.
import { argumentError } from '../../../errors.js';
import { readDuration } from '../../../lang/time.js';

/** The longest confirmed-change window (features/changes/window-revert.ts WINDOW_MAX_MS). */
export const RUN_WINDOW_MAX_MS = 60 * 60_000;

/**
 * The waves' sizes for `count` hosts. Each step is a count or a percentage of the selection,
 * cumulative (`1,10%,100%` over 40: 1, then up to 4, then up to 40): sizes 1, 3, 36. A step
 * that adds nobody is dropped; the last step must reach every host. Without `spec`: one wave.
 */
export function planWaves(spec: string | undefined, count: number): number[] {
  if (count <= 0) return [];
  if (spec === undefined) return [count];
  const steps = spec.split(',');
  let reached = 0;
  const sizes: number[] = [];
  for (const [i, raw] of steps.entries()) {
    const step = raw.trim();
    const m = /^(\d+)(%?)$/.exec(step);
    if (!m) throw argumentError(`--waves: '${step}' is not a count or a percentage (e.g. 1,10%,100%)`);
    const n = Number(m[1]);
    if (m[2] === '%' && (n < 1 || n > 100)) throw argumentError(`--waves: ${step} is not within 1%..100%`);
    if (m[2] === '' && n < 1) throw argumentError('--waves: a count is at least 1');
    // Percentages round up: 10% of 5 hosts is one host, never none.
    const upTo = Math.min(count, m[2] === '%' ? Math.ceil((n * count) / 100) : n);
    if (upTo < reached)
      throw argumentError(
        `--waves: steps are cumulative and never shrink ('${step}' after ${reached} hosts)`,
      );
    if (upTo > reached) sizes.push(upTo - reached);
    reached = upTo;
    if (i === steps.length - 1 && reached < count)
      throw argumentError(`--waves: the last step reaches ${reached} of ${count} hosts (end with 100%)`);
  }
  return sizes;
}

/** `--max-fail N|P%` as a number of hosts (P% of the selection, rounded down); default 0. */
export function maxFailOf(spec: string | undefined, count: number): number {
  if (spec === undefined) return 0;
  const m = /^(\d+)(%?)$/.exec(spec.trim());
  if (!m) throw argumentError(`--max-fail: '${spec}' is not a count or a percentage (e.g. 0, 2, 10%)`);
  const n = Number(m[1]);
  if (m[2] === '%' && n > 100) throw argumentError('--max-fail: a percentage is at most 100%');
  return m[2] === '%' ? Math.floor((n * count) / 100) : n;
}

/** A duration flag's value in ms, or a one-line refusal naming the flag. */
export function durationOf(flag: string, spec: string): number {
  const r = readDuration(spec);
  if (!r.ok) throw argumentError(`${flag}: ${r.why}`);
  return r.value;
}

export interface WindowNeed {
  waves: number;
  soakMs: number;
  /** What one wave's apply and its gate may take: the per-host request bound, twice. */
  stepMs: number;
}

/** What the window of a host of the first wave must last: every wave's apply, soak and gate. */
export const windowNeeded = (n: WindowNeed): number => n.waves * (n.soakMs + n.stepMs);

/**
 * `--confirm-within D` judged against the run: at most 1 h, and long enough for every wave's
 * apply + soak + gate (a window of wave 1 stays open until the run's end). Refused up front.
 */
export function checkWindow(spec: string | undefined, need: WindowNeed): number {
  const needed = windowNeeded(need);
  if (spec === undefined) return Math.min(RUN_WINDOW_MAX_MS, Math.max(needed, 5 * 60_000));
  const ms = durationOf('--confirm-within', spec);
  if (ms > RUN_WINDOW_MAX_MS) throw argumentError('--confirm-within: a window lasts at most 1h');
  if (ms < needed)
    throw argumentError(
      `--confirm-within ${spec} cannot cover ${need.waves} wave(s) of apply + soak + gate (${Math.ceil(needed / 1000)}s needed): nothing was sent`,
    );
  return ms;
}
