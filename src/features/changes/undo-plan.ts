// Undo, shared by `undo`, `rollback`, a confirmed-change window that expires and
// `routersh undo --journal FILE`: which changes, their inverse requests (refused when the node
// has since been changed by someone else), and sending them newest first, each recorded.
import type { RouterRequest } from '../../api/router/types.js';
import { argumentError, commandFailedError } from '../../errors.js';
import { diffSnapshots, driftOf, inverseOf, sameOptions } from './journal/diff.js';
import type { Journal, JournalRouter } from './journal/journal.js';
import { NodeView } from './journal/projection.js';
import { pathKey } from '../../lang/cache.js';
import { requestText, settingText } from './journal/text.js';
import type { Change, Snapshot } from './journal/types.js';

export interface UndoEnv {
  router: JournalRouter;
  journal: Journal;
  signal: AbortSignal;
  /** Our own writes change cached metadata. */
  invalidate?: (req: RouterRequest) => void;
}

export interface UndoStep {
  change: Change;
  requests: RouterRequest[];
  notes: string[];
}

export interface UndoPlan {
  steps: UndoStep[];
  /** Changes that cannot be undone (actions, secrets) and why: said, not sent. */
  skipped: Array<{ change: Change; reason: string }>;
}

const label = (c: Change) => `#${c.seq} ${c.line}`;

/** The changes `undo [N | ID]` names, newest first. */
export function selectChanges(changes: readonly Change[], which: string | undefined): Change[] {
  const live = changes.filter((c) => c.status === 'done');
  if (which === undefined || /^\d+$/.test(which)) {
    const n = which === undefined ? 1 : Number(which);
    if (n < 1) throw argumentError('undo: N must be 1 or more');
    if (live.length === 0)
      throw commandFailedError(
        changes.length
          ? `nothing to undo: the ${changes.length} change(s) journaled were undone already or failed`
          : 'nothing to undo: no change in this session',
      );
    return live.slice(-n).reverse();
  }
  const c = changes.find((x) => x.id === which || `#${x.seq}` === which);
  if (!c) throw argumentError(`undo: no change ${which} (see changes)`);
  if (c.status !== 'done') throw commandFailedError(`undo: change ${which} is ${c.status}`);
  return [c];
}

type Reader = (c: Change) => Promise<Snapshot | undefined>;

/**
 * Reads a change's node as it is now, projected as the change was (a journal written before
 * projections has no focus: the projection then covers every entry, a superset of what such a
 * change touched). `memo`: one read per node for a whole plan.
 */
function nodeReader(env: UndoEnv, memo = false): Reader {
  const seen = new Map<string, Promise<NodeView | undefined>>();
  return async (c) => {
    const key = pathKey(c.words);
    let got = memo ? seen.get(key) : undefined;
    if (!got) {
      got = env.router
        .send({ method: 'GET', words: c.words }, { signal: env.signal })
        .then((e) => (e.nodeInfo ? new NodeView(e.nodeInfo, c.words) : undefined));
      if (memo) seen.set(key, got);
    }
    const view = await got;
    if (!view) return undefined;
    return view.project(c.focus);
  };
}

/**
 * Plans the undo of `targets` (newest first). Refused as a whole, with the reasons, when a
 * node has since been changed by someone else; a setting a newer change of the same undo
 * touched is that change's to restore, not a conflict.
 */
export async function planUndo(targets: readonly Change[], env: UndoEnv): Promise<UndoPlan> {
  // Nothing is sent while planning: one read per node serves every change of it.
  const readNode = nodeReader(env, true);
  const plan: UndoPlan = { steps: [], skipped: [] };
  const conflicts: string[] = [];
  const newer = new Set<string>();
  for (const c of targets) {
    const d = diffSnapshots(c.before, c.after);
    const touched = [...d.added, ...d.removed, ...d.changed.map((x) => x.after)].map((s) => s.id);
    let skip = new Set<string>();
    if (!c.notUndoable && c.after) {
      const now = await readNode(c).catch(() => undefined);
      if (!now) {
        conflicts.push(`${label(c)}: its node cannot be read now`);
        continue;
      }
      const drift = driftOf(c, now, settingText);
      const own = drift.conflicts.filter((x) => !newer.has(x.id)).map((x) => x.reason);
      if (own.length) conflicts.push(`${label(c)}: changed since by someone else: ${own.join('; ')}`);
      skip = drift.expired;
    }
    const inv = inverseOf(c, settingText, skip);
    if ('refused' in inv) plan.skipped.push({ change: c, reason: inv.refused });
    else plan.steps.push({ change: c, ...inv });
    for (const id of touched) newer.add(id);
  }
  if (conflicts.length) throw commandFailedError(`undo refused, nothing sent:\n${conflicts.join('\n')}`);
  return plan;
}

export function planText(plan: UndoPlan): string {
  const lines: string[] = [];
  for (const s of plan.steps) {
    lines.push(`undo ${label(s.change)}:`);
    for (const r of s.requests.slice(0, 20)) lines.push(`  ${requestText(r)}`);
    if (s.requests.length > 20) lines.push(`  … and ${s.requests.length - 20} more`);
    for (const n of s.notes.slice(0, 5)) lines.push(`  (${n})`);
    if (s.notes.length > 5)
      lines.push(`  (… ${s.notes.length - 5} more entries added again: their timeouts start over)`);
  }
  for (const s of plan.skipped) lines.push(`not undoable: ${label(s.change)}: ${s.reason}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** Sends the plan, newest change first; stops at the first refusal. Returns what it did. */
export async function runUndo(plan: UndoPlan, env: UndoEnv, by: string): Promise<string> {
  const done: string[] = [];
  for (const step of plan.steps) {
    const c = step.change;
    env.journal.markUndo(c.id, by, step.requests);
    for (const r of step.requests) {
      const answer = await env.router.send(r, { signal: env.signal });
      env.invalidate?.(r);
      if (!answer.ok) {
        const why = answer.errorStatus ?? answer.requestStatus;
        env.journal.markUndone(c.id, false, `${requestText(r)}: ${why}`);
        const before = done.length ? `\n${done.join('\n')}` : '';
        throw commandFailedError(`undo of ${label(c)} failed at '${requestText(r)}': ${why}${before}`);
      }
    }
    env.journal.markUndone(c.id, true, by);
    done.push(`undone ${label(c)}${await restoredNote(c, env)}`);
  }
  return done.length ? `${done.join('\n')}\n` : '';
}

/** Reads the node again: does it show what it showed before the change? */
async function restoredNote(c: Change, env: UndoEnv): Promise<string> {
  const now = await nodeReader(env)(c).catch(() => undefined);
  if (!now) return '';
  const d = diffSnapshots(c.before, c.after);
  const cur = new Map(now.settings.map((s) => [s.id, s]));
  const off = [
    ...d.removed.filter((s) => !cur.get(s.id) || !sameOptions(cur.get(s.id)!, s)),
    ...d.changed.map((x) => x.before).filter((s) => !cur.get(s.id) || !sameOptions(cur.get(s.id)!, s)),
    ...d.added.filter((s) => cur.has(s.id) && !d.removed.some((r) => r.slot === s.slot)),
  ];
  return off.length ? ` (not all restored: ${off.map(settingText).join(', ')})` : '';
}
