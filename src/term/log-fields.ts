// Log records as text: the well-known fields (time, level, service, message) under their common
// names, everything sanitized (a log line must not drive the terminal). The log pane draws them
// (panes/logs/log-format.ts); `logs search` prints renderLogLine.
import { sanitizeLine } from './sanitize.js';

/** A log record as the telemetry API gives it (its LogRecord is one by shape): fields by name. */
export type LogRecord = Readonly<Record<string, unknown>> & { readonly _time: string };

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

export const quote = (v: string) => (v === '' || /[\s"=]/.test(v) ? JSON.stringify(v) : v);

/** One plain line for scripts: _time as received, level, service, message, then k=v for the rest. */
export function renderLogLine(record: LogRecord): string {
  const f = logFields(record);
  const head = [f.time, f.level, f.service, f.message].filter((s) => s !== '');
  const rest = f.rest.map(([k, v]) => `${k}=${quote(v)}`);
  return [...head, ...rest].join(' ');
}
