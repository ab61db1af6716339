// `logs …` handlers: records (a pane on a terminal, otherwise lines; `all` follows
// next_offset to the end), a histogram drawn as bars, field discovery.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import { parseCount, parseRange, parseStep } from '../../lang/time.js';
import { histogramText } from './histogram-text.js';
import { renderLogLine } from '../../term/log-fields.js';
import { jsonText, sanitizeLine } from '../../term/sanitize.js';
import { renderTable } from '../../term/table.js';
import type { Handler } from '../../contract/handler.js';
import { MAX_ALL_RECORDS, searchAll } from './logs-all.js';
import type { Outcome } from '../../contract/outcome.js';
import type { RunIo } from '../../contract/services.js';
import { isRoutershError } from '../../errors.js';
import { bucketStep } from './telemetry-sources.js';
import { HOUR, nowOf, telemetryOf, withNotices } from './telemetry-text.js';

export const logsSearch: Handler<'logs search'> = async ({ args, options }, env) => {
  const client = await telemetryOf(env);
  const range = parseRange(options, nowOf(env), HOUR);
  const given = options.limit?.[0] !== undefined ? parseCount(options.limit[0]) : undefined;
  const query = args[0] ?? '*';
  if (env.services.interactive) {
    // An API without logs says so here, not in a pane that can show nothing.
    await client.capabilitiesFor('logs', env.signal);
    return { kind: 'pane', spec: { pane: 'logs', query, ...range, limit: given ?? 200 } };
  }
  // With `all`, `limit N` bounds the total (the pages are as large as the API allows).
  if (options.all !== undefined) {
    const max = given ?? MAX_ALL_RECORDS;
    // A batch run takes the records as they come: memory stays flat whatever the range holds.
    if (env.io.write) return logsAllStreamed(client, query, range, max, env.signal, env.io.write);
    return logsAll(client, query, range, max, env.signal);
  }
  return logsPlain(client, query, range, given ?? 200, env.signal);
};

export const logsHistogram: Handler<'logs histogram'> = async ({ args, options }, env) => {
  const client = await telemetryOf(env);
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
  return { kind: 'text', text: histogramText(res, env.services.width()), json: res.raw };
};

function valueHits(
  res: { data: Array<{ value: string; hits: number }>; raw: unknown },
  head: string,
): Outcome {
  const rows = res.data.map((v) => [v.value, String(v.hits)]);
  return { kind: 'text', text: rows.length ? renderTable([head, 'hits'], rows) : '(none)\n', json: res.raw };
}

export const logsFields: Handler<'logs fields'> = async (_call, env) =>
  valueHits(await (await telemetryOf(env)).fields({}, env.signal), 'field');

export const logsFieldValues: Handler<'logs field-values'> = async ({ args }, env) =>
  valueHits(await (await telemetryOf(env)).fieldValues({ field: args[0] ?? '' }, env.signal), 'value');

export const logsFacets: Handler<'logs facets'> = async (_call, env) => {
  const res = await (await telemetryOf(env)).facets({}, env.signal);
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
  signal: AbortSignal,
): Promise<Outcome> {
  const res = await client.logsSearch({ query, start: range.startMs, end: range.endMs, limit }, signal);
  // The service answers newest first; a tail reads oldest to newest.
  const notes = [...(res.notices ?? []), ...(res.shapeWarning ? [res.shapeWarning] : [])];
  return recordsText([...res.data].reverse().map(renderLogLine), notes, res.raw);
}

async function logsAll(
  client: TelemetryClient,
  query: string,
  range: { startMs: number; endMs: number },
  max: number,
  signal: AbortSignal,
): Promise<Outcome> {
  const r = await searchAll(client, query, range, signal, max);
  return recordsText(r.records.map(renderLogLine), r.notes, r.pages.length === 1 ? r.pages[0] : r.pages);
}

/**
 * `all` written as it comes (RunIo.write): each window's records as lines, or under --json one
 * document `{"data":{"records":[…]},"meta":{…}}` written piece by piece — the records, then
 * meta with the notes (and the error, when one ended the run: the document stays whole).
 */
async function logsAllStreamed(
  client: TelemetryClient,
  query: string,
  range: { startMs: number; endMs: number },
  max: number,
  signal: AbortSignal,
  write: NonNullable<RunIo['write']>,
): Promise<Outcome> {
  let n = 0;
  write({ text: '', json: '{"data":{"records":[' });
  const tail = (meta: Record<string, unknown>) => write({ text: '', json: `]},"meta":${jsonText(meta)}}\n` });
  let r: Awaited<ReturnType<typeof searchAll>>;
  try {
    r = await searchAll(client, query, range, signal, max, (records) => {
      write({
        text: `${records.map(renderLogLine).join('\n')}\n`,
        json: records.map((rec, i) => `${n + i > 0 ? ',' : ''}${jsonText(rec)}`).join(''),
      });
      n += records.length;
    });
  } catch (e) {
    const error = isRoutershError(e) ? e.toJSON() : { code: 'internal', message: String(e) };
    tail({ source: 'store_logs', records: n, truncated: true, notes: [], error });
    throw e;
  }
  const meta = { source: 'store_logs', records: n, requests: r.requests, truncated: r.notes.length > 0 };
  tail({ ...meta, notes: r.notes });
  // Notes after the records: a cut output says so where the reader stops.
  write({ text: (n ? '' : '(no records)\n') + withNotices('', r.notes), json: '' });
  return { kind: 'empty' };
}

function recordsText(lines: string[], notes: string[], json: unknown): Outcome {
  const text = lines.length ? `${lines.join('\n')}\n` : '(no records)\n';
  // Notes after the records: a cut output says so where the reader stops.
  return { kind: 'text', text: text + withNotices('', notes), json };
}
