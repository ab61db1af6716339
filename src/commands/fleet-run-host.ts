// One host's part of a fleet run (session/fleet-run.ts drives the waves): open its window, send
// the run's lines inside it, judge its gate, revert or confirm it. Each host is an ordinary
// session with a file journal whose window guard is the run's one guard (never a guard per host).
import { runBatch } from './batch-loop.js';
import type { Services, WindowGuardPort } from '../contract/services.js';
import { asRoutershError, type Ending } from '../errors.js';
import { confirmNow } from '../features/changes/confirm.js';
import { revertWithRetries } from '../features/changes/window-revert.js';
import { sanitizeLine } from '../term/sanitize.js';
import { decide } from '../features/changes/window-decision.js';
import type { RunHost } from '../features/fleet/runs/run-index.js';

export interface HostSession {
  services: Services;
  close(): Promise<void>;
}

/** Runs `lines` as a script on the session; the text it printed and how it ended. */
export async function runLines(
  services: Services,
  lines: readonly string[],
  signal: AbortSignal,
): Promise<{ ending: Ending; out: string; err: string }> {
  let out = '';
  let err = '';
  const ending = await runBatch(
    lines,
    { context: [] },
    services,
    { stdout: (s) => (out += s), stderr: (s) => (err += s) },
    { json: false, keepGoing: false, unit: 'command', signal, runIo: { notify: (t) => (err += `${t}\n`) } },
  );
  return { ending, out, err };
}

export const endingWhy = (e: Ending, err: string): string | undefined =>
  e.kind === 'failed' ? (e.errors[0]?.message ?? (err.trim().split('\n').pop() || 'failed')) : undefined;

/**
 * Opens the host's window (`confirm-within`), journaled as part of run `runId`. Returns the
 * window's journal, id and deadline — written to the run index by the caller before any change.
 */
export async function openWindow(
  services: Services,
  windowMs: number,
  runId: string,
  signal: AbortSignal,
): Promise<{ journal: string; window: string; deadline: number }> {
  const r = await runLines(services, [`confirm-within ${windowMs}ms`], signal);
  const why = endingWhy(r.ending, r.err);
  if (why) throw new Error(`cannot open its confirmed-change window: ${why}`);
  const journal = await services.journal!.open();
  const w = journal.window();
  if (!w || !journal.path) throw new Error('cannot open its confirmed-change window');
  // The journal names the run: `changes` and the guard's log say whose window this is.
  journal.setWindow(w, { by: `run ${runId}`, note: `window of fleet run ${runId}` });
  return { journal: journal.path, window: w.id, deadline: w.deadline };
}

/** The guard of the run in progress in this process (one run at a time: its lines go in turn). */
let current: { pid: number; pidStart?: string } | undefined;

/**
 * The window guard port of every fleet host's session (RUN's openFleet passes it to openSession):
 * it hands out the run's one guard, never starting one of its own; outside a run it starts none,
 * so a window opened on one host outside a run is refused in a script, as without a guard.
 */
export const fleetGuardPort: WindowGuardPort = Object.freeze({
  start: () => (current ? { ...current } : undefined),
});

/** While `fn` runs, fleetGuardPort hands out `guard`. */
export async function withRunGuard<T>(
  guard: { pid: number; pidStart?: string },
  fn: () => Promise<T>,
): Promise<T> {
  current = guard;
  try {
    return await fn();
  } finally {
    current = undefined;
  }
}

/** Gate lines (`LINE | match RE`) on one host: each must succeed and print at least one line. */
export async function gateHost(
  services: Services,
  gates: readonly string[],
  signal: AbortSignal,
): Promise<string | undefined> {
  for (const gate of gates) {
    const r = await runLines(services, [gate], signal);
    const why = endingWhy(r.ending, r.err);
    if (why) return `gate '${gate}' failed: ${why}`;
    if (r.out.trim() === '') return `gate '${gate}' kept no line`;
  }
  return undefined;
}

/** `--gate-metrics EXPR`: passes when the instant query returns no series. */
export async function gateMetrics(
  services: Services,
  expression: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (!services.telemetry) return `gate-metrics: no telemetry API is configured`;
  try {
    const client = await services.telemetry.client();
    const r = await client.query({ expression }, signal);
    const n = r.data.series.length;
    return n === 0 ? undefined : `gate-metrics '${expression}' returned ${n} series`;
  } catch (e) {
    return `gate-metrics '${expression}' failed: ${asRoutershError(e).message}`;
  }
}

/**
 * Reverts the host's window, retrying while the router cannot take it. Its decision first
 * (never both this and the guard): `mine` when the caller took it already.
 */
export async function revertHost(
  s: HostSession,
  host: RunHost,
  say: (t: string) => void,
  mine = false,
): Promise<RunHost> {
  if (!host.journal || !host.window) return host;
  const by = `fleet run ${process.pid}`;
  if (!mine) {
    const d = decide(host.journal, host.window, { kind: 'revert', by });
    if (!d.won)
      return {
        ...host,
        end: d.decision.kind === 'confirmed' ? 'confirmed' : 'reverted',
        why: `settled by ${d.decision.by}`,
      };
  }
  const { cache } = s.services;
  try {
    const journal = await s.services.journal!.open();
    const r = await revertWithRetries(journal, s.services.router, host.window, {
      say: (t) => say(`${sanitizeLine(host.name)}: ${t}`),
      by,
      invalidate: (q) => cache.invalidate(q.words, { deleted: q.method === 'DELETE' }),
    });
    return r.ok ? { ...host, end: 'reverted' } : { ...host, end: 'unsettled', why: r.error.message };
  } catch (e) {
    return { ...host, end: 'unsettled', why: asRoutershError(e).message };
  }
}

/** Confirms the host's window (the run's decision to confirm was taken first). */
export async function confirmHost(s: HostSession, host: RunHost): Promise<RunHost> {
  if (!host.journal || !host.window) return host;
  try {
    await confirmNow(s.services);
    return { ...host, end: 'confirmed' };
  } catch (e) {
    // Too late: its window ended and its guard reverts it.
    return { ...host, end: 'reverted', why: asRoutershError(e).message };
  }
}
