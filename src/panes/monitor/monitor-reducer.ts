// State of the match-list monitor pane: the last parsed output and when it was read (timeouts
// count down locally from it), the sort column, the `/` filter (narrows as it is typed; Esc
// restores the one before), the selected row and the scroll. Pure.
import type { MonitorData, MonitorMember } from './parse-monitor.js';

export const SORT_COLUMNS = ['address', 'timeout', 'packets', 'bytes'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

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
  };
}

/** Seconds left now: the value read, less the seconds since it was read. */
export function remaining(m: MonitorMember, s: Pick<MonitorState, 'readAt' | 'now'>): number | undefined {
  if (m.timeout === undefined) return undefined;
  return Math.max(0, m.timeout - Math.floor(Math.max(0, s.now - s.readAt) / 1000));
}

// Addresses in numeric order where they are IPv4 (10.0.0.9 before 10.0.0.10).
const addressKey = (a: string) => a.replace(/\d+/g, (d) => d.padStart(5, '0')).toLowerCase();

/** The rows on show: filtered by substring of the address, sorted (counters largest first). */
export function visibleMembers(s: MonitorState): MonitorMember[] {
  const members = s.data?.members ?? [];
  const filter = (s.prompt ?? s.filter).toLowerCase();
  const rows = filter ? members.filter((m) => m.address.toLowerCase().includes(filter)) : [...members];
  const byAddress = (a: MonitorMember, b: MonitorMember) => {
    const x = addressKey(a.address);
    const y = addressKey(b.address);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const num = (v: number | undefined) => v ?? -1;
  switch (s.sort) {
    case 'address':
      return rows.sort(byAddress);
    case 'timeout':
      return rows.sort((a, b) => num(a.timeout) - num(b.timeout) || byAddress(a, b));
    case 'packets':
      return rows.sort((a, b) => num(b.packets) - num(a.packets) || byAddress(a, b));
    case 'bytes':
      return rows.sort((a, b) => num(b.bytes) - num(a.bytes) || byAddress(a, b));
  }
}

/** Keeps the selection inside the rows and on screen. */
function clamp(s: MonitorState): MonitorState {
  const n = visibleMembers(s).length;
  const selected = Math.max(0, Math.min(s.selected, n - 1));
  const rows = Math.max(1, s.bodyRows);
  let top = Math.min(s.top, Math.max(0, n - rows));
  if (selected < top) top = selected;
  if (selected >= top + rows) top = selected - rows + 1;
  top = Math.max(0, top);
  return selected === s.selected && top === s.top ? s : { ...s, selected, top };
}

export function monitorReducer(s: MonitorState, a: MonitorAction): MonitorState {
  switch (a.type) {
    case 'loading':
    case 'refresh':
      return { ...s, loading: true };
    case 'loaded':
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
      return a.at === s.now ? s : { ...s, now: a.at };
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
      return { ...s, prompt: s.filter };
    case 'promptInput':
      return s.prompt === null ? s : clamp({ ...s, prompt: s.prompt + a.text, selected: 0, top: 0 });
    case 'promptBackspace':
      return s.prompt === null ? s : clamp({ ...s, prompt: s.prompt.slice(0, -1), selected: 0, top: 0 });
    case 'promptApply':
      return s.prompt === null ? s : clamp({ ...s, filter: s.prompt, prompt: null });
    case 'promptCancel':
      return s.prompt === null ? s : clamp({ ...s, prompt: null, selected: 0, top: 0 });
    case 'removeAsk': {
      const m = visibleMembers(s)[s.selected];
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
