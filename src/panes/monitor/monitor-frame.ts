// The monitor pane's frame: pure layout of a state into lines of exactly `width` columns at
// most and `height` lines (title, header fields, text not understood, table head, rows, status).
import { type FooterKey, fitFooter } from '../../term/fit-line.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { truncateToWidth } from '../../term/text-width.js';
import {
  type MonitorState,
  remaining,
  SORT_COLUMNS,
  type SortColumn,
  visibleMembers,
} from './monitor-reducer.js';
import { headerLine } from '../../term/monitor-header.js';

export interface MonitorFrame {
  title: string;
  header: string[];
  tableHead: string;
  rows: string[];
  /** Index into `rows` of the selected row, or -1. */
  selectedRow: number;
  status: string;
}

/** Lines of the header part (title, fields, at most `MAX_OTHER` lines not understood). */
const MAX_OTHER = 3;

const LABELS: Record<SortColumn, string> = {
  address: 'ADDRESS',
  timeout: 'TIMEOUT',
  packets: 'PACKETS',
  bytes: 'BYTES',
};

const cut = (s: string, width: number) => (s.length > width ? s.slice(0, Math.max(0, width)) : s);
// A row is at most `width` columns also where its characters are wide (the pane draws the rows
// as blocks of lines, which Ink cannot truncate line by line): cut with `…`, as Ink cut a row.
const ASCII = /^[\x20-\x7e]*$/;
const fitRow = (s: string, width: number) => {
  const c = cut(s, width);
  return ASCII.test(c) ? c : truncateToWidth(c, width);
};
const num = (v: number | undefined) => (v === undefined ? '-' : String(v));

/** 3725 → `1h02m05s`, 65 → `1m05s`, 9 → `9s`. */
/** The pane's keys, the most needed first to stay when the footer is narrow. */
const MONITOR_KEYS: readonly FooterKey[] = [
  { text: 's sort', priority: 2 },
  { text: '/ filter', priority: 3 },
  { text: 'd remove', priority: 2 },
  { text: 'r read', priority: 1 },
];

export function formatSeconds(s: number | undefined): string {
  if (s === undefined) return '-';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h${two(m)}m${two(sec)}s`;
  if (m > 0) return `${m}m${two(sec)}s`;
  return `${sec}s`;
}

/** The header part's height, so the hook knows how many rows the body has. */
export function monitorLayout(
  s: Pick<MonitorState, 'data'>,
  height: number,
): { headerLines: number; bodyRows: number } {
  const other = Math.min(MAX_OTHER, s.data?.other.length ?? 0);
  const headerLines = 1 + other;
  // title + header + table head + status
  return { headerLines, bodyRows: Math.max(1, height - 3 - headerLines) };
}

export function monitorFrame(
  s: MonitorState,
  o: { list: string; width: number; height: number },
): MonitorFrame {
  const { width } = o;
  const { bodyRows } = monitorLayout(s, o.height);
  const members = visibleMembers(s);
  const addrWidth = Math.min(
    Math.max(20, ...members.slice(s.top, s.top + bodyRows).map((m) => m.address.length)),
    Math.max(8, width - 36),
  );
  const cols = [addrWidth, 10, 12, 14];
  const line = (cells: string[]) =>
    cut(cells.map((c, i) => (i === 0 ? c.padEnd(cols[0]!) : c.padStart(cols[i]!))).join('  '), width);
  const tableHead = line(
    SORT_COLUMNS.map((c) =>
      c === s.sort ? `${LABELS[c]}${c === 'address' || c === 'timeout' ? '▲' : '▼'}` : LABELS[c],
    ),
  );
  const rows = members
    .slice(s.top, s.top + bodyRows)
    .map((m) =>
      fitRow(
        line([sanitizeLine(m.address), formatSeconds(remaining(m, s)), num(m.packets), num(m.bytes)]),
        width,
      ),
    );
  const other = (s.data?.other ?? []).slice(0, MAX_OTHER).map((l) => cut(sanitizeLine(l), width));
  const name = s.data?.header.name ?? o.list;
  const age = s.data ? Math.max(0, Math.floor((s.now - s.readAt) / 1000)) : 0;
  const title = cut(
    // After a failed read the status line shows the error; the retries are not "reading…".
    `monitor match-list ${sanitizeLine(name)}${s.loading && s.error === null ? ' · reading…' : s.data ? ` · read ${age}s ago` : ''}`,
    width,
  );
  const total = s.data?.members.length ?? 0;
  const filter = s.prompt ?? s.filter;
  // A question or the filter being typed takes the line; otherwise `q back` always shows.
  const status =
    s.confirm !== null
      ? cut(`remove ${sanitizeLine(s.confirm)} from ${sanitizeLine(name)}? y/n`, width)
      : s.prompt !== null
        ? cut(`/${sanitizeLine(s.prompt)}`, width)
        : fitFooter(
            s.error !== null
              ? `error: ${sanitizeLine(s.error)}`
              : s.notice !== null
                ? sanitizeLine(s.notice)
                : `${members.length === total ? `${total} members` : `${members.length} of ${total} members`}` +
                  `${filter ? ` matching "${sanitizeLine(filter)}"` : ''} · sort ${s.sort}`,
            MONITOR_KEYS,
            'q back',
            width,
          );
  return {
    title,
    header: [cut(headerLine(s.data?.header ?? {}), width), ...other],
    tableHead,
    rows,
    selectedRow: members.length ? s.selected - s.top : -1,
    status,
  };
}
