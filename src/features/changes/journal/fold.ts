// A journal file's lines folded into its changes and its confirmed-change windows. Pure: the
// same fold serves the live session, `changes all` and `routersh undo --journal FILE`.
import { diffSnapshots, isEmptyDiff } from './diff.js';
import type { Change, JournalEvent, TxRecord, WindowState } from '../../../contract/journal.js';

export interface Folded {
  session?: string;
  router?: string;
  changes: Change[];
  windows: WindowState[];
  /** Transactions (issue 38), oldest first; their steps are the changes tagged with their id. */
  transactions: TxRecord[];
}

export function fold(events: Iterable<JournalEvent>): Folded {
  const out: Folded = { changes: [], windows: [], transactions: [] };
  const txs = new Map<string, TxRecord>();
  const byId = new Map<string, Change>();
  const windows = new Map<string, WindowState>();
  for (const e of events) {
    switch (e.t) {
      case 'session':
        out.session = e.session;
        out.router = e.router;
        break;
      case 'change': {
        const c: Change = {
          id: e.id,
          seq: e.seq,
          session: out.session ?? '',
          router: out.router ?? '',
          at: e.at,
          line: e.line,
          requests: e.requests,
          words: e.words,
          ...(e.focus ? { focus: e.focus } : {}),
          ...(e.holds ? { holds: e.holds } : {}),
          ...(e.before ? { before: e.before } : {}),
          ...(e.subtree ? { subtree: e.subtree } : {}),
          ...(e.notUndoable ? { notUndoable: e.notUndoable } : {}),
          ...(e.window ? { window: e.window } : {}),
          ...(e.pid ? { pid: e.pid } : {}),
          ...(e.pidStart ? { pidStart: e.pidStart } : {}),
          ...(e.tx ? { tx: e.tx } : {}),
          ...(e.inverse ? { inverse: e.inverse } : {}),
          // Until its answer is written, nobody knows whether the router applied it.
          status: 'unknown',
        };
        byId.set(e.id, c);
        out.changes.push(c);
        break;
      }
      case 'answer': {
        const c = byId.get(e.id);
        if (c) {
          c.answer = e.answer;
          c.status = e.answer.ok ? 'done' : 'failed';
        }
        break;
      }
      case 'after': {
        const c = byId.get(e.id);
        if (!c) break;
        if (e.after) c.after = e.after;
        if (e.notUndoable) c.notUndoable = e.notUndoable;
        else delete c.notUndoable;
        // Its answer was lost (a reset, a timeout) or refused in part (a bulk change), yet the
        // node read after it shows its effect: it was applied, and is undone like any other.
        if (c.status === 'failed' && e.after && !isEmptyDiff(diffSnapshots(c.before, e.after)))
          c.status = 'done';
        break;
      }
      case 'undo': {
        const c = byId.get(e.id);
        if (c) c.undoBegun = true;
        break;
      }
      case 'undone': {
        const c = byId.get(e.id);
        if (c && e.ok) {
          c.status = 'undone';
          c.undoneBy = e.note ?? 'undo';
        }
        break;
      }
      case 'window': {
        // A window's guard is written once, after its first line: later lines keep it.
        const guard = windows.get(e.window)?.guard;
        windows.set(e.window, {
          id: e.window,
          deadline: e.deadline,
          state: e.state,
          ...(guard ? { guard } : {}),
        });
        break;
      }
      case 'tx': {
        const { t: _t, tx, ...rest } = e;
        const r: TxRecord = { id: tx, ...rest };
        txs.set(tx, r);
        out.transactions.push(r);
        break;
      }
      case 'txend': {
        const r = txs.get(e.tx);
        if (r) r.end = { state: e.state, sent: e.sent, at: e.at, ...(e.note ? { note: e.note } : {}) };
        break;
      }
      case 'guard': {
        const w = windows.get(e.window);
        if (w) w.guard = { pid: e.pid, ...(e.pidStart ? { pidStart: e.pidStart } : {}) };
        break;
      }
      default:
        e satisfies never;
    }
  }
  out.windows = [...windows.values()];
  return out;
}

/** A journal file's events, and how many of its lines were skipped as malformed. */
export interface ParsedJournal {
  events: JournalEvent[];
  /** Lines that are not an event this version writes: torn (a crash mid-write), foreign, or a field of the wrong type. */
  malformed: number;
}

