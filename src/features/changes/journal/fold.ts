// A journal file's lines folded into its changes and its confirmed-change windows. Pure: the
// same fold serves the live session, `changes all` and `routersh undo --journal FILE`.
import type { Change, JournalEvent, WindowState } from './types.js';

export interface Folded {
  session?: string;
  router?: string;
  changes: Change[];
  windows: WindowState[];
}

export function fold(events: Iterable<JournalEvent>): Folded {
  const out: Folded = { changes: [], windows: [] };
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
          ...(e.before ? { before: e.before } : {}),
          ...(e.subtree ? { subtree: e.subtree } : {}),
          ...(e.notUndoable ? { notUndoable: e.notUndoable } : {}),
          ...(e.window ? { window: e.window } : {}),
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
        break;
      }
      case 'undo':
        break;
      case 'undone': {
        const c = byId.get(e.id);
        if (c && e.ok) {
          c.status = 'undone';
          c.undoneBy = e.note ?? 'undo';
        }
        break;
      }
      case 'window':
        windows.set(e.window, { id: e.window, deadline: e.deadline, state: e.state });
        break;
      default:
        e satisfies never;
    }
  }
  out.windows = [...windows.values()];
  return out;
}

/** Parses a journal file's text; a torn last line (a crash mid-write) is skipped. */
export function parseJournal(text: string): JournalEvent[] {
  const out: JournalEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as JournalEvent;
      if (e && typeof e === 'object' && typeof e.t === 'string') out.push(e);
    } catch {
      // torn or foreign line
    }
  }
  return out;
}
