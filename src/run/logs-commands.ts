// `logs …` handlers: records (a pane on a terminal, otherwise lines; `all` follows
// next_offset to the end), a histogram drawn as bars, field discovery.
import type { TelemetryClient } from '../api/telemetry/client.js';
import type { LogRecord } from '../api/telemetry/types.js';
import { parseCount, parseRange, parseStep } from '../lang/time.js';
import { histogramText } from './histogram-text.js';
import { renderLogLine } from '../panes/logs/log-format.js';
import { sanitizeLine } from '../term/sanitize.js';
import { renderTable } from '../term/table.js';
import type { Handler } from './handler.js';
import type { Outcome } from './outcome.js';
import { bucketStep } from './telemetry-sources.js';
import { HOUR, nowOf, telemetryOf, withNotices } from './telemetry-text.js';

export const logsSearch: Handler<'logs search'> = async ({ args, options }, env) => {
  const client = telemetryOf(env);
  const range = parseRange(options, nowOf(env), HOUR);
  const limit = options.limit?.[0] !== undefined ? parseCount(options.limit[0]) : 200;
  const query = args[0] ?? '*';
  if (env.deps.interactive) return { kind: 'pane', spec: { pane: 'logs', query, ...range, limit } };
  return logsPlain(client, query, range, limit, options.all !== undefined, env.signal);
};

export const logsHistogram: Handler<'logs histogram'> = async ({ args, options }, env) => {
  const client = telemetryOf(env);
  const range = parseRange(options, nowOf(env), HOUR);
  const step = options.step?.[0];
  const stepSeconds = step !== undefined ? parseStep(step) : bucketStep(range.startMs, range.endMs, 60);
  const by = options.by ?? [];
  const res = await client.logsHistogram(
    {
      query: args[0] ?? '*',
      start: range.startMs,
      end: range.endMs,
      stepSeconds,
      ...(by.length ? { groupBy: by } : {}),
    },
    env.signal,
  );
  return { kind: 'text', text: histogramText(res, env.deps.width()), json: res.raw };
};

function valueHits(
  res: { data: Array<{ value: string; hits: number }>; raw: unknown },
  head: string,
): Outcome {
  const rows = res.data.map((v) => [v.value, String(v.hits)]);
  return { kind: 'text', text: rows.length ? renderTable([head, 'hits'], rows) : '(none)\n', json: res.raw };
}

export const logsFields: Handler<'logs fields'> = async (_call, env) =>
  valueHits(await telemetryOf(env).fields({}, env.signal), 'field');

export const logsFieldValues: Handler<'logs field-values'> = async ({ args }, env) =>
  valueHits(await telemetryOf(env).fieldValues({ field: args[0] ?? '' }, env.signal), 'value');

export const logsFacets: Handler<'logs facets'> = async (_call, env) => {
  const res = await telemetryOf(env).facets({}, env.signal);
  const text = res.data
    .map(
      (f) =>
        `${sanitizeLine(f.field)}\n${f.values.map((v) => `  ${String(v.hits).padStart(8)}  ${sanitizeLine(v.value)}`).join('\n')}\n`,
    )
    .join('');
  return { kind: 'text', text: text || '(none)\n', json: res.raw };
};

async function logsPlain(
  client: TelemetryClient,
  query: string,
  range: { startMs: number; endMs: number },
  limit: number,
  all: boolean,
  signal: AbortSignal,
): Promise<Outcome> {
  const pages: unknown[] = [];
  const records: LogRecord[] = [];
  const notes = new Set<string>();
  let offset: number | undefined;
  do {
    const res = await client.logsSearch(
      { query, start: range.startMs, end: range.endMs, limit, ...(offset !== undefined ? { offset } : {}) },
      signal,
    );
    pages.push(res.raw);
    for (const r of res.data) records.push(r); // no push(...page): a page is server-sized
    for (const n of [...(res.notices ?? []), ...(res.shapeWarning ? [res.shapeWarning] : [])]) notes.add(n);
    const next = all ? res.meta.pagination?.nextOffset : undefined;
    // A next_offset that does not advance would page forever.
    if (next !== undefined && next <= (offset ?? 0))
      notes.add(`the server's next_offset ${next} does not advance; stopped`);
    offset = next !== undefined && next > (offset ?? 0) ? next : undefined;
  } while (offset !== undefined);
  // The service answers newest first (page after page); a tail reads oldest to newest.
  const lines = records.reverse().map(renderLogLine);
  const text = lines.length ? `${lines.join('\n')}\n` : '(no records)\n';
  return { kind: 'text', text: withNotices(text, [...notes]), json: pages.length === 1 ? pages[0] : pages };
}
