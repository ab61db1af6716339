// The built-ins of candidate mode: `configure [private]` enters it (offering back the lines a
// routersh that is gone left staged), `discard` (and `rollback 0`) drops the staged lines, `end`
// (and `exit`/`quit` at the top, Ctrl-D) leaves it — asking commit / discard / stay when lines are
// staged — and, while it is on, `commit`, `compare` and `rollback` take its meaning and the
// built-ins that change the router at once are refused.
import type { Handler, HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import type { CandidatePort } from '../../contract/services.js';
import { commandFailedError } from '../../errors.js';
import type { BuiltinName } from '../../lang/index.js';
import { commitCandidate, compareCandidate, parseCommitArgs } from './candidate-commit.js';

const text = (t: string, json: unknown): Outcome => ({ kind: 'text', text: t ? `${t}\n` : '', json });
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The candidate when the session is in candidate mode. */
export const activeCandidate = (env: HandlerEnv): CandidatePort | undefined =>
  env.services.candidate?.lines() !== undefined ? env.services.candidate : undefined;

const clock = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** Lines a routersh that is gone left staged: asked on a terminal, said in a script. */
async function offerLeftOver(port: CandidatePort, env: HandlerEnv): Promise<string[]> {
  const left = port.leftOver();
  if (!left) return [];
  const n = plural(left.lines.length, 'staged line');
  if (!env.io.ask)
    return [
      `${n} from ${clock(left.at)} were not committed (left by a routersh that is gone): configure in a shell offers them`,
    ];
  if (!(await env.io.ask(`${n} from ${clock(left.at)} were not committed: load them?`, env.signal))) {
    port.dropLeftOver();
    return [`dropped ${n} from ${clock(left.at)}`];
  }
  port.dropLeftOver();
  const out: string[] = [];
  let loaded = 0;
  for (const l of left.lines) {
    // Its secret value was never written down: it has to be typed again.
    if (l.secret) {
      out.push(`not loaded (it holds a secret, never kept on disk; type it again): ${l.line}`);
      continue;
    }
    const o = await port.stage({ line: l.line, context: l.context }, env, env.signal);
    if (o.kind === 'error') out.push(`not loaded: ${l.line}: ${o.error.message}`);
    else loaded++;
  }
  out.unshift(`loaded ${plural(loaded, 'staged line')}`);
  return out;
}

export const configure: Handler<'configure'> = async ({ args }, env) => {
  if (args.length > 1 || (args[0] !== undefined && args[0] !== 'private'))
    throw commandFailedError('configure takes nothing, or private');
  const port = env.services.candidate;
  if (!port) throw commandFailedError('this session has no candidate mode');
  const staged = port.lines();
  if (staged !== undefined)
    return text(`already in candidate mode (${plural(staged.length, 'staged line')})`, {
      staged: staged.length,
    });
  port.enter();
  // As Junos says who else is editing: their lines are theirs, committed from their shell.
  const busy = port
    .elsewhere()
    .map(
      (o) =>
        `another routersh (pid ${o.pid}) has ${plural(o.staged, 'line')} staged for this router: its own, not in this candidate`,
    );
  const said = [...busy, ...(await offerLeftOver(port, env))];
  const n = port.lines()?.length ?? 0;
  return text(
    [
      ...said,
      'candidate mode: changes are staged, not sent',
      'commit sends them at once, discard drops them, end leaves',
    ].join('\n'),
    { candidate: true, staged: n },
  );
};

export const discard: Handler<'discard'> = (_call, env) => {
  const port = activeCandidate(env);
  if (!port) throw commandFailedError('not in candidate mode: nothing is staged (configure enters it)');
  const n = port.lines()?.length ?? 0;
  port.clear();
  return text(`discarded ${plural(n, 'staged line')}`, { discarded: n });
};

/** Leaving candidate mode: with lines staged, commit / discard / stay (a script must say which first). */
export async function leaveCandidate(port: CandidatePort, env: HandlerEnv): Promise<Outcome> {
  const n = port.lines()?.length ?? 0;
  if (n === 0) {
    port.leave();
    return text('left candidate mode', { candidate: false });
  }
  if (!env.io.choose) throw commandFailedError(`${plural(n, 'line')} staged: commit or discard first`);
  const answer = await env.io.choose(
    `${plural(n, 'line')} staged: c commit · d discard · s stay in candidate mode [c/d/S]`,
    ['c', 'd', 's'],
    's',
  );
  if (answer === 'd') {
    port.leave();
    return text(`discarded ${plural(n, 'staged line')}; left candidate mode`, {
      discarded: n,
      candidate: false,
    });
  }
  if (answer !== 'c') return text(`still in candidate mode (${plural(n, 'staged line')})`, { staged: n });
  const o = await commitCandidate(port, { check: false }, env);
  if (o.kind !== 'text' || o.failure) return o;
  port.leave();
  return { ...o, text: `${o.text}left candidate mode\n` };
}

export const end: Handler<'end'> = (_call, env) => {
  const port = activeCandidate(env);
  if (!port)
    throw commandFailedError(
      "not in candidate mode: nothing to end ('top' leaves a context, 'exit' the shell)",
    );
  return leaveCandidate(port, env);
};

/** `commit …` in candidate mode; undefined outside it (the window's commit). */
export function candidateCommit(args: readonly string[], env: HandlerEnv): Promise<Outcome> | undefined {
  const port = activeCandidate(env);
  if (!port) {
    if (args[0] === 'check' || args[0] === 'comment')
      throw commandFailedError(`commit ${args[0]}: only in candidate mode (configure enters it)`);
    return undefined;
  }
  return commitCandidate(port, parseCommitArgs(args), env);
}

/** `compare` alone in candidate mode: the staged lines against the live configuration. */
export function candidateCompare(env: HandlerEnv): Promise<Outcome> | undefined {
  const port = activeCandidate(env);
  return port && compareCandidate(port, env);
}

/** `rollback N` in candidate mode: 0 drops the staged lines, any other would send at once. */
export function candidateRollback(args: readonly string[], env: HandlerEnv): Outcome | undefined {
  const port = activeCandidate(env);
  if (!port) return undefined;
  if (args.length === 1 && /^0+$/.test(args[0]!)) {
    const n = port.lines()?.length ?? 0;
    port.clear();
    return text(`discarded ${plural(n, 'staged line')}`, { discarded: n });
  }
  if (args[0] === 'checkpoint')
    throw commandFailedError(
      'rollback checkpoint changes the router at once: in candidate mode, commit or discard first',
    );
  throw commandFailedError(
    'rollback N would send at once: in candidate mode rollback 0 (or discard) drops the staged lines — commit or discard first',
  );
}

/** `exit`/`quit` at the top in candidate mode leave candidate mode, not the shell. */
export function candidateExit(context: readonly string[], env: HandlerEnv): Promise<Outcome> | undefined {
  const port = activeCandidate(env);
  return port && context.length === 0 ? leaveCandidate(port, env) : undefined;
}

/** Built-ins that change the router at once: refused in candidate mode. */
const AT_ONCE: Partial<Record<BuiltinName, (args: readonly string[]) => boolean>> = {
  undo: () => true,
  'confirm-within': () => true,
  'match-list': (args) => args[0] === 'import' || args[0] === 'sync',
  config: (args) => args[0] === 'load' && !args.includes('--dry-run'),
};

/** Why `name` may not run now (candidate mode), or undefined. */
export function refusedInCandidate(
  name: BuiltinName,
  args: readonly string[],
  env: HandlerEnv,
): string | undefined {
  const n = env.services.candidate?.lines()?.length;
  if (n === undefined || !AT_ONCE[name]?.(args)) return undefined;
  const what = name === 'match-list' || name === 'config' ? `${name} ${args[0]}` : name;
  return `${what} changes the router at once: in candidate mode, commit or discard first`;
}
