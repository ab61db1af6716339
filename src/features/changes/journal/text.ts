// How changes read for people: a setting as a line of the command language, `changes` rows
// (time, command, old → new, status and its window's state) and `compare` lines (`-` old, `+`
// new). Pure; server text is made safe by the caller's last write (sanitizeText), as everywhere.
import { encodeWord } from '../../../api/router/encode.js';
import type { RouterRequest } from '../../../api/router/types.js';
import { sanitizeLine } from '../../../term/sanitize.js';
import { diffSnapshots } from './diff.js';
import type { Change, Setting } from '../../../contract/journal.js';

const word = (w: string): string => (w === '' || /[\s"'\\#|]/.test(w) ? JSON.stringify(w) : w);

export function settingText(s: Setting): string {
  const opts = Object.entries(s.options).flatMap(([k, v]) =>
    v.length ? v.map((x) => `${k} ${word(x)}`) : [k],
  );
  return [...s.path.map(word), ...opts].join(' ');
}

export function requestText(r: RouterRequest): string {
  const opts = Object.entries(r.options ?? {}).flatMap(([k, v]) =>
    v.length ? v.map((x) => `${k} ${word(String(x))}`) : [k],
  );
  const body = [...r.words.map(word), ...opts].join(' ');
  if (r.method === 'DELETE') return `no ${body}`;
  return r.actions?.includes('UNSET') ? `no ${body}` : body;
}

/** `old → new` of one change, in a few words. */
export function effectText(c: Change): string {
  // A transaction's step: its line is what it did (no reads of its node were made).
  if (!c.after) return c.notUndoable ?? (c.tx ? `step of transaction ${c.tx}` : '(no answer)');
  const d = diffSnapshots(c.before, c.after);
  const parts: string[] = [];
  for (const x of d.changed) parts.push(`${settingText(x.before)} → ${settingText(x.after)}`);
  const slots = new Set([...d.added, ...d.removed].map((s) => s.slot));
  for (const slot of slots) {
    const rem = d.removed.filter((s) => s.slot === slot);
    const add = d.added.filter((s) => s.slot === slot);
    if (rem.length === 1 && add.length === 1) parts.push(`${settingText(rem[0]!)} → ${lastWord(add[0]!)}`);
    else {
      if (rem.length)
        parts.push(`− ${rem.length > 3 ? `${rem.length} entries` : rem.map(settingText).join(', ')}`);
      if (add.length)
        parts.push(`+ ${add.length > 3 ? `${add.length} entries` : add.map(settingText).join(', ')}`);
    }
  }
  return parts.join('; ') || (c.notUndoable ?? 'no visible change');
}

const lastWord = (s: Setting): string => {
  const opts = Object.keys(s.options).length ? settingText({ ...s, path: [] }) : '';
  return opts || word(s.path[s.path.length - 1] ?? '');
};

const time = (ms: number): string => new Date(ms).toTimeString().slice(0, 8);

export interface ChangeRow {
  id: string;
  time: string;
  command: string;
  change: string;
  status: string;
}

/** A change's row; one made in a confirmed-change window also says the window's state. */
export function changeRow(c: Change, windowState?: string): ChangeRow {
  const status =
    c.status === 'undone'
      ? `undone (${c.undoneBy ?? 'undo'})`
      : c.notUndoable && c.status === 'done'
        ? 'done, not undoable'
        : c.status;
  const window = windowState ? `, window ${windowState}` : '';
  return { id: c.id, time: time(c.at), command: c.line, change: effectText(c), status: status + window };
}

export function changesJson(c: Change, windowState?: string) {
  const d = diffSnapshots(c.before, c.after);
  return {
    id: c.id,
    seq: c.seq,
    session: c.session,
    at: new Date(c.at).toISOString(),
    command: c.line,
    status: c.status,
    undoable: !c.notUndoable && c.status === 'done',
    ...(c.notUndoable ? { reason: c.notUndoable } : {}),
    ...(c.window ? { window: c.window } : {}),
    ...(windowState ? { windowState } : {}),
    removed: d.removed.map(settingText),
    added: d.added.map(settingText),
    changed: d.changed.map((x) => ({ from: settingText(x.before), to: settingText(x.after) })),
  };
}

const isUnder = (path: readonly string[], prefix: readonly string[]) =>
  path.length > prefix.length && prefix.every((w, i) => path[i] === w);

export interface CompareLine {
  /** `-` old, `+` new, `!` a line that failed (its error; it changed nothing the metadata shows). */
  sign: '-' | '+' | '!';
  text: string;
}

/** Why a change did not go through, in a few words. */
const failureText = (c: Change): string =>
  c.status === 'unknown'
    ? 'no answer recorded (the router may have applied it)'
    : `failed: ${c.answer?.error ?? c.answer?.status ?? 'no answer'}`;

const isSetRequest = (r: RouterRequest) => r.method === 'POST' && !r.actions?.includes('UNSET');

/** A transaction's step as compare lines: what its inverse sets back (`-`), what it set (`+`). */
function stepLines(request: RouterRequest | undefined, inverse: readonly RouterRequest[]): CompareLine[] {
  const out: CompareLine[] = inverse.filter(isSetRequest).map((r) => ({ sign: '-', text: requestText(r) }));
  if (request && isSetRequest(request)) out.push({ sign: '+', text: requestText(request) });
  return out;
}

/**
 * What the session changed, net: for each setting its state before the first change that
 * touched it against its state after the last one (changes undone since count for nothing). A
 * setting under a node the session created had no state before (no `-` line); a line that
 * failed is shown with its error, where it came.
 */
export function compareLines(changes: readonly Change[]): CompareLine[] {
  const first = new Map<string, Setting | null>();
  const last = new Map<string, Setting | null>();
  const failures = new Map<string, string>();
  const order: string[] = [];
  // Paths of settings the session created (absent before its first change of them).
  const created: string[][] = [];
  const inCreated = (s: Setting) => created.some((p) => isUnder(s.path, p));
  const steps = new Map<string, CompareLine[]>();
  for (const c of changes) {
    if (c.status === 'failed' || c.status === 'unknown') {
      const key = `!${c.id}`;
      failures.set(key, `${c.line}: ${failureText(c)}`);
      order.push(key);
    }
    if (c.status === 'done' && c.tx && c.inverse && !c.after) {
      // A transaction's step (no reads of its node): what its inverse sets back was there before.
      const key = `tx ${c.id}`;
      order.push(key);
      steps.set(key, stepLines(c.requests[0], c.inverse));
      continue;
    }
    if (c.status === 'undone' || !c.after) continue;
    const d = diffSnapshots(c.before, c.after);
    const touch = (s: Setting, old: Setting | null, now: Setting | null) => {
      if (!first.has(s.id)) {
        const was = old && inCreated(old) ? null : old;
        first.set(s.id, was);
        if (was === null) created.push(s.path);
        order.push(s.id);
      }
      last.set(s.id, now);
    };
    for (const s of d.removed) {
      touch(s, s, null);
      // A deleted node took its sub-nodes with it.
      for (const sub of c.subtree ?? []) if (isUnder(sub.path, s.path)) touch(sub, sub, null);
    }
    for (const s of d.added) touch(s, null, s);
    for (const x of d.changed) touch(x.after, x.before, x.after);
  }
  const out: CompareLine[] = [];
  for (const id of order) {
    const step = steps.get(id);
    if (step) {
      out.push(...step);
      continue;
    }
    const failure = failures.get(id);
    if (failure !== undefined) {
      out.push({ sign: '!', text: failure });
      continue;
    }
    const old = first.get(id) ?? null;
    const now = last.get(id) ?? null;
    const o = old ? settingText(old) : undefined;
    const n = now ? settingText(now) : undefined;
    if (o === n) continue;
    if (o !== undefined) out.push({ sign: '-', text: o });
    if (n !== undefined) out.push({ sign: '+', text: n });
  }
  return out;
}

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
