// Undo, shared by `undo`, `rollback`, a confirmed-change window that expires and
// `routersh undo --journal FILE`: which changes, their inverse requests (refused when the node
// has since been changed by someone else), and sending them newest first, each recorded.
import { getMaxListeners, setMaxListeners } from 'node:events';
import type { RouterRequest } from '../../api/router/types.js';
import {
  argumentError,
  asRoutershError,
  commandFailedError,
  isConnectFailure,
  isRoutershError,
  RoutershError,
  routerRefused,
} from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { diffSnapshots, driftOf, inverseOf, restoredOf, sameOptions } from './journal/diff.js';
import type { Journal, JournalRouter } from './journal/journal.js';
import { NodeView } from './journal/projection.js';
import { pathKey } from '../../lang/cache.js';
import { requestText, settingText, wireText } from './journal/text.js';
import { inconsistency } from './undo-consistency.js';
import { UNDO_CONCURRENCY, undoWaves } from './undo-lanes.js';
import type { Change, Snapshot } from '../../contract/journal.js';

export interface UndoEnv {
  /** `apiRoot`: the path requests start with (`/api`, `/prefix/api-oauth`), as the plan shows them. */
  router: JournalRouter & { readonly apiRoot?: string | undefined };
  journal: Journal;
  signal: AbortSignal;
  /** Our own writes change cached metadata. */
  invalidate?: (req: RouterRequest) => void;
}

export interface UndoStep {
  change: Change;
  requests: RouterRequest[];
  /** Each request's lane (undo-lanes.ts); absent: one at a time, in order. */
  lanes?: string[];
  notes: string[];
}

export interface UndoPlan {
  steps: UndoStep[];
  /** Changes that cannot be undone (actions, secrets) and why: said, not sent. */
  skipped: Array<{ change: Change; reason: string }>;
  /** The path requests start with, as planText shows them (default `/api`). */
  root?: string;
}

/** A change as the user knows it: its number and line (journal text: made safe to print). */
const label = (c: Change) => `#${c.seq} ${sanitizeLine(c.line)}`;

/** Why a change is passed over, one line. */
const notUndoableText = (c: Change) => `${label(c)} is not undoable: ${sanitizeLine(c.notUndoable ?? '')}`;

/**
 * The changes `undo [N | ID]` names, newest first: the last N changes that can be undone (an
 * action such as `ping` or `create-token`, or a secret, never blocks undo), with the ones
 * passed over on the way, which the plan lists as skipped. ID: that change, which must be undoable.
 */
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
    const out: Change[] = [];
    let taken = 0;
    for (let i = live.length - 1; i >= 0 && taken < n; i--) {
      out.push(live[i]!);
      if (!live[i]!.notUndoable) taken++;
    }
    if (taken === 0) {
      const shown = out.slice(0, 5).map(notUndoableText);
      if (out.length > 5) shown.push(`and ${out.length - 5} more`);
      throw commandFailedError(`nothing to undo: ${shown.join('; ')}`);
    }
    return out;
  }
  const c = changes.find((x) => x.id === which || `#${x.seq}` === which);
  if (!c) throw argumentError(`undo: no change ${sanitizeLine(which)} (see changes)`);
  if (c.status !== 'done') throw commandFailedError(`undo: change ${sanitizeLine(which)} is ${c.status}`);
  if (c.notUndoable) throw commandFailedError(`undo: ${notUndoableText(c)}`);
  return [c];
}

const AGAIN_UNDER = 'already re-created: what lay under it is set again as recorded';
const PART_WAY = 'an earlier undo of it stopped part-way: only what is not yet restored is sent';
const ALREADY_WHILE = 'the router refused its revert as already done: the node shows what it showed before';

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

/** A failure of the connection or the login is said as such, not as a node that cannot be read. */
const sayAsIs = (e: unknown): boolean =>
  isRoutershError(e) &&
  (isConnectFailure(e) ||
    e.code === 'config' ||
    e.code === 'cancelled' ||
    // The router is overloaded or garbled its answer: said as such (a confirmed window's revert retries it).
    e.code === 'protocol' ||
    (e.code === 'rejected' && typeof e.details['status'] === 'number' && e.details['status'] >= 500));

/**
 * Plans the undo of `targets` (newest first). Refused as a whole, sending nothing (not even a
 * read), when a change is not what its line says (inconsistency); refused as a whole, with the
 * reasons, when a node has since been changed by someone else; a setting a newer change of the
 * same undo touched is that change's to restore, not a conflict.
 */
