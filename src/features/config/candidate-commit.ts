// `commit check`, `commit [confirmed N] [comment TEXT]` and `compare` in candidate mode. Every
// staged line is checked again (the dry-run rules on the live metadata as it is now), each node
// it touches is read once, and the plan is printed: its `-`/`+` lines, the staged lines whose
// node someone else changed since, and what could not be reverted. `commit check` stops there;
// `commit` sends the plan as one transaction (joining an open confirmed-change window, or in a
// new one with `confirmed N`) and, once it is committed, the staged lines are gone.
import type { StagedLine } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import type { CandidatePort } from '../../contract/services.js';
import { commandFailedError } from '../../errors.js';
import { Overlay } from '../../lang/overlay.js';
import { dryRunLine } from '../changes/dry-run.js';
import { type CandidatePlan, emptyPlan, planCandidate } from './candidate-plan.js';
import { sendTransaction } from './candidate-tx.js';

export interface CommitArgs {
  check: boolean;
  minutes?: number;
  comment?: string;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** `commit` as typed after it: `check`, `confirmed N`, `comment TEXT` (confirmed and comment together too). */
export function parseCommitArgs(args: readonly string[]): CommitArgs {
  const out: CommitArgs = { check: false };
  const bad = () => commandFailedError('commit takes nothing, check, confirmed N (minutes), or comment TEXT');
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === 'check' && args.length === 1) out.check = true;
    else if (a === 'confirmed' && out.minutes === undefined) {
      const n = args[i + 1];
      if (n !== undefined && !/^\d+$/.test(n)) throw bad();
      out.minutes = Number(n ?? 10);
      if (n !== undefined) i++;
      if (out.minutes < 1) throw commandFailedError('commit confirmed: N must be 1 or more minutes');
    } else if (a === 'comment' && i + 1 < args.length) {
      out.comment = args.slice(i + 1).join(' ');
      break;
    } else throw bad();
  }
  return out;
}

/**
 * Each staged line checked again with the dry-run rules, in order: why each cannot be sent, and
 * the lines to plan (one staged as typed whose node exists by now is planned as checked).
 */
async function recheck(
  lines: readonly StagedLine[],
  env: HandlerEnv,
): Promise<{ problems: string[]; lines: StagedLine[] }> {
  const overlay = new Overlay();
  const problems: string[] = [];
  const out: StagedLine[] = [];
  for (const [i, l] of lines.entries()) {
    const where = `staged line ${i + 1} (${l.line})`;
    out.push(l);
    if (!l.request) {
      problems.push(`${where}: kept without its request by an older routersh: stage it again`);
      continue;
    }
    // A secret's value is not in the kept line: its request, checked when staged, stands.
    if (l.secret) continue;
    const d = await dryRunLine(l.line, {
      state: { context: [...l.context] },
      services: env.services,
      overlay,
      signal: env.signal,
    });
    if (d.status === 'invalid') problems.push(`${where}: ${d.error?.message ?? 'invalid'}`);
    else if (l.asTyped && d.status === 'ok' && d.request) {
      const { asTyped: _, unchecked: __, ...checkedLine } = l;
      out[i] = { ...checkedLine, request: d.request };
    }
  }
  return { problems, lines: out };
}

function planText(plan: CandidatePlan, lines: readonly StagedLine[]): string {
  const out = [...plan.diff];
  for (const d of plan.drift) out.push(`! changed by someone else: ${d}`);
  for (const u of plan.unrevertable) out.push(`! not revertible: ${u}`);
  for (const u of plan.unchanged) out.push(`= already so on the router, not sent: ${u}`);
  for (const l of lines) if (l.unchecked && l.request) out.push(`! unchecked: ${l.line}: ${l.unchecked}`);
  return out.length ? `${out.join('\n')}\n` : '';
}

const planJson = (plan: CandidatePlan) => ({
  diff: plan.diff,
  requests: plan.steps.map((s) => s.request),
  drift: plan.drift,
  unrevertable: plan.unrevertable,
  unchanged: plan.unchanged,
});

/** The staged lines, checked and planned; a failure outcome when a line cannot be sent. */
async function checked(
  port: CandidatePort,
  env: HandlerEnv,
): Promise<{ lines: readonly StagedLine[]; plan: CandidatePlan; text: string; problems: string[] }> {
  // Checked on the metadata as it is now, not as it was cached when the lines were typed.
  env.services.cache.clear();
  const { problems, lines } = await recheck(port.lines() ?? [], env);
  const plan = problems.length ? emptyPlan() : await planCandidate(lines, env.services, env.signal);
  return { lines, plan, text: planText(plan, lines), problems };
}

