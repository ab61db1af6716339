// The edge of a check: fetch what its probe names from the trainee's router or telemetry, and
// the step's verdicts (contract CheckVerdict) with the waits and retries its read checks ask
// for. A read line is resolved by THE resolver on the router's own tree (from the top, not the
// trainee's context) and runs only when it is a show or a node read: a lesson's check never
// changes the router, whatever the file says.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckVerdict } from '../../contract/class.js';
import type { Services } from '../../contract/services.js';
import { notConfiguredError } from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { probeOf, type Seen, type Verdict, verdictOf } from './evaluate.js';
import type { Check, Step } from './types.js';

const HOUR_MS = 3_600_000;
/** Between two probes of a check that waits (`wait D` alone, or `retries N` alone). */
export const REPROBE_MS = 1000;

export type Deps = Pick<Services, 'resolve' | 'router' | 'telemetry'>;
export type LineOf = () => Promise<string | undefined>;

async function readAnswer(deps: Deps, line: string, signal: AbortSignal): Promise<Seen> {
  const r = await deps.resolve(line, [], signal);
  if (r.kind !== 'router') {
    const why = r.kind === 'error' ? r.error.message : 'it is not a router read';
    return { kind: 'failed', reason: `cannot run '${line}': ${why}` };
  }
  const { method, actions } = r.request;
  const read = method === 'GET' || (actions?.length === 1 && actions[0] === 'SHOW');
  if (!read) return { kind: 'failed', reason: `'${line}' would change the router: a check only reads` };
  const env = await deps.router.send(r.request, { signal });
  if (!env.ok) return { kind: 'failed', reason: `'${line}': ${env.message.trim() || env.requestStatus}` };
  return { kind: 'answer', answer: env.raw };
}

export function makeProbe(deps: Deps, now: () => number) {
  return async (c: Check, line: LineOf, signal: AbortSignal): Promise<Seen> => {
    const p = probeOf(c);
    try {
      switch (p.kind) {
        case 'line':
          return { kind: 'line', line: await line() };
        case 'read':
          return await readAnswer(deps, p.line, signal);
        case 'node': {
          const env = await deps.router.send({ method: 'GET', words: p.words }, { signal });
          return env.nodeInfo
            ? { kind: 'node', info: env.nodeInfo }
            : { kind: 'failed', reason: 'no metadata' };
        }
        case 'metrics': {
          if (!deps.telemetry) throw notConfiguredError('no telemetry API');
          const r = await (await deps.telemetry.client()).query({ expression: p.query }, signal);
          return { kind: 'count', count: r.data.series.length };
        }
        case 'logs': {
          if (!deps.telemetry) throw notConfiguredError('no telemetry API');
          const end = now();
          const r = await (await deps.telemetry.client()).logsSearch(
            { query: p.query, start: end - HOUR_MS, end, limit: 1 },
            signal,
          );
          return { kind: 'count', count: r.data.length };
        }
      }
    } catch (e) {
      return { kind: 'failed', reason: (e as Error).message };
    }
  };
}

export type Probe = ReturnType<typeof makeProbe>;

const levelOf = (c: Check) => (c.kind === 'read' ? c.level : 'error');
const waits = (c: Check) => c.kind === 'read' && (c.waitMs !== undefined || c.retries !== undefined);

/** Probes a check that waits again until it holds, its wait passes or its retries are spent. */
async function reprobe(c: Check, first: Verdict, probe: () => Promise<Verdict>, signal: AbortSignal) {
  if (c.kind !== 'read') return first;
  const start = Date.now();
  const every = c.waitMs !== undefined && c.retries ? c.waitMs / c.retries : REPROBE_MS;
  let left = c.retries ?? Number.POSITIVE_INFINITY;
  let v = first;
  while (!v.ok && left-- > 0 && (c.waitMs === undefined || Date.now() - start < c.waitMs)) {
    try {
      await sleep(every, undefined, { signal });
    } catch {
      return v; // cancelled: the verdict so far
    }
    v = await probe();
  }
  return v;
}

/**
 * The check as a verdict names it: the file's words, sanitized. Not passed through the secret
 * rule: it is the lesson author's text, not a trainee's line (the rule, blind to the tree, masks
 * `token-expiration = 3600` and mangles a `ran` regex), and `learn --validate` shows it as is.
 */
const writtenOf = (written: string | undefined, c: Check): string => sanitizeLine(written ?? c.kind);

/**
 * Every check of a step once; then, when what still fails is only checks that wait, those again
 * as they ask (a trainee is kept waiting only when the rest of the step is done).
 */
export async function stepVerdicts(
  step: Step,
  probe: Probe,
  line: LineOf,
  signal: AbortSignal,
): Promise<CheckVerdict[]> {
  const once = (c: Check) => probe(c, line, signal).then((seen) => verdictOf(c, seen));
  // At once: a step's probes are independent reads, and the answer is waited for (the board).
  const first = await Promise.all(step.checks.map(once));
  const blocking = step.checks.filter((c, i) => !first[i]?.ok && levelOf(c) === 'error');
  const final =
    blocking.length && blocking.every(waits)
      ? await Promise.all(
          step.checks.map((c, i) => (waits(c) ? reprobe(c, first[i]!, () => once(c), signal) : first[i]!)),
        )
      : first;
  return step.checks.map((c, i) => {
    const v = final[i] as Verdict;
    const message = v.ok ? undefined : c.kind === 'read' && c.message !== undefined ? c.message : v.why;
    return {
      check: writtenOf(step.written[i], c),
      ok: v.ok,
      level: levelOf(c),
      ...(message !== undefined ? { message: sanitizeLine(message) } : {}),
    };
  });
}

/** Whether the step passed: every error-level check holds (warnings only inform). */
export const passes = (verdicts: readonly CheckVerdict[]): boolean =>
  verdicts.every((v) => v.ok || v.level === 'warning');
