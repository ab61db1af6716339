// The router's monitor output of one match-list, read tolerantly. The spec names the fields
// (entries, references, memory, max elements, default timeout; per member address, timeout,
// packets, bytes) but not the layout, and routers differ: fields are found by name, in
// `Key: value` lines, in a members table with a header row, in `name value` pairs on a member's
// line, or in a ShowFormat table. Whatever is not understood is kept as text, never an error.
import type { ShowTable } from '../../api/router/types.js';
import type { MonitorData, MonitorHeader, MonitorMember } from '../../contract/monitor.js';

export type { MonitorData, MonitorHeader, MonitorMember } from '../../contract/monitor.js';

type HeaderField = keyof MonitorHeader;
type MemberField = keyof MonitorMember;

const norm = (k: string) => k.toLowerCase().replace(/[^a-z]/g, '');

function headerField(key: string): HeaderField | undefined {
  const k = norm(key);
  if (/max|capacity|limit/.test(k)) return 'maxElements';
  if (/referenc|refcount|refs$/.test(k)) return 'references';
  if (/memory|size|mem$/.test(k)) return 'memory';
  if (/timeout|ttl/.test(k)) return 'defaultTimeout';
  if (/entries|count|elements|members$/.test(k)) return 'entries';
  if (/^(matchlist|list|name|listname)$/.test(k)) return 'name';
  return undefined;
}

// Every member line names its fields again (`timeout 3580 packets 31`): the answer for a name
// is kept (a few dozen names at most; bounded all the same, the text is the router's).
const fieldMemo = new Map<string, MemberField | undefined>();

function memberField(key: string): MemberField | undefined {
  if (fieldMemo.has(key)) return fieldMemo.get(key);
  const f = memberFieldOf(key);
  if (fieldMemo.size >= 256) fieldMemo.clear();
  fieldMemo.set(key, f);
  return f;
}

function memberFieldOf(key: string): MemberField | undefined {
  const k = norm(key);
  if (/addr|^net|^ip|member|entry|prefix|^src|source|host/.test(k)) return 'address';
  if (/timeout|remain|ttl|expire|left/.test(k)) return 'timeout';
  if (/pack|pkts|hits/.test(k)) return 'packets';
  if (/byte|octet/.test(k)) return 'bytes';
  return undefined;
}

/** An IPv4/IPv6 address or network, optionally `,proto:port`. */
const ADDRESS_RE =
  /^(?=[^\s]*\d)(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-f]*:[0-9a-f:.]*)(?:\/\d{1,3})?(?:[,:]\S+)?$/i;
export const looksLikeAddress = (s: string) => ADDRESS_RE.test(s);

/** `1234`, `1,234`, `1234 s`, `1h2m3s`, `50m`: a count or seconds; undefined when not a number. */
const DIGITS_RE = /^\d{1,15}$/;

export function parseAmount(s: string): number | undefined {
  // Most amounts are plain digits: no case folding, no unit, no separators to drop.
  if (DIGITS_RE.test(s)) return Number(s);
  const t = s.trim().toLowerCase();
  const plain = /^(\d[\d,_]*)(?:\s*(?:s|sec|secs|seconds|pkts|packets|bytes|b))?$/.exec(t);
  if (plain) return Number(plain[1]!.replace(/[,_]/g, ''));
  const d = /^(?:(\d+)d)?\s*(?:(\d+)h)?\s*(?:(\d+)m)?\s*(?:(\d+)s)?$/.exec(t);
  if (d && t !== '') return (+(d[1] ?? 0) * 24 + +(d[2] ?? 0)) * 3600 + +(d[3] ?? 0) * 60 + +(d[4] ?? 0);
  const colon = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (colon)
    return colon[3] === undefined
      ? +colon[1]! * 60 + +colon[2]!
      : +colon[1]! * 3600 + +colon[2]! * 60 + +colon[3]!;
  return undefined;
}

function setHeader(h: MonitorHeader, field: HeaderField, value: string): boolean {
  if (field === 'name' || field === 'memory' || field === 'defaultTimeout') {
    h[field] = value;
    return true;
  }
  const n = parseAmount(value);
  if (n === undefined) return false;
  h[field] = n;
  return true;
}

function setMember(m: MonitorMember, field: MemberField, value: string): boolean {
  if (field === 'address') {
    m.address = value;
    return true;
  }
  const n = parseAmount(value);
  if (n === undefined) return false;
  m[field] = n;
  return true;
}

const splitCells = (line: string) => {
  const wide = line
    .trim()
    .split(/\s{2,}|\t+|\s*\|\s*/)
    .filter((c) => c !== '');
  return wide;
};

