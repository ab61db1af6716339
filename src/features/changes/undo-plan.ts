// Undo, shared by `undo`, `rollback`, a confirmed-change window that expires and
// `routersh undo --journal FILE`: which changes, their inverse requests (refused when the node
// has since been changed by someone else), and sending them newest first, each recorded.
import { encodeWord } from '../../api/router/encode.js';
import type { RouterRequest } from '../../api/router/types.js';
import { argumentError, commandFailedError, isConnectFailure, isRoutershError } from '../../errors.js';
import { REDACTED } from '../../lang/redact.js';
import { scanLine } from '../../lang/tokenize.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { diffSnapshots, driftOf, inverseOf, sameOptions } from './journal/diff.js';
import type { Journal, JournalRouter } from './journal/journal.js';
import { NodeView } from './journal/projection.js';
import { pathKey } from '../../lang/cache.js';
import { requestText, settingText } from './journal/text.js';
import type { Change, Snapshot } from './journal/types.js';

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

/** A word as it goes on the wire; `.`/`..` (which the client refuses to send) shown encoded. */
const wireWord = (w: string): string => {
  try {
    return encodeWord(w);
  } catch {
    return w.replace(/\./g, '%2E');
  }
};

/** A request exactly as it would be sent: `METHOD /api/path {body}` (the body as the client builds it). */
export function wireText(r: RouterRequest, root = '/api'): string {
  const path = `${root}/${r.words.map(wireWord).join('/')}`;
  if (r.method !== 'POST') return sanitizeLine(`${r.method} ${path}`);
  const body: { Actions?: string[]; Options?: RouterRequest['options'] } = {};
  if (r.actions) body.Actions = r.actions;
  if (r.options) body.Options = r.options;
  return sanitizeLine(`${r.method} ${path} ${JSON.stringify(body)}`);
}

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

// ---- Is a journal's change what it says it is? -------------------------------------------
// A journal is a file: anyone who can write it can make its line say one thing and its request
// another. Undo shows the line and sends requests computed from the record, so the two must
// agree, checked without the router: the line's words (THE lexer's tokens) must be the request's
// path words — each the word itself, a prefix of it (the language's abbreviations: `int` for
// `interface`), or `***` (a redacted secret) — after the verb (`no`/`delete` for a DELETE or an
// UNSET, `set` or none for a SET) and the context (a line typed inside `edit …` names only the
// rest of the path), then its options and their values in order.

const startsWith = (a: readonly string[], prefix: readonly string[]) =>
  a.length >= prefix.length && prefix.every((w, i) => a[i] === w);

const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && startsWith(a, b);

const wordFits = (typed: string, word: string) =>
  typed === word || typed === REDACTED || word === REDACTED || (typed !== '' && word.startsWith(typed));

const valueFits = (typed: string, v: string | number) =>
  typed === REDACTED ||
  v === REDACTED ||
  typed === String(v) ||
  (typeof v === 'number' && typed.trim() !== '' && Number(typed) === v);

/** The line's words as the lexer reads them, up to an output pipe; undefined: no command there. */
function lineWords(line: string): string[] | undefined {
  const scan = scanLine(line);
  if (scan.comment !== undefined || scan.openQuote !== undefined || scan.raw) return undefined;
  const pipe = scan.tokens.findIndex((t) => t.text === '|' && !t.quoted);
  const words = (pipe < 0 ? scan.tokens : scan.tokens.slice(0, pipe)).map((t) => t.text);
  if ((words[0] === 'run' || words[0] === 'do') && words.length > 1) words.shift();
  return words.length ? words : undefined;
}

/** The option words of a line against the request's options: every name and value, in order. */
function optionsFit(typed: readonly string[], options: RouterRequest['options']): boolean {
  const rest = new Map(Object.entries(options ?? {}).map(([k, v]) => [k, [...v]]));
  const seen = new Set<string>();
  for (let i = 0; i < typed.length; ) {
    const t = typed[i++]!;
    let name: string | undefined = rest.has(t) ? t : undefined;
    if (name === undefined) {
      const open = [...rest.keys()].filter(
        (k) => t !== '' && k.startsWith(t) && (rest.get(k)!.length > 0 || !seen.has(k)),
      );
      if (open.length !== 1) return false;
      name = open[0]!;
    }
    seen.add(name);
    const values = rest.get(name)!;
    // An option with values left takes the next word as one of them; a flag takes none.
    if (values.length > 0) {
      if (i >= typed.length || !valueFits(typed[i++]!, values.shift()!)) return false;
    }
  }
  return [...rest].every(([k, v]) => v.length === 0 && seen.has(k));
}

