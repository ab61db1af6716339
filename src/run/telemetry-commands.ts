// `metrics …` and `logs …`: parse the built-in's arguments, call the telemetry client, and
// shape an outcome: plain text (tables, a one-shot chart, record lines) or, on a terminal, a
// full-screen pane. --json prints the data as received.
import type { TelemetryClient } from '../api/telemetry/client.js';
import type { LogRecord, Series } from '../api/telemetry/types.js';
import { argumentError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { renderChartText, renderSummaryTable } from '../panes/chart/render-text.js';
import { renderLogLine } from '../panes/logs/log-format.js';
import { renderTable } from '../term/table.js';
import { histogramText } from './histogram-text.js';
import type { Outcome } from './outcome.js';
import type { TelemetryRun } from './runner.js';
import { bucketStep, planRange } from './telemetry-sources.js';
import { parseRange, parseTime } from '../lang/time.js';

const HOUR = 3_600_000;

export interface TelemetryCtx {
  signal: AbortSignal;
  interactive: boolean;
  width: number;
  now?: () => number;
}

const one = (o: Record<string, string[]>, k: string) => o[k]?.[0];

function intOption(o: Record<string, string[]>, k: string): number | undefined {
  const v = one(o, k);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw argumentError(`${k} wants a positive whole number, not '${v}'`);
  return n;
}

function labelsText(labels: Record<string, string>): string {
  const name = labels.__name__ ?? '';
  const rest = Object.entries(labels)
    .filter(([k]) => k !== '__name__')
    .map(([k, v]) => `${k}="${v}"`)
    .join(', ');
  return sanitizeLine(rest ? `${name}{${rest}}` : name || '{}');
}

function vectorTable(series: Series[]): string {
  if (series.length === 0) return '(no series matched)\n';
  const rows = series.map((s) => {
    const last = s.samples[s.samples.length - 1];
    return [labelsText(s.labels), last?.raw ?? '', last ? new Date(last.t).toISOString() : ''];
  });
  return renderTable(['series', 'value', 'time'], rows);
}

const withNotices = (text: string, notices?: string[]) =>
  (notices ?? []).map((n) => `note: ${sanitizeLine(n)}\n`).join('') + text;

export async function runTelemetry(
  client: TelemetryClient,
  cmd: TelemetryRun,
  ctx: TelemetryCtx,
): Promise<Outcome> {
  const now = (ctx.now ?? Date.now)();
  const { options: o, args, signal } = { ...cmd, signal: ctx.signal };
  const matchers = o.match ?? [];
  switch (cmd.name) {
    case 'metrics query': {
      const at = one(o, 'at');
      const res = await client.query(
        { expression: args[0] ?? '', ...(at ? { time: parseTime(at, now) } : {}) },
        signal,
      );
      return { kind: 'text', text: withNotices(vectorTable(res.data.series), res.notices), json: res.raw };
    }
    case 'metrics range': {
      const range = parseRange(o, now, HOUR);
      const step = intOption(o, 'step');
      const expression = args[0] ?? '';
      if (ctx.interactive) {
        return {
          kind: 'pane',
          spec: { pane: 'chart', expression, ...range, ...(step ? { stepSeconds: step } : {}) },
        };
      }
      const caps = await client.capabilities(signal);
      const plotWidth = Math.max(20, ctx.width - 12);
      const plan = planRange(range, plotWidth, caps.limits, step);
      const res = await client.queryRange(
        { expression, start: plan.startMs, end: plan.endMs, stepSeconds: plan.stepSeconds },
        signal,
      );
      const title = `${expression} · ${new Date(plan.startMs).toISOString()} → ${new Date(plan.endMs).toISOString()} · step ${plan.stepSeconds}s`;
      const text =
        res.data.series.length === 0
          ? '(no series matched)\n'
          : `${renderChartText(res.data.series, { width: ctx.width, height: 12, title })}\n${renderSummaryTable(res.data.series)}`;
      return { kind: 'text', text: withNotices(text, res.notices), json: res.raw };
    }
    case 'metrics names':
    case 'metrics labels':
    case 'metrics label-values': {
      const start = now - HOUR;
      const res =
        cmd.name === 'metrics names'
          ? await client.names({ start, end: now, ...(matchers[0] ? { match: matchers[0] } : {}) }, signal)
          : cmd.name === 'metrics labels'
            ? await client.labels({ start, end: now, matchers }, signal)
            : await client.labelValues({ label: args[0] ?? '', start, end: now, matchers }, signal);
      const text = res.data.map((v) => `${sanitizeLine(v)}\n`).join('') || '(none)\n';
      return { kind: 'text', text: withNotices(text, res.notices), json: res.raw };
    }
    case 'logs search': {
      const range = parseRange(o, now, HOUR);
      const limit = intOption(o, 'limit') ?? 200;
      const query = args[0] ?? '*';
      if (ctx.interactive) return { kind: 'pane', spec: { pane: 'logs', query, ...range, limit } };
      return logsPlain(client, query, range, limit, o.all !== undefined, signal);
    }
    case 'logs histogram': {
      const range = parseRange(o, now, HOUR);
      const stepSeconds = intOption(o, 'step') ?? bucketStep(range.startMs, range.endMs, 60);
      const by = o.by ?? [];
      const res = await client.logsHistogram(
        {
          query: args[0] ?? '*',
          start: range.startMs,
          end: range.endMs,
          stepSeconds,
          ...(by.length ? { groupBy: by } : {}),
        },
        signal,
      );
      return { kind: 'text', text: histogramText(res, ctx.width), json: res.raw };
    }
    case 'logs fields':
    case 'logs field-values': {
      const res =
        cmd.name === 'logs fields'
          ? await client.fields({}, signal)
          : await client.fieldValues({ field: args[0] ?? '' }, signal);
      const rows = res.data.map((v) => [v.value, String(v.hits)]);
      const text = rows.length
        ? renderTable([cmd.name === 'logs fields' ? 'field' : 'value', 'hits'], rows)
        : '(none)\n';
      return { kind: 'text', text, json: res.raw };
    }
    case 'logs facets': {
      const res = await client.facets({}, signal);
      const text = res.data
        .map(
          (f) =>
            `${sanitizeLine(f.field)}\n${f.values.map((v) => `  ${String(v.hits).padStart(8)}  ${sanitizeLine(v.value)}`).join('\n')}\n`,
        )
        .join('');
      return { kind: 'text', text: text || '(none)\n', json: res.raw };
    }
    default:
      throw argumentError(`'${cmd.name}' needs more words (try 'help')`);
  }
}

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
  let offset: number | undefined;
  do {
    const res = await client.logsSearch(
      { query, start: range.startMs, end: range.endMs, limit, ...(offset !== undefined ? { offset } : {}) },
      signal,
    );
    pages.push(res.raw);
    records.push(...res.data);
    offset = all ? res.meta.pagination?.nextOffset : undefined;
  } while (offset !== undefined);
  // The service answers newest first (page after page); a tail reads oldest to newest.
  const lines = records.reverse().map(renderLogLine);
  const text = lines.length ? `${lines.join('\n')}\n` : '(no records)\n';
  return { kind: 'text', text, json: pages.length === 1 ? pages[0] : pages };
}
