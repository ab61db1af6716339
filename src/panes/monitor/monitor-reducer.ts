// State of the match-list monitor pane: the last parsed output and when it was read (timeouts
// count down locally from it), the sort column, the `/` filter (narrows as it is typed; Esc
// restores the one before), the selected row and the scroll, and the rows on show (monitor-view.ts:
// sorted once per read, sort or filter, never per key or tick). Pure.
import type { MonitorData, MonitorMember } from '../../contract/monitor.js';
import { EMPTY_VIEW, type MonitorView, monitorView, SORT_COLUMNS, type SortColumn } from './monitor-view.js';

export { SORT_COLUMNS, type SortColumn };

export interface MonitorState {
  data: MonitorData | null;
  /** When `data` was read (ms). */
  readAt: number;
  now: number;
  sort: SortColumn;
  filter: string;
  /** The `/` prompt's text while it is open. */
  prompt: string | null;
  /** Index into the visible (filtered, sorted) rows. */
  selected: number;
  top: number;
  bodyRows: number;
  error: string | null;
  loading: boolean;
  /** The member `d` asked about (y/n), or being removed. */
  confirm: string | null;
  /** The last removal's answer, until the next read. */
  notice: string | null;
  /** The rows on show, as of `data`, `sort` and the filter (or the prompt while it is open). */
  view: MonitorView;
}

export type MonitorAction =
  | { type: 'loading' }
  | { type: 'loaded'; data: MonitorData; at: number }
  | { type: 'failed'; message: string; at: number }
  | { type: 'tick'; at: number }
  | { type: 'sortNext' }
  | { type: 'move'; by: number }
  | { type: 'page'; direction: 1 | -1 }
  | { type: 'viewport'; rows: number }
  | { type: 'refresh' }
  | { type: 'promptOpen' }
  | { type: 'promptInput'; text: string }
  | { type: 'promptBackspace' }
  | { type: 'promptApply' }
  | { type: 'promptCancel' }
  | { type: 'removeAsk' }
  | { type: 'removeConfirm' }
  | { type: 'removeCancel' }
  | { type: 'removeIgnored' }
  | { type: 'removed'; address: string; message: string }
  | { type: 'removeFailed'; message: string };

export function initMonitorState(now: number): MonitorState {
  return {
    data: null,
    readAt: now,
    now,
    sort: 'address',
    filter: '',
    prompt: null,
    selected: 0,
    top: 0,
    bodyRows: 10,
    error: null,
    loading: true,
    confirm: null,
    notice: null,
    view: EMPTY_VIEW,
  };
}

/** Seconds left now: the value read, less the seconds since it was read. */
export function remaining(m: MonitorMember, s: Pick<MonitorState, 'readAt' | 'now'>): number | undefined {
  if (m.timeout === undefined) return undefined;
  return Math.max(0, m.timeout - Math.floor(Math.max(0, s.now - s.readAt) / 1000));
}

const filterOf = (s: MonitorState) => s.prompt ?? s.filter;

/** The state with its view brought up to date (the same object when it already was). */
function withView(s: MonitorState): MonitorState {
  const view = monitorView(s.view, s.data, s.sort, filterOf(s));
  return view === s.view ? s : { ...s, view };
}

/** The rows on show: filtered by substring of the address, sorted (counters largest first). */
export function visibleMembers(s: MonitorState): MonitorMember[] {
  return monitorView(s.view ?? EMPTY_VIEW, s.data, s.sort, filterOf(s)).rows;
}

/** Keeps the selection inside the rows and on screen. */
function clamp(state: MonitorState): MonitorState {
  const s = withView(state);
  const n = s.view.rows.length;
  const selected = Math.max(0, Math.min(s.selected, n - 1));
  const rows = Math.max(1, s.bodyRows);
  let top = Math.min(s.top, Math.max(0, n - rows));
  if (selected < top) top = selected;
  if (selected >= top + rows) top = selected - rows + 1;
  top = Math.max(0, top);
  return selected === s.selected && top === s.top ? s : { ...s, selected, top };
}

const seconds = (at: number, s: MonitorState) => Math.floor(Math.max(0, at - s.readAt) / 1000);

export function monitorReducer(s: MonitorState, a: MonitorAction): MonitorState {
  switch (a.type) {
    case 'loading':
    case 'refresh':
      return { ...s, loading: true };
    case 'loaded':
      // The same output read again in the same second: nothing on screen changes.
      if (a.data === s.data && seconds(a.at, s) === 0 && !s.loading && s.error === null && s.notice === null)
        return s;
      return clamp({
        ...s,
        data: a.data,
        readAt: a.at,
        now: a.at,
        error: null,
        loading: false,
        notice: null,
      });
    case 'failed':
      return { ...s, error: a.message, now: a.at, loading: false };
    case 'tick':
      // Only a new second since the read changes the screen (the age, the countdowns).
      return s.data === null || seconds(a.at, s) === seconds(s.now, s) ? s : { ...s, now: a.at };
    case 'sortNext': {
      const i = SORT_COLUMNS.indexOf(s.sort);
      return clamp({ ...s, sort: SORT_COLUMNS[(i + 1) % SORT_COLUMNS.length]!, selected: 0, top: 0 });
    }
    case 'move':
      return clamp({ ...s, selected: s.selected + a.by });
    case 'page':
      return clamp({ ...s, selected: s.selected + a.direction * Math.max(1, s.bodyRows - 1) });
    case 'viewport':
      return a.rows === s.bodyRows ? s : clamp({ ...s, bodyRows: a.rows });
    case 'promptOpen':
      return withView({ ...s, prompt: s.filter });
    case 'promptInput':
      return s.prompt === null ? s : clamp({ ...s, prompt: s.prompt + a.text, selected: 0, top: 0 });
    case 'promptBackspace':
      return s.prompt === null ? s : clamp({ ...s, prompt: s.prompt.slice(0, -1), selected: 0, top: 0 });
    case 'promptApply':
      return s.prompt === null ? s : clamp({ ...s, filter: s.prompt, prompt: null });
    case 'promptCancel':
      return s.prompt === null ? s : clamp({ ...s, prompt: null, selected: 0, top: 0 });
    case 'removeAsk': {
      const m = withView(s).view.rows[s.selected];
      return m ? { ...s, confirm: m.address, notice: null } : s;
    }
    case 'removeCancel':
      return { ...s, confirm: null };
    case 'removeConfirm':
      return s.confirm === null ? s : { ...s, confirm: null, notice: `removing ${s.confirm}…` };
    case 'removeIgnored':
      return s;
    case 'removed': {
      // Gone from the table at once; the next read confirms it.
      const data = s.data && { ...s.data, members: s.data.members.filter((m) => m.address !== a.address) };
      return clamp({ ...s, data, confirm: null, notice: a.message, error: null });
    }
    case 'removeFailed':
      return { ...s, confirm: null, error: a.message };
  }
}