/** Parses a journal file's text; a line that is not a well-formed event is skipped. */
export function parseJournal(text: string): JournalEvent[] {
  return parseJournalCounted(text).events;
}

/**
 * Parses a journal file's text defensively: every field of every line is checked (a journal
 * is a file anyone may have written); a line that fails is skipped and counted, never folded.
 */
export function parseJournalCounted(text: string): ParsedJournal {
  const out: ParsedJournal = { events: [], malformed: 0 };
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let e: unknown;
    try {
      e = JSON.parse(line);
    } catch {
      out.malformed++;
      continue;
    }
    if (isJournalEvent(e)) out.events.push(e);
    else out.malformed++;
  }
  return out;
}

// The decoder: a checker per field. Unknown extra fields are kept (a newer writer's), unknown
// event kinds are not (nothing here would fold them).
type Check = (v: unknown) => boolean;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const bool: Check = (v) => typeof v === 'boolean';
const oneOf =
  (...xs: unknown[]): Check =>
  (v) =>
    xs.includes(v);
const opt =
  (c: Check): Check =>
  (v) =>
    v === undefined || c(v);
const arrayOf =
  (c: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(c);
const mapOf =
  (c: Check): Check =>
  (v) =>
    isObj(v) && Object.values(v).every(c);
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isObj(v) && Object.entries(fields).every(([k, c]) => c(Object.hasOwn(v, k) ? v[k] : undefined));
const strs = arrayOf(str);

const setting = shape({
  path: strs,
  options: mapOf(strs),
  id: str,
  slot: str,
  multi: bool,
  settable: bool,
  unsettable: bool,
  unsetOptions: opt(strs),
  setOptions: strs,
  numeric: opt(strs),
});
const snapshot = shape({ settings: arrayOf(setting) });
const request = shape({
  method: oneOf('GET', 'POST', 'DELETE'),
  words: strs,
  actions: opt(arrayOf(oneOf('SET', 'UNSET', 'GET', 'SHOW'))),
  options: opt(mapOf(arrayOf((v) => str(v) || num(v)))),
  query: opt(shape({ debug: opt(oneOf(0, 1)), output: opt(oneOf('json', 'dumper')) })),
});
const answer = shape({ ok: bool, status: str, error: opt(str) });
const focus = shape({ keys: strs, entries: strs });
const seq: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 1;

const EVENTS: Record<JournalEvent['t'], Check> = {
  session: shape({ session: str, router: str, user: str, at: num }),
  change: shape({
    id: str,
    seq,
    at: num,
    line: str,
    requests: arrayOf(request),
    words: strs,
    focus: opt(focus),
    holds: opt(shape({ path: strs, entries: opt(strs) })),
    before: opt(snapshot),
    subtree: opt(arrayOf(setting)),
    notUndoable: opt(str),
    window: opt(str),
    pid: opt(seq),
    pidStart: opt(str),
    tx: opt(str),
    inverse: opt(arrayOf(request)),
  }),
  tx: shape({
    tx: str,
    at: num,
    line: str,
    comment: opt(str),
    steps: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
    window: opt(str),
    pid: opt(seq),
    pidStart: opt(str),
  }),
  txend: shape({
    tx: str,
    state: oneOf('committed', 'reverted', 'unsettled'),
    sent: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
    note: opt(str),
    at: num,
  }),
  answer: shape({ id: str, answer }),
  after: shape({ id: str, after: opt(snapshot), notUndoable: opt(str) }),
  undo: shape({ id: str, by: str, requests: arrayOf(request), at: num }),
  undone: shape({ id: str, ok: bool, note: opt(str), at: num }),
  window: shape({
    window: str,
    state: oneOf('open', 'confirmed', 'reverted', 'failed', 'unsettled'),
    deadline: num,
    at: num,
    by: opt(str),
    note: opt(str),
  }),
  guard: shape({ window: str, pid: seq, pidStart: opt(str), at: num }),
};

/** Whether `v` is a journal event with every field of the type its kind says. */
export function isJournalEvent(v: unknown): v is JournalEvent {
  if (!isObj(v) || typeof v['t'] !== 'string' || !Object.hasOwn(EVENTS, v['t'])) return false;
  return EVENTS[v['t'] as JournalEvent['t']](v);
}
