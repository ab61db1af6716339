// Metrics operations answered by a real Prometheus-compatible upstream (VictoriaMetrics) instead
// of the synthetic store (option `metricsUpstream`): each request is checked as the API checks
// it (strict body, RFC 3339 times, 31-day range, data_available_from, no `@`, no
// organization_id matcher, discovery limit, the series and point limits, the route deadline),
// translated into VM's Prometheus API (/api/v1/query, query_range, labels, label/…/values) and
// its answer wrapped in the API's envelope: series as { labels, samples } with RFC 3339
// timestamps and string values; discovery as { values }, cut at `limit` with meta.truncated.
// VM's 400 and 422 are the API's 400 invalid_query (422 result_too_large when over VM's own
// limits), its other failures 502 (503 when unreachable, 504 past the route deadline). Authentication, body size and content type stay with server.ts.
import { Body, intInRange } from './body.js';
import { ApiError, invalidQuery, rangeTooLarge } from './errors.js';
import { LIMITS } from './limits.js';
import { tokenize } from './metricsql/lexer.js';
import { MAX_WINDOW_MS } from './metricsql/parser.js';
import {
  checkRange,
  checkResult,
  discoveryBody,
  metricsMeta,
  type RouteCtx,
  type RouteResult,
} from './routes-metrics.js';
import { formatMs } from './time.js';

export type UpstreamRoute = (ctx: RouteCtx, raw: unknown) => Promise<RouteResult>;

interface PromSeries {
  metric: Record<string, string>;
  value?: [number, string];
  values?: Array<[number, string]>;
}

/**
 * The query's policy checks, and how far before its evaluation time it reads (its largest
 * window plus its largest offset). The simulator's own tokenizer reads it; MetricsQL it does not
 * tokenize (VM's is wider) is checked on its text instead, more strictly: no `@` and no
 * `organization_id` anywhere.
 */
export function queryPolicy(expr: string): { lookbehindMs: number } {
  let toks: ReturnType<typeof tokenize>;
  try {
    toks = tokenize(expr);
  } catch {
    if (expr.includes('@')) throw invalidQuery('the @ modifier is not allowed');
    if (expr.includes('organization_id'))
      throw new ApiError(400, 'forbidden_matcher', 'matching on organization_id is not allowed');
    return { lookbehindMs: 0 };
  }
  let window = 0;
  let offset = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const next = toks[i + 1];
    if (t.kind === 'punct' && t.text === '@') throw invalidQuery('the @ modifier is not allowed');
    if (
      t.kind === 'ident' &&
      t.text === 'organization_id' &&
      next?.kind === 'op' &&
      /^(=|!=|=~|!~)$/.test(next.text)
    )
      throw new ApiError(400, 'forbidden_matcher', 'matching on organization_id is not allowed');
    if (t.kind !== 'dur') continue;
    if (t.value > MAX_WINDOW_MS) throw rangeTooLarge(`${t.text} exceeds 31 days`);
    const prev = toks[i - 1];
    if (prev?.kind === 'ident' && prev.text.toLowerCase() === 'offset') offset = Math.max(offset, t.value);
    else window = Math.max(window, t.value);
  }
  return { lookbehindMs: window + offset };
}

const seconds = (ms: number) => String(ms / 1000);

