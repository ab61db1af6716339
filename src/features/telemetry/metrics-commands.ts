// `metrics …` handlers: an instant table, a range chart (a pane on a terminal, otherwise a
// one-shot chart and a summary), discovery lists. --json prints the data as received.
import { parseRange, parseStep, parseTime } from '../../lang/time.js';
import { renderChartText, renderSummaryTable } from './render-text.js';
import { fitHeadTail } from '../../term/fit-line.js';
import { sanitizeLine } from '../../term/sanitize.js';
import type { Handler, HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { planRange } from './telemetry-sources.js';
import { HOUR, nowOf, telemetryOf, vectorTable, withNotices } from './telemetry-text.js';

export const metricsQuery: Handler<'metrics query'> = async ({ args, options }, env) => {
  const client = await telemetryOf(env);
  const at = options.at?.[0];
  const res = await client.query(
    { expression: args[0] ?? '', ...(at !== undefined ? { time: parseTime(at, nowOf(env)) } : {}) },
    env.signal,
  );
  return {
    kind: 'text',
    text: withNotices(vectorTable(res.data.series, env.services.width()), res.notices),
    json: res.raw,
  };
};

export const metricsRange: Handler<'metrics range'> = async ({ args, options }, env) => {
  const client = await telemetryOf(env);
  const range = parseRange(options, nowOf(env), HOUR);
  const step = options.step?.[0] !== undefined ? parseStep(options.step[0]) : undefined;
  const expression = args[0] ?? '';
  if (env.services.interactive) {
    await client.capabilitiesFor('metrics', env.signal);
    return {
      kind: 'pane',
      spec: { pane: 'chart', expression, ...range, ...(step ? { stepSeconds: step } : {}) },
    };
  }
  const width = env.services.width();
  const caps = await client.capabilities(env.signal);
  const plan = planRange(range, Math.max(20, width - 12), caps.limits, step);
  const res = await client.queryRange(
    { expression, start: plan.startMs, end: plan.endMs, stepSeconds: plan.stepSeconds },
    env.signal,
  );
  // The window the API was asked for (its start moved up to data_available_from), in COLUMNS.
  const w = res.window ?? plan;
  const span = ` · ${isoSeconds(w.startMs)} → ${isoSeconds(w.endMs)} · step ${plan.stepSeconds}s`;
  const title = fitHeadTail(sanitizeLine(expression), span, width);
  const text =
    res.data.series.length === 0
      ? '(no series matched)\n'
      : `${renderChartText(res.data.series, { width, height: 12, title })}\n${renderSummaryTable(res.data.series)}`;
  return { kind: 'text', text: withNotices(text, res.notices, width), json: res.raw };
};

/** RFC 3339 to the second: the milliseconds of a chart's range say nothing. */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function list(res: { data: string[]; notices?: string[]; raw: unknown }): Outcome {
  const text = res.data.map((v) => `${sanitizeLine(v)}\n`).join('') || '(none)\n';
  return { kind: 'text', text: withNotices(text, res.notices), json: res.raw };
}

const lastHour = (env: HandlerEnv) => {
  const end = nowOf(env);
  return { start: end - HOUR, end };
};

export const metricsNames: Handler<'metrics names'> = async ({ options }, env) => {
  const match = options.match?.[0];
  const q = { ...lastHour(env), ...(match !== undefined ? { match } : {}) };
  return list(await (await telemetryOf(env)).names(q, env.signal));
};

export const metricsLabels: Handler<'metrics labels'> = async ({ options }, env) =>
  list(
    await (await telemetryOf(env)).labels({ ...lastHour(env), matchers: options.match ?? [] }, env.signal),
  );

export const metricsLabelValues: Handler<'metrics label-values'> = async ({ args, options }, env) =>
  list(
    await (await telemetryOf(env)).labelValues(
      { label: args[0] ?? '', ...lastHour(env), matchers: options.match ?? [] },
      env.signal,
    ),
  );
