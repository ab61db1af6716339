// Plain-text shapes shared by the telemetry handlers: series labels, an instant-vector table,
// the service's notices. Server text is sanitized before it reaches a terminal.
import type { TelemetryClient } from '../api/telemetry/client.js';
import type { Series } from '../api/telemetry/types.js';
import { notConfiguredError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { renderTable } from '../term/table.js';
import type { HandlerEnv } from './handler.js';

export const HOUR = 3_600_000;

/** The telemetry client (loaded on first use in a one-shot run), or the error that says how to configure one. */
export async function telemetryOf(env: HandlerEnv): Promise<TelemetryClient> {
  const client = env.deps.telemetry ?? (await env.deps.loadTelemetry?.());
  if (client) return client;
  throw notConfiguredError(
    'no telemetry API configured: give --telemetry URL and a key (ROUTERSH_TELEMETRY_KEY)',
  );
}

export const nowOf = (env: HandlerEnv): number => (env.deps.now ?? Date.now)();

export function labelsText(labels: Record<string, string>): string {
  const name = labels.__name__ ?? '';
  const rest = Object.entries(labels)
    .filter(([k]) => k !== '__name__')
    .map(([k, v]) => `${k}="${v}"`)
    .join(', ');
  return sanitizeLine(rest ? `${name}{${rest}}` : name || '{}');
}

export function vectorTable(series: Series[]): string {
  if (series.length === 0) return '(no series matched)\n';
  const rows = series.map((s) => {
    const last = s.samples[s.samples.length - 1];
    return [labelsText(s.labels), last?.raw ?? '', last ? new Date(last.t).toISOString() : ''];
  });
  return renderTable(['series', 'value', 'time'], rows);
}

export const withNotices = (text: string, notices?: string[]) =>
  (notices ?? []).map((n) => `note: ${sanitizeLine(n)}\n`).join('') + text;