/** `compare` in candidate mode: the staged lines against the live configuration. */
export async function compareCandidate(port: CandidatePort, env: HandlerEnv): Promise<Outcome> {
  const lines = port.lines() ?? [];
  if (lines.length === 0) return { kind: 'text', text: 'nothing staged\n', json: { diff: [] } };
  const { plan, text } = await checked(port, env);
  return { kind: 'text', text, json: planJson(plan), diff: true };
}

export async function commitCandidate(port: CandidatePort, a: CommitArgs, env: HandlerEnv): Promise<Outcome> {
  const lines = port.lines() ?? [];
  if (lines.length === 0)
    return {
      kind: 'text',
      text: a.check ? 'commit check: nothing staged\n' : 'nothing staged: nothing sent\n',
      json: { staged: 0, sent: 0 },
    };
  const { plan, text, problems } = await checked(port, env);
  if (problems.length)
    return {
      kind: 'text',
      text: `${text}${problems.join('\n')}\n`,
      json: { check: 'failed', problems, ...planJson(plan) },
      diff: true,
      failure: commandFailedError(
        `${a.check ? 'commit check' : 'commit'}: ${plural(problems.length, 'staged line')} cannot be sent; nothing sent`,
      ),
    };
  const summary = `${plural(lines.length, 'staged line')}, ${plural(plan.steps.length, 'request')}`;
  if (a.check)
    return {
      kind: 'text',
      text: `${text}commit check: ${summary}: ok (nothing sent)\n`,
      json: { check: 'ok', ...planJson(plan) },
      diff: true,
    };
  if (plan.steps.length === 0) {
    port.clear();
    return {
      kind: 'text',
      text: `${text}commit: the router shows every staged line done already: nothing sent\n`,
      json: { sent: 0, ...planJson(plan) },
      diff: true,
    };
  }
  const open = (await env.services.journal?.open())?.window();
  if (open && a.minutes !== undefined)
    throw commandFailedError(
      'a confirmed-change window is open: commit confirmed is refused until it is settled (commit alone joins it)',
    );
  if (plan.drift.length) await mayCommitDrift(text, env);
  const result = await sendTransaction(
    {
      line: ['commit', ...(a.minutes !== undefined ? ['confirmed', String(a.minutes)] : [])].join(' '),
      ...(a.comment !== undefined ? { comment: a.comment } : {}),
      steps: plan.steps,
      before: plan.before,
      ...(a.minutes !== undefined
        ? { window: { minutes: a.minutes } }
        : open
          ? { window: 'join' as const }
          : {}),
    },
    env,
  );
  for (const s of plan.steps)
    env.services.cache.invalidate(s.request.words, { deleted: s.request.method === 'DELETE' });
  const json = { transaction: result.id, state: result.state, sent: result.sent, ...planJson(plan) };
  if (result.state !== 'committed') {
    const why = result.note ? `: ${result.note}` : '';
    return {
      kind: 'text',
      text,
      json,
      diff: true,
      failure: commandFailedError(
        `commit ${result.state}${why} (transaction ${result.id}); the staged lines are kept`,
      ),
    };
  }
  port.clear();
  const where =
    a.minutes !== undefined
      ? `, inside a ${a.minutes}-minute window (confirm keeps it)`
      : open
        ? ', inside the open window'
        : '';
  return {
    kind: 'text',
    text: `${text}commit complete: ${summary} sent${where} (transaction ${result.id})\n`,
    json,
    diff: true,
  };
}

/** A plan with someone else's changes in it: asked on a terminal; a script needs --yes. */
async function mayCommitDrift(text: string, env: HandlerEnv): Promise<void> {
  if (env.io.ask) {
    if (
      await env.io.ask(`${text}someone else changed a node since it was staged: commit anyway?`, env.signal)
    )
      return;
    throw commandFailedError('commit cancelled: nothing sent, the staged lines are kept');
  }
  if (!env.services.yes)
    throw commandFailedError(
      `${text}someone else changed a node since it was staged: not committed (--yes commits anyway)`,
    );
}