/** Asks VM (GET, form parameters); its answer's `data`, or the API's error for its failure. */
async function ask(base: string, path: string, params: Array<[string, string]>): Promise<unknown> {
  const url = `${base.replace(/\/+$/, '')}${path}?${new URLSearchParams(params)}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(LIMITS.routeDeadlineSeconds * 1000) });
  } catch (e) {
    if ((e as Error).name === 'TimeoutError')
      throw new ApiError(
        504,
        'deadline_exceeded',
        `the metrics provider did not answer within ${LIMITS.routeDeadlineSeconds} s`,
      );
    throw new ApiError(503, 'provider_unavailable', 'the metrics provider is not reachable');
  }
  const text = await res.text();
  let body: { status?: string; data?: unknown; error?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: reported below by status
  }
  const reason = (body.error ?? text).slice(0, 500);
  // VM says 422 for a query it cannot parse or run, and for one over its own limits.
  if (res.status === 422 && /cannot select more than|too many|exceed/i.test(reason))
    throw new ApiError(422, 'result_too_large', reason);
  if (res.status === 400 || res.status === 422) throw invalidQuery(reason);
  if (!res.ok || body.status !== 'success')
    throw new ApiError(502, 'provider_error', `the metrics provider answered ${res.status}: ${reason}`);
  return body.data;
}

/** VM's labels, the reserved organization_id left out, __name__ first then sorted. */
function labelsOf(metric: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  if (metric.__name__ !== undefined) out.__name__ = metric.__name__;
  for (const k of Object.keys(metric).sort())
    if (k !== '__name__' && k !== 'organization_id') out[k] = metric[k]!;
  return out;
}

/** VM's value strings are the API's already ("0.5", "+Inf", "NaN"). */
const sample = ([t, v]: [number, string]) => ({ timestamp: formatMs(Math.round(t * 1000)), value: v });

/** VM's vector, matrix or scalar as the API's series (a scalar: one series without labels). */
function seriesOf(
  data: unknown,
): Array<{ labels: Record<string, string>; samples: ReturnType<typeof sample>[] }> {
  const d = data as { resultType?: string; result?: unknown };
  if (d.resultType === 'scalar') return [{ labels: {}, samples: [sample(d.result as [number, string])] }];
  if (d.resultType !== 'vector' && d.resultType !== 'matrix') return [];
  return ((d.result ?? []) as PromSeries[]).map((s) => ({
    labels: labelsOf(s.metric),
    samples: (s.values ?? (s.value ? [s.value] : [])).map(sample),
  }));
}

export function upstreamRoutes(base: string): Record<string, UpstreamRoute> {
  const query: UpstreamRoute = async (ctx, raw) => {
    const b = new Body(raw, { expression: 'string', time: 'time' }, ['expression']);
    const t = b.time('time') ?? ctx.now;
    const expression = b.str('expression')!;
    checkRange(t, t, t - queryPolicy(expression).lookbehindMs, ctx.now);
    const series = seriesOf(
      await ask(base, '/api/v1/query', [
        ['query', expression],
        ['time', seconds(t)],
      ]),
    );
    checkResult(series.length, 1);
    return { data: { result_type: 'vector', series }, meta: metricsMeta(ctx.now, { truncated: false }) };
  };

  const queryRange: UpstreamRoute = async (ctx, raw) => {
    const b = new Body(raw, { expression: 'string', start: 'time', end: 'time', step_seconds: 'integer' }, [
      'expression',
      'start',
      'end',
    ]);
    const start = b.time('start')!;
    const end = b.time('end')!;
    const expression = b.str('expression')!;
    // The simulator's default: about 300 points, never finer than 30 s.
    const step = intInRange(
      b,
      'step_seconds',
      1,
      LIMITS.rangeDays * 86_400,
      Math.max(30, Math.ceil((end - start) / 300_000)),
    );
    const points = start <= end ? Math.floor((end - start) / (step * 1000)) + 1 : 0;
    checkRange(start, end, start - queryPolicy(expression).lookbehindMs, ctx.now);
    if (points > LIMITS.pointsPerSeries)
      throw new ApiError(
        422,
        'result_too_large',
        `${points} points per series, more than ${LIMITS.pointsPerSeries}; use a larger step`,
        {
          points_per_series: points,
        },
      );
    const data = await ask(base, '/api/v1/query_range', [
      ['query', expression],
      ['start', seconds(start)],
      ['end', seconds(end)],
      ['step', String(step)],
    ]);
    const series = seriesOf(data);
    checkResult(series.length, points);
    return { data: { result_type: 'matrix', series }, meta: metricsMeta(ctx.now, { truncated: false }) };
  };

  /** names, labels, label-values: VM's list for the range (and matchers), cut at `limit`. */
  const discovery =
    (kind: 'names' | 'labels' | 'values'): UpstreamRoute =>
    async (ctx, raw) => {
      const { b, start, end, limit } = discoveryBody(ctx, raw, kind);
      const matchers = b.strs('matchers') ?? [];
      for (const m of matchers) queryPolicy(m);
      const label = kind === 'names' ? '__name__' : b.str('label');
      if (label === 'organization_id') return listResult(ctx, [], limit);
      if (label !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(label))
        throw new ApiError(400, 'invalid_request', `"${label}" is not a label name`, { field: 'label' });
      const path = label === undefined ? '/api/v1/labels' : `/api/v1/label/${label}/values`;
      const params: Array<[string, string]> = [
        ['start', seconds(start)],
        ['end', seconds(end)],
        ...matchers.map((m): [string, string] => ['match[]', m]),
      ];
      const values = ((await ask(base, path, params)) ?? []) as string[];
      return listResult(
        ctx,
        values.filter((v) => v !== 'organization_id'),
        limit,
      );
    };

  return {
    '/metrics/query': query,
    '/metrics/query-range': queryRange,
    '/metrics/names': discovery('names'),
    '/metrics/labels': discovery('labels'),
    '/metrics/label-values': discovery('values'),
  };
}

function listResult(ctx: RouteCtx, values: string[], limit: number): RouteResult {
  const sorted = [...values].sort();
  return {
    data: { values: sorted.slice(0, limit) },
    meta: metricsMeta(ctx.now, { truncated: sorted.length > limit }),
  };
}