const isSet = (r: RouterRequest) =>
  r.method === 'POST' && (r.actions === undefined || (r.actions.length === 1 && r.actions[0] === 'SET'));
const isUnset = (r: RouterRequest) =>
  r.method === 'DELETE' || (r.method === 'POST' && r.actions?.length === 1 && r.actions[0] === 'UNSET');

/** Whether the path and option words (`rest`) would produce request `r`. */
function pathFits(rest: readonly string[], r: RouterRequest): boolean {
  if (r.method === 'DELETE' && r.options && Object.keys(r.options).length) return false;
  // k: the words a context (`edit …`) supplied; the line names the rest, at least one.
  for (let k = 0; k < r.words.length; k++) {
    const path = r.words.slice(k);
    if (rest.length < path.length) continue;
    if (path.every((w, i) => wordFits(rest[i]!, w)) && optionsFit(rest.slice(path.length), r.options))
      return true;
  }
  return false;
}

/**
 * Whether the line, as typed, would produce request `r`: `no` or `delete` (or its abbreviation)
 * then the words for a DELETE or an UNSET; `set` (or its abbreviation) or no verb for a SET.
 */
function lineFits(words: readonly string[], r: RouterRequest): boolean {
  const verb = words[0]!;
  const rest = words.slice(1);
  if (isUnset(r)) return (verb === 'no' || (verb !== '' && 'delete'.startsWith(verb))) && pathFits(rest, r);
  if (!isSet(r)) return false;
  return pathFits(words, r) || (verb !== '' && 'set'.startsWith(verb) && pathFits(rest, r));
}

/** `match-list import|sync LIST …`: one change of LIST's entry node, entries added or removed. */
function bulkFits(words: readonly string[], c: Change): boolean {
  const [cmd, sub, list] = words;
  if (cmd !== 'match-list' || list === undefined || !(sub === 'import' || sub === 'sync')) return false;
  const at = c.words.indexOf('match-list');
  if (at < 0 || c.words[at + 1] !== list) return false;
  return c.requests.every(
    (r) =>
      r.method === 'POST' &&
      r.actions?.length === 1 &&
      (r.actions[0] === 'SET' || r.actions[0] === 'UNSET') &&
      sameWords(r.words, c.words),
  );
}

/**
 * Whether request `r` of an undo stays on the change's node: the node itself or below it, or —
 * a single-valued slot (`mtu 1500` → `mtu 9000`) — the old value set back beside it.
 */
function onNode(r: RouterRequest, node: readonly string[]): boolean {
  if (startsWith(r.words, node)) return true;
  const beside = r.words.length === node.length && node.length > 0 && startsWith(r.words, node.slice(0, -1));
  return beside && isSet(r);
}

/**
 * Why the journal's change is not what its line says, or undefined when it is: its line must
 * produce its request(s), and its undo must address only that request's node.
 */
export function inconsistency(c: Change, file: string, root = '/api'): string | undefined {
  const head = `change #${c.seq} of ${sanitizeLine(file)} is inconsistent: its line says '${sanitizeLine(c.line)}'`;
  const words = lineWords(c.line);
  const first = c.requests[0];
  if (!first) return `${head} but it records no request; not undone`;
  const bad = c.requests.find((r) => !sameWords(r.words, c.words));
  if (bad) return `${head} but its request is ${wireText(bad, root)}, not on the node it read; not undone`;
  const fits =
    words !== undefined && ((c.requests.length === 1 && lineFits(words, first)) || bulkFits(words, c));
  if (!fits) {
    const more = c.requests.length > 1 ? ` (and ${c.requests.length - 1} more)` : '';
    return `${head} but its request is ${wireText(first, root)}${more}; not undone`;
  }
  const inv = inverseOf(c, settingText);
  if ('refused' in inv) return undefined;
  const off = inv.requests.find((r) => !onNode(r, c.words));
  if (off)
    return `${head} but undoing it would send ${wireText(off, root)}, off the node of its request ${wireText(first, root)}; not undone`;
  return undefined;
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
        plan.steps.push({ change: c, requests: [], notes: ['already as before the change: nothing sent'] });
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
        throw commandFailedError(
          `undo of ${label(c)} failed at '${wireText(r, plan.root)}': ${sanitizeLine(why)}${before}`,
        );
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
  return off.length ? sanitizeLine(` (not all restored: ${off.map(settingText).join(', ')})`) : '';
}