/** A header row: names a member address column and at least one other member field. */
function tableColumns(line: string): Array<MemberField | undefined> | undefined {
  if (/[:=]/.test(line)) return undefined;
  for (const cells of [splitCells(line), line.trim().split(/\s+/)]) {
    const fields = cells.map(memberField);
    if (fields.includes('address') && fields.some((f) => f && f !== 'address')) return fields;
  }
  return undefined;
}

/** One member line: positional under a header row, else `name value` / `name=value` pairs. */
function memberLine(
  line: string,
  columns: Array<MemberField | undefined> | undefined,
): MonitorMember | undefined {
  const tokens = line.trim().split(/\s+/);
  const first = tokens[0] ?? '';
  if (columns) {
    for (const cells of [splitCells(line), tokens]) {
      if (cells.length !== columns.length) continue;
      const m: MonitorMember = { address: '' };
      cells.forEach((c, i) => {
        const f = columns[i];
        if (f) setMember(m, f, c);
      });
      if (looksLikeAddress(m.address)) return m;
    }
  }
  if (!looksLikeAddress(first)) return undefined;
  const m: MonitorMember = { address: first };
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    // Numbers are values (read with the name before them), never names: skip them early.
    const c = t.charCodeAt(0);
    if (c >= 48 && c <= 57) continue;
    const eq = (t.includes('=') || t.includes(':')) && /^([a-z][\w-]*)[=:](.+)$/i.exec(t);
    if (eq) {
      const f = memberField(eq[1]!);
      if (f && f !== 'address') setMember(m, f, eq[2]!);
      continue;
    }
    const f = memberField(t.endsWith(':') ? t.slice(0, -1) : t);
    const next = tokens[i + 1];
    if (f && f !== 'address' && next !== undefined && setMember(m, f, next)) i++;
  }
  return m;
}

const KEY_VALUE_RE = /^\s*([A-Za-z][A-Za-z _\-()/]*?)\s*[:=]\s*(.*)$/;

/** Where a text read is: what it found so far and the table columns in force. */
export interface TextState {
  out: MonitorData;
  columns: Array<MemberField | undefined> | undefined;
  /** The columns in force as text ('' for none): a member line means the same under the same. */
  columnsKey: string;
}

export const textState = (): TextState => ({
  out: { header: {}, members: [], other: [] },
  columns: undefined,
  columnsKey: '',
});

/**
 * Reads one line of the output into `st`; `known`: the member this line gave under the same
 * columns before (it is not read again). Returns the member the line gave, if any.
 */
export function readLine(raw: string, st: TextState, known?: MonitorMember): MonitorMember | undefined {
  if (raw.trim() === '') return undefined;
  const member = known ?? memberLine(raw, st.columns);
  if (member) {
    st.out.members.push(member);
    return member;
  }
  const kv = KEY_VALUE_RE.exec(raw);
  if (kv) {
    const [, key, value] = kv as unknown as [string, string, string];
    if (value === '' && /member|entr/i.test(key)) return undefined;
    const f = headerField(key);
    if (f && st.out.header[f] === undefined && setHeader(st.out.header, f, value.trim())) return undefined;
  }
  const cols = tableColumns(raw);
  if (cols) {
    st.columns = cols;
    st.columnsKey = cols.join(',');
    return undefined;
  }
  if (/^[\s\-=+|]+$/.test(raw)) return undefined; // a table rule
  st.out.other.push(raw);
  return undefined;
}

function parseText(text: string): MonitorData {
  const st = textState();
  for (const raw of text.split(/\r?\n/)) readLine(raw, st);
  return st.out;
}

function parseTable(t: ShowTable): MonitorData {
  const out: MonitorData = { header: {}, members: [], other: [] };
  const fields = t.columns.map(memberField);
  if (fields.includes('address')) {
    for (const row of t.rows) {
      const m: MonitorMember = { address: '' };
      row.forEach((c, i) => {
        const f = fields[i];
        if (f) setMember(m, f, c);
      });
      if (m.address !== '') out.members.push(m);
      else out.other.push(row.join('  '));
    }
    return out;
  }
  // A two-column table of names and values: the header.
  if (t.columns.length === 2) {
    for (const [k = '', v = ''] of t.rows) {
      const f = headerField(k);
      if (!(f && setHeader(out.header, f, v))) out.other.push(`${k}: ${v}`);
    }
    return out;
  }
  out.other.push(t.columns.join('  '), ...t.rows.map((r) => r.join('  ')));
  return out;
}

/** The monitor output, as text or a ShowFormat table, read into its fields. */
export function parseMonitor(output: string | ShowTable | undefined): MonitorData {
  if (output === undefined) return { header: {}, members: [], other: [] };
  return typeof output === 'string' ? parseText(output) : parseTable(output);
}
