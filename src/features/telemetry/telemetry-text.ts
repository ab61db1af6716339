// Plain-text shapes shared by the telemetry handlers: series labels, an instant-vector table,
// the service's notices. Server text is sanitized before it reaches a terminal.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import type { Series } from '../../api/telemetry/types.js';
import { notConfiguredError } from '../../errors.js';
import { formatValue } from '../../term/format-number.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { renderTable } from '../../term/table.js';
import { wrapWords } from '../../term/wrap-words.js';
import { displayWidth, truncateToWidth } from '../../term/text-width.js';
import type { HandlerEnv } from '../../contract/handler.js';

export const HOUR = 3_600_000;

/** The telemetry client (loaded on first use in a one-shot run), or the error that says how to configure one. */
export async function telemetryOf(env: HandlerEnv): Promise<TelemetryClient> {
  const port = env.services.telemetry;
  if (port) return port.client();
  throw notConfiguredError(
    'no telemetry API configured: give --telemetry URL and a key (ROUTERSH_TELEMETRY_KEY)',
  );
}

export const nowOf = (env: HandlerEnv): number => env.services.now();

/** `name{k="v", …}`; label values longer than `maxValue` columns end in `…`. */
export function labelsText(labels: Record<string, string>, maxValue = Number.POSITIVE_INFINITY): string {
  const name = sanitizeLine(labels.__name__ ?? '');
  const rest = Object.entries(labels)
    .filter(([k]) => k !== '__name__')
    .map(
      ([k, v]) =>
        `${sanitizeLine(k)}="${Number.isFinite(maxValue) ? truncateToWidth(sanitizeLine(v), maxValue) : sanitizeLine(v)}"`,
    )
    .join(', ');
  return rest ? `${name}{${rest}}` : name || '{}';
}

/** Label values are cut to no fewer columns than this; past it the series text itself is cut. */
const MIN_LABEL_VALUE = 6;

/**
 * The instant vector as a table `width` columns wide. The value column stays whole; when the
 * series column is too wide its longest label values are cut with `…` (all to one length, so
 * every label stays in view), and only then the text itself. The evaluation time, usually one
 * for all rows, is a line under the table rather than a column.
 */
export function vectorTable(series: Series[], width = Number.POSITIVE_INFINITY): string {
  if (series.length === 0) return '(no series matched)\n';
  const cells = series.map((s) => {
    const last = s.samples[s.samples.length - 1];
    return {
      labels: s.labels,
      value: last ? formatValue(last.v) : '',
      time: last ? new Date(last.t).toISOString() : '',
    };
  });
  const oneTime = cells.every((c) => c.time === cells[0]!.time);
  const columns = oneTime ? ['series', 'value'] : ['series', 'value', 'time'];
  const GAP = 2;
  const colWidth = (texts: string[], head: string) =>
    texts.reduce((w, t) => Math.max(w, displayWidth(t)), displayWidth(head));
  const room =
    width -
    colWidth(
      cells.map((c) => c.value),
      'value',
    ) -
    GAP -
    (oneTime
      ? 0
      : colWidth(
          cells.map((c) => c.time),
          'time',
        ) + GAP);
  const longest = (max: number) =>
    cells.reduce((w, c) => Math.max(w, displayWidth(labelsText(c.labels, max))), 0);
  let maxValue = Number.POSITIVE_INFINITY;
  if (longest(maxValue) > room) {
    // The largest cut that fits, by bisection over the value length.
    let lo = MIN_LABEL_VALUE;
    let hi = cells.reduce(
      (w, c) => Object.values(c.labels).reduce((m, v) => Math.max(m, displayWidth(sanitizeLine(v))), w),
      lo,
    );
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (longest(mid) <= room) lo = mid;
      else hi = mid - 1;
    }
    maxValue = lo;
  }
  const rows = cells.map((c) => [labelsText(c.labels, maxValue), c.value, ...(oneTime ? [] : [c.time])]);
  const table = renderTable(columns, rows, {
    rightAlign: [false, true, false],
    ...(Number.isFinite(width) ? { maxWidth: width } : {}),
  });
  return oneTime && cells[0]!.time ? `${table}at ${cells[0]!.time}\n` : table;
}

/** The service's notices before the text, each broken at blanks to `width` columns when given. */
export const withNotices = (text: string, notices?: string[], width = Number.POSITIVE_INFINITY) =>
  (notices ?? []).map((n) => `${wrapWords(`note: ${sanitizeLine(n)}`, width, '  ').join('\n')}\n`).join('') +
  text;
