// Log records as text: the well-known fields (time, level, service, message) under their common
// names, everything sanitized (a log line must not drive the terminal).
import type { LogRecord } from '../../api/telemetry/types.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { formatClockMs, type TimeFormatOptions } from '../../term/format-time.js';
import { logTimeMs } from './log-time.js';

const LEVEL_FIELDS = ['level', 'severity', 'log.level', 'lvl', 'severity_text'];
const SERVICE_FIELDS = ['service_name', 'service', 'service.name', 'app', 'job'];
const MESSAGE_FIELDS = ['_msg', 'message', 'msg'];

export type LevelClass = 'error' | 'warning' | 'info' | 'debug' | 'other';

function firstField(record: LogRecord, names: readonly string[]): [string, string] | undefined {
  for (const name of names) {
    const v = record[name];
    if (v !== undefined && v !== null && v !== '') return [name, stringify(v)];
  }
  return undefined;
}

export function stringify(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
}

export interface LogFields {
  time: string;
  level: string;
  levelClass: LevelClass;
  service: string;
  message: string;
  /** The remaining fields, in record order. */
  rest: Array<[string, string]>;
}

export function logFields(record: LogRecord): LogFields {
  const level = firstField(record, LEVEL_FIELDS);
  const service = firstField(record, SERVICE_FIELDS);
  const message = firstField(record, MESSAGE_FIELDS);
  const used = new Set(['_time', level?.[0], service?.[0], message?.[0]]);
  const rest: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(record))
    if (!used.has(k)) rest.push([sanitizeLine(k), sanitizeLine(stringify(v))]);
  const levelText = sanitizeLine(level?.[1] ?? '');
  return {
    time: sanitizeLine(stringify(record._time)),
    level: levelText,
    levelClass: levelClass(levelText),
    service: sanitizeLine(service?.[1] ?? ''),
    message: sanitizeLine(message?.[1] ?? ''),
    rest,
  };
}

export function levelClass(level: string): LevelClass {
  const l = level.toLowerCase();
  if (/^(err|error|fatal|crit|critical|alert|emerg|emergency|panic)$/.test(l)) return 'error';
  if (/^(warn|warning)$/.test(l)) return 'warning';
  if (/^(info|information|notice)$/.test(l)) return 'info';
  if (/^(debug|trace|dbg)$/.test(l)) return 'debug';
  return 'other';
}

const quote = (v: string) => (v === '' || /[\s"=]/.test(v) ? JSON.stringify(v) : v);

/** One plain line for scripts: _time as received, level, service, message, then k=v for the rest. */
export function renderLogLine(record: LogRecord): string {
  const f = logFields(record);
  const head = [f.time, f.level, f.service, f.message].filter((s) => s !== '');
  const rest = f.rest.map(([k, v]) => `${k}=${quote(v)}`);
  return [...head, ...rest].join(' ');
}

/** The pane's line: `hh:mm:ss.mmm LEVEL service message k=v…`, split into styled spans. */
export type SpanStyle = 'time' | 'level' | 'service' | 'text' | 'match';
export interface Span {
  text: string;
  style: SpanStyle;
}

export interface PaneLine {
  spans: Span[];
  levelClass: LevelClass;
}

export function paneLine(record: LogRecord, highlight: string, opts: TimeFormatOptions = {}): PaneLine {
  const f = logFields(record);
  const t = logTimeMs(record._time);
  const spans: Span[] = [{ text: Number.isNaN(t) ? f.time : formatClockMs(t, opts), style: 'time' }];
  if (f.level) spans.push({ text: ` ${f.level.toUpperCase().padEnd(5)}`, style: 'level' });
  if (f.service) spans.push({ text: ` ${f.service}`, style: 'service' });
  const rest = f.rest.map(([k, v]) => ` ${k}=${quote(v)}`).join('');
  spans.push(...highlightSpans(` ${f.message}${rest}`, highlight));
  return { spans, levelClass: f.levelClass };
}

/** Splits text into plain and matching spans (case-insensitive). */
export function highlightSpans(text: string, word: string): Span[] {
  if (!word) return [{ text, style: 'text' }];
  const out: Span[] = [];
  const hay = text.toLowerCase();
  const needle = word.toLowerCase();
  let from = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
    if (at > from) out.push({ text: text.slice(from, at), style: 'text' });
    out.push({ text: text.slice(at, at + needle.length), style: 'match' });
    from = at + needle.length;
  }
  if (from < text.length) out.push({ text: text.slice(from), style: 'text' });
  return out;
}

/** Screen rows of a line: one (cut to width) or, wrapping, as many as its text needs. */
export function layoutLine(line: PaneLine, width: number, wrap: boolean): Span[][] {
  const w = Math.max(1, width);
  const rows: Span[][] = [[]];
  let used = 0;
  for (const span of line.spans) {
    let text = span.text;
    while (text.length > 0) {
      const room = w - used;
      if (room <= 0) {
        if (!wrap) return rows;
        rows.push([]);
        used = 0;
        continue;
      }
      const piece = text.slice(0, room);
      rows[rows.length - 1]!.push({ text: piece, style: span.style });
      used += piece.length;
      text = text.slice(piece.length);
    }
  }
  return rows;
}
