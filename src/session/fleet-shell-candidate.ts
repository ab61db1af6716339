// The fleet shell's candidate mode: `configure` stages change lines, `commit` sends them as one
// run (each host's a transaction), `compare`/`discard`/`end` as in one router's candidate mode.
import type { Resolution } from '../lang/types.js';
import { isChange } from '../api/router/is-change.js';
import type { CandidatePort, RunIo } from '../contract/services.js';
import { commandFailedError, usageError } from '../errors.js';
import {
  candidateBuiltin,
  commitScript,
  type FleetStaged,
  stagedText,
} from '../features/fleet/shell/fleet-candidate.js';
import { error, type Piped, plural, text } from './fleet-shell-answers.js';
import { type RunsState, runAcross } from './fleet-shell-runs.js';

export async function inCandidate(
  st: RunsState,
  staged: FleetStaged[],
  r: Resolution,
  line: string,
  context: string[],
  signal: AbortSignal,
  io: RunIo,
): Promise<Piped | undefined> {
  if (r.kind === 'router') {
    if (!isChange(r.request)) return undefined;
    staged.push({ line, context: [...context] });
    return text(`staged (${staged.length}): sent to ${plural(st.selected.length, 'host')} by commit\n`);
  }
  // A line no host accepts is refused as outside: nothing is staged for it.
  if (r.kind !== 'builtin') return undefined;
  const leaving = (r.name === 'exit' || r.name === 'quit') && context.length === 0;
  const b = leaving ? ({ kind: 'end' } as const) : candidateBuiltin(r.name, r.args);
  switch (b.kind) {
    case 'as-outside':
      return undefined;
    case 'refused':
      return error(usageError(b.message));
    case 'configure':
      return text(`already in candidate mode (${plural(staged.length, 'staged line')})\n`);
    case 'compare':
      return text(stagedText(staged, st.selected.length), staged);
    case 'discard':
      st.staged = [];
      return text(`discarded ${plural(staged.length, 'staged line')}\n`);
    case 'commit':
      return commitStaged(st, staged, b.comment, signal, io);
    case 'end':
      return endCandidate(st, staged, signal, io);
  }
}

/** `configure`: the fleet's candidate mode (lines staged here, sent by `commit` as one run). */
export function enterCandidate(st: RunsState, args: readonly string[]): Piped {
  if (args.length > 1 || (args[0] !== undefined && args[0] !== 'private'))
    return error(usageError('configure takes nothing, or private'));
  st.staged = [];
  return text(
    `candidate mode on ${plural(st.selected.length, 'host')}: changes are staged, not sent\ncommit sends them as one run (each host's a transaction), discard drops them, end leaves\n`,
  );
}

/** `commit`: the staged lines as one run; kept staged when the run changed no host in the end. */
export async function commitStaged(
  st: RunsState,
  staged: FleetStaged[],
  comment: string | undefined,
  signal: AbortSignal,
  io: RunIo,
): Promise<Piped> {
  if (staged.length === 0) return text('nothing staged: nothing sent\n');
  const r = await runAcross(
    st,
    commitScript(staged, comment),
    `commit ${plural(staged.length, 'staged line')}`,
    signal,
    io,
  );
  const failed = r.outcome.kind === 'error' || (r.outcome.kind === 'text' && r.outcome.failure !== undefined);
  if (!failed && st.staged === staged) st.staged = [];
  return r;
}

/** `end` (`exit` at the top, Ctrl-D): with lines staged, commit / discard / stay. */
export async function endCandidate(
  st: RunsState,
  staged: FleetStaged[],
  signal: AbortSignal,
  io: RunIo,
): Promise<Piped> {
  const n = staged.length;
  if (n === 0) {
    st.staged = undefined;
    return text('left candidate mode\n');
  }
  if (!io.choose) return error(commandFailedError(`${plural(n, 'line')} staged: commit or discard first`));
  const answer = await io.choose(
    `${plural(n, 'line')} staged: c commit · d discard · s stay in candidate mode [c/d/S]`,
    ['c', 'd', 's'],
    's',
  );
  if (answer === 'd') {
    st.staged = undefined;
    return text(`discarded ${plural(n, 'staged line')}; left candidate mode\n`);
  }
  if (answer !== 'c') return text(`still in candidate mode (${plural(n, 'staged line')})\n`);
  const r = await commitStaged(st, staged, undefined, signal, io);
  if (st.staged?.length === 0) st.staged = undefined;
  return r;
}

/**
 * The fleet's candidate mode as the Ink shell reads it (the prompt's count, Ctrl-D's `end`);
 * its lines are staged by the fleet shell itself, never by the one-router candidate code.
 */
export function fleetCandidatePort(st: RunsState): CandidatePort {
  const refuse = () => {
    throw commandFailedError("the fleet's candidate mode stages lines itself");
  };
  return Object.freeze({
    lines: () => st.staged?.map((s) => ({ line: s.line, context: [...s.context], at: 0 })),
    enter: () => {
      st.staged ??= [];
    },
    add: refuse,
    clear: () => {
      if (st.staged) st.staged = [];
    },
    leave: () => {
      st.staged = undefined;
    },
    leftOver: () => undefined,
    dropLeftOver: () => {},
    elsewhere: () => [],
    stage: async () => ({
      kind: 'error',
      error: commandFailedError("the fleet's candidate mode stages lines itself"),
    }),
  } satisfies CandidatePort);
}
