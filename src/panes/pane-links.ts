// How the panes lead to each other: a log record's fields name metric labels (`c` charts the
// record's customer or host around its time), and a chart series' labels name log fields (`L`
// opens the logs of the visible window). Pure: the shell opens what these functions describe.
import type { LogRecord } from '../api/telemetry/types.js';
import { logTimeMs } from '../api/telemetry/log-time.js';

/** One log field ↔ metric label pair, and the chart `c` opens for a record that has the field. */
export interface PaneLink {
  /** A log field (`customer_id`). */
  field: string;
  /** The metric label holding the same value. */
  label: string;
  /** A MetricsQL expression; `$matchers` becomes `label="value"`. */
  expression: string;
}

/**
 * Fits the simulator's data (sim/telemetry/data): customers' traffic counters carry
 * `customer_id`, hosts' gauges carry `host`; both are fields of the log records about them.
 * The first link whose field the record has wins, so the customer comes before its host.
 */
export const DEFAULT_PANE_LINKS: readonly PaneLink[] = [
  { field: 'customer_id', label: 'customer_id', expression: 'rate(bytes_down{$matchers}[5m])' },
  { field: 'host', label: 'host', expression: 'cpu_usage_percent{$matchers}' },
];

/** `c` charts this much before and after the record's time. */
export const AROUND_MS = 15 * 60_000;

/** A pane another pane asks the shell to open (a fixed range, or the last `span` ms when live). */
export type PaneRequest =
  | { pane: 'chart'; expression: string; startMs: number; endMs: number; live: boolean; emptyHint?: string }
  | { pane: 'logs'; query: string; startMs: number; endMs: number; live: boolean };

const quoteLabel = (v: string) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;
const quoteField = (v: string) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Where the user maps their own fields and metrics. */
const SET_LINKS = '"paneLinks" in the profile (config.json; see docs/telemetry.md)';

/**
 * The chart of the record's customer or host around its time, or why there is none.
 * `configured`: the links are the profile's `paneLinks`, not the simulator's defaults — which
 * another router's records and metrics rarely fit, so then both answers say how to map them.
 */
export function chartForRecord(
  record: LogRecord,
  links: readonly PaneLink[],
  now: number,
  configured = true,
): PaneRequest | { reason: string } {
  const t = logTimeMs(record._time);
  if (Number.isNaN(t)) return { reason: 'the record has no readable _time' };
  const link = links.find((l) => typeof record[l.field] === 'string' && record[l.field] !== '');
  if (!link) {
    const fields = [...new Set(links.map((l) => l.field))].join(', ');
    if (!configured)
      return { reason: `map a field of the record to a metric with ${SET_LINKS} (linked now: ${fields})` };
    return { reason: `the record has none of the fields your paneLinks name (${fields || 'none'})` };
  }
  const matcher = `${link.label}=${quoteLabel(String(record[link.field]))}`;
  const expression = link.expression.replaceAll('$matchers', matcher);
  // Never past now: the future has no samples, and the chart would be mostly empty.
  const startMs = Math.floor(t - AROUND_MS);
  const req: PaneRequest = {
    pane: 'chart',
    expression,
    startMs,
    endMs: Math.min(Math.ceil(t + AROUND_MS), now),
    live: false,
  };
  if (!configured)
    req.emptyHint = `Nothing to chart for ${expression}: c follows routersh's default link (log field ${link.field} → ${link.expression}), made for the simulator's data. Map your log fields to your metrics with ${SET_LINKS}.`;
  return req;
}

/** The log query for a series: every linked label it carries as an exact field filter. */
export function logQueryForLabels(
  labels: Readonly<Record<string, string>> | undefined,
  links: readonly PaneLink[],
): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const l of links) {
    const v = labels?.[l.label];
    if (v === undefined || v === '' || seen.has(l.field)) continue;
    seen.add(l.field);
    parts.push(`${l.field}:=${quoteField(v)}`);
  }
  return parts.length > 0 ? parts.join(' ') : '*';
}

/** `L` in the chart: the logs of the visible window (and of the series' labels). */
export function logsForWindow(
  range: { startMs: number; endMs: number; live: boolean },
  labels: Readonly<Record<string, string>> | undefined,
  links: readonly PaneLink[],
): PaneRequest {
  return { pane: 'logs', query: logQueryForLabels(labels, links), ...range };
}
