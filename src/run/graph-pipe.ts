// `ping ADDRESS [options] | graph` (gping, mtr): the ping is sent once here, with `count 1`, so
// a wrong line fails at the prompt; then a pane sends it again every `interval` (features/ping/).
// The user's `interval` is the period and their `count` the total, neither sent to the router;
// every other option goes as typed. A ping changes nothing: it is sent straight to the router,
// not through the journal (not recorded, not asked about inside a confirmed-change window).
// Only a ping is graphed, `| graph` is its line's only pipe, and only in the interactive shell.
import type { RouterRequest } from '../api/router/types.js';
import type { Outcome } from '../contract/outcome.js';
import type { RunState, Services } from '../contract/services.js';
import { asRoutershError, RoutershError, usageError } from '../errors.js';
import { GRAPH_IN_SCRIPT, isPingCommand, type PipedLine } from '../lang/pipes.js';

const refused = (message: string, code: 'validation' | 'usage' = 'validation'): { outcome: Outcome } => ({
  outcome: {
    kind: 'error',
    error: code === 'usage' ? usageError(message) : new RoutershError(code, message),
  },
});

/** `interval` in seconds: what the pane allows (iputils' floor for users, `| refresh`'s ceiling). */
export const GRAPH_INTERVAL = { min: 0.2, max: 3600, default: 1 } as const;

type Values = Array<string | number>;
const single = (v: Values | undefined): number | undefined => (v?.length === 1 ? Number(v[0]) : undefined);

/** The period, the total and the request sent each time; or why the options cannot be graphed. */
export function graphPlan(
  request: RouterRequest,
): { request: RouterRequest; intervalMs: number; count?: number } | { why: string } {
  const { count, interval, ...rest } = request.options ?? {};
  const seconds = interval === undefined ? GRAPH_INTERVAL.default : single(interval);
  if (seconds === undefined || !(seconds >= GRAPH_INTERVAL.min && seconds <= GRAPH_INTERVAL.max))
    return { why: `'| graph': interval is ${GRAPH_INTERVAL.min}-${GRAPH_INTERVAL.max} seconds` };
  const total = count === undefined ? undefined : single(count);
  if (count !== undefined && (total === undefined || !Number.isInteger(total) || total < 1))
    return { why: "'| graph': count is a whole number of pings, at least 1" };
  // `count 1` spelled as the user's count was (a number unless the router takes it as text).
  const one = typeof count?.[0] === 'string' ? '1' : 1;
  return {
    request: { ...request, options: { ...rest, count: [one] } },
    intervalMs: Math.round(seconds * 1000),
    ...(total !== undefined ? { count: total } : {}),
  };
}

/** The pane `piped` asks for, or why not (one line). */
export async function graphOutcome(
  piped: PipedLine,
  state: RunState,
  services: Services,
  signal: AbortSignal,
): Promise<{ outcome: Outcome }> {
  if (!services.interactive) return refused(GRAPH_IN_SCRIPT, 'usage');
  if (piped.pipes.length > 1) return refused("'| graph' is the only pipe of its line");
  if (!isPingCommand(piped.command))
    return refused("'| graph' draws only a ping: ping ADDRESS [options] | graph");
  try {
    const res = await services.resolve(piped.command, state.context, signal, piped.scan);
    if (res.kind === 'error') {
      const e = res.error;
      const error = new RoutershError('validation', e.message, { column: e.column + 1, word: e.wordIndex });
      return {
        outcome: { kind: 'error', error, at: { column: e.column, length: e.length, wordIndex: e.wordIndex } },
      };
    }
    if (res.kind !== 'router' || res.request.method !== 'POST' || !res.request.actions?.includes('SET'))
      return refused("'| graph' draws only a ping: ping ADDRESS [options] | graph");
    const plan = graphPlan(res.request);
    if ('why' in plan) return refused(plan.why);
    const at = services.now();
    const envelope = await services.router.send(plan.request, { signal });
    const first = { text: envelope.message, at };
    return { outcome: { kind: 'pane', spec: { pane: 'ping', line: piped.command, ...plan, first } } };
  } catch (e) {
    return { outcome: { kind: 'error', error: asRoutershError(e) } };
  }
}