export async function planUndo(targets: readonly Change[], env: UndoEnv): Promise<UndoPlan> {
  const root = env.router.apiRoot ?? '/api';
  const file = env.journal.path ?? 'the journal';
  const wrong = targets
    .filter((c) => !c.notUndoable && c.status !== 'undone')
    .map((c) => inconsistency(c, file, root))
    .filter((x): x is string => x !== undefined);
  if (wrong.length)
    throw commandFailedError(
      targets.length > 1 ? `${wrong.join('\n')}\nundo refused, nothing sent` : wrong[0]!,
    );
  // Nothing is sent while planning: one read per node serves every change of it.
  const readNode = nodeReader(env, true);
  const plan: UndoPlan = { steps: [], skipped: [], root };
  const conflicts: string[] = [];
  const newer = new Set<string>();
  for (const c of targets) {
    const d = diffSnapshots(c.before, c.after);
    const touched = [...d.added, ...d.removed, ...d.changed.map((x) => x.after)].map((s) => s.id);
    let skip = new Set<string>();
    if (!c.notUndoable && c.after) {
      let why = '';
      const now = await readNode(c).catch((e: unknown) => {
        if (sayAsIs(e)) throw e;
        why = isRoutershError(e) ? ` (${e.message})` : '';
        return undefined;
      });
      if (!now) {
        conflicts.push(`${label(c)}: its node cannot be read now${sanitizeLine(why)}`);
        continue;
      }
      const drift = driftOf(c, now, settingText);
      const own = drift.conflicts.filter((x) => !newer.has(x.id)).map((x) => x.reason);
      if (own.length && alreadyBefore(c, now)) {
        // The node shows what it showed before the change: an earlier attempt's request reached
        // the router (a revert retried after a timeout), or someone reverted it. Nothing to send.
        // A node it deleted shows again, but the read shows one level: what lay under it is set
        // again as recorded (harmless if there already).
        const inv = inverseOf(c, settingText, new Set(touched));
        const { requests, lanes } = 'refused' in inv ? { requests: [], lanes: [] } : inv;
        const note = requests.length ? AGAIN_UNDER : 'already as before the change: nothing sent';
        plan.steps.push({ change: c, requests, lanes, notes: [note] });
        for (const id of touched) newer.add(id);
        continue;
      }
      const restored = own.length && c.undoBegun ? restoredOf(c, now) : undefined;
      if (restored) {
        // An earlier undo stopped part-way (a request failed, routersh was killed): send the rest.
        const inv = inverseOf(c, settingText, new Set([...drift.expired, ...restored]));
        if ('refused' in inv) plan.skipped.push({ change: c, reason: inv.refused });
        else
          plan.steps.push({
            change: c,
            requests: inv.requests,
            lanes: inv.lanes,
            notes: [PART_WAY, ...inv.notes],
          });
        for (const id of touched) newer.add(id);
        continue;
      }
      if (own.length)
        conflicts.push(`${label(c)}: changed since by someone else: ${sanitizeLine(own.join('; '))}`);
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

/** Whether `now` shows, on all the change touched, what the node showed before it. */
function alreadyBefore(c: Change, now: Snapshot): boolean {
  if (!c.before || !c.after) return false;
  const d = driftOf({ ...c, before: c.after, after: c.before }, now, settingText);
  return d.conflicts.length === 0 && d.expired.size === 0;
}

/** One line per change the undo passes over, and why. */
export function skippedText(s: UndoPlan['skipped'][number]): string {
  const why = s.change.notUndoable ? `not undoable: ${s.reason}` : `cannot be undone: ${s.reason}`;
  return `skipped ${label(s.change)}: ${sanitizeLine(why)}`;
}

/**
 * The plan as the user is asked about it: each change's line and, beside it, every request it
 * will send exactly as it goes on the wire (`METHOD /api/path {body}`), then the changes it
 * passes over, one line each. Journal text is sanitized here: the plan is a question on a terminal.
 */
export function planText(plan: UndoPlan): string {
  const lines: string[] = [];
  const root = plan.root ?? '/api';
  for (const s of plan.steps) {
    lines.push(`undo ${label(s.change)}:`);
    for (const r of s.requests.slice(0, 20)) lines.push(`  ${wireText(r, root)}`);
    if (s.requests.length > 20) lines.push(`  … and ${s.requests.length - 20} more`);
    for (const n of s.notes.slice(0, 5)) lines.push(`  (${sanitizeLine(n)})`);
    if (s.notes.length > 5)
      lines.push(`  (… ${s.notes.length - 5} more entries added again: their timeouts start over)`);
  }
  for (const s of plan.skipped) lines.push(skippedText(s));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * Sends the plan, newest change first; a change's requests by its lanes (undo-lanes.ts), up to
 * UNDO_CONCURRENCY at once. Stops at the first refusal or lost answer: nothing more is started,
 * what is in flight is awaited, and the change is journaled as stopped part-way (the next undo
 * reads the node and sends only what is not yet restored). Returns what it did.
 */
export async function runUndo(plan: UndoPlan, env: UndoEnv, by: string): Promise<string> {
  const done: string[] = [];
  // Each request in flight listens on the one signal: raise Node's leak warning bound to match.
  if (getMaxListeners(env.signal) < UNDO_CONCURRENCY + 10) setMaxListeners(UNDO_CONCURRENCY + 10, env.signal);
  for (const step of plan.steps) {
    const c = step.change;
    env.journal.markUndo(c.id, by, step.requests);
    /**
     * The first request that failed: what the journal says, the error (given what was undone
     * before), and whether the router refused it (it answered: not a lost or garbled answer).
     */
    let stop: { journal: string; error: (before: string) => RoutershError; refused: boolean } | undefined;
    const sendOne = async (r: RouterRequest) => {
      const answer = await env.router.send(r, { signal: env.signal }).catch((e: unknown) => {
        // No answer (a reset, a timeout, a garbled one): whether it took is unknown; the next undo reads the node.
        const err = asRoutershError(e);
        const lost = isConnectFailure(err) || err.code === 'protocol';
        const message = `undo of ${label(c)} stopped at '${wireText(r, plan.root)}': ${sanitizeLine(err.message)}`;
        stop ??= {
          journal: `${requestText(r)}: ${lost ? 'no answer: ' : ''}${err.message}`,
          // The code stays (a window's revert retries by it).
          error: (before) => new RoutershError(err.code, message + before, err.details),
          // A 5xx is the router overloaded, not its answer to this request (sayAsIs).
          refused: routerRefused(err) && !sayAsIs(err),
        };
        return undefined;
      });
      if (!answer) return;
      env.invalidate?.(r);
      if (!answer.ok) {
        const why = answer.errorStatus ?? answer.requestStatus;
        stop ??= {
          journal: `${requestText(r)}: ${why}`,
          error: (before) =>
            commandFailedError(
              `undo of ${label(c)} failed at '${wireText(r, plan.root)}': ${sanitizeLine(why)}${before}`,
            ),
          refused: true,
        };
      }
    };
    for (const wave of undoWaves(step.requests, step.lanes)) {
      let next = 0;
      const worker = async () => {
        while (next < wave.length && !stop) {
          const lane = wave[next++]!;
          for (const r of lane) {
            if (stop) return;
            await sendOne(r);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(UNDO_CONCURRENCY, wave.length) }, worker));
      if (stop) break;
    }
    if (stop?.refused && (await alreadyUndone(c, env))) {
      // Refused because it is done: an earlier attempt's request reached the router after this
      // plan read the node (a killed guard's revert, answered after it died: "not in the list").
      env.journal.markUndone(c.id, true, by);
      done.push(`undone ${label(c)} (${ALREADY_WHILE})`);
      continue;
    }
    if (stop) {
      env.journal.markUndone(c.id, false, stop.journal);
      // Said with where it stopped and what was undone before it.
      throw stop.error(done.length ? `\n${done.join('\n')}` : '');
    }
    env.journal.markUndone(c.id, true, by);
    done.push(`undone ${label(c)}${await restoredNote(c, env)}`);
  }
  return done.length ? `${done.join('\n')}\n` : '';
}

/** Read again after a refusal: the node shows, on all the change touched, what it showed before it. */
async function alreadyUndone(c: Change, env: UndoEnv): Promise<boolean> {
  const now = await nodeReader(env)(c).catch(() => undefined);
  return now !== undefined && alreadyBefore(c, now);
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
  return off.length ? sanitizeLine(` (not all restored: ${off.map(settingText).join(', ')})`) : '';
}
