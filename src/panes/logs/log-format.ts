// A log record as the pane's line: styled spans (time, level, service, message, matches), laid
// out to the pane's width. The record's fields are read by term/log-fields.ts.
import type { LogRecord } from '../../api/telemetry/types.js';
import { type LevelClass, logFields, quote } from '../../term/log-fields.js';
import { formatClockMs, type TimeFormatOptions } from '../../term/format-time.js';
import { logTimeMs } from '../../api/telemetry/log-time.js';

export type { LevelClass } from '../../term/log-fields.js';

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
