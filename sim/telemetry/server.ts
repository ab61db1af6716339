// The HTTP layer: body reading with the size limit, recording, fault injection, routing,
// authentication and the { data, meta } / { error } envelopes (always Cache-Control: no-store).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../clock.js';
import { authorize, type KeyInfo, type Scope } from './auth.js';
import { capabilities } from './capabilities.js';
import { ApiError, errorBody } from './errors.js';
import { newRequestId, type TelemetryFaults } from './faults.js';
import { LIMITS } from './limits.js';
import { CLIENT_GUIDE, DOCS_HTML, OPENAPI_YAML } from './openapi.js';
import * as logs from './routes-logs.js';
import * as metrics from './routes-metrics.js';
import type { HistogramShape, RouteCtx, RouteResult } from './routes-metrics.js';
import type { UpstreamRoute } from './upstream.js';
import type { SeriesData } from './data/metrics-gen.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface SimState {
  clock: Clock;
  seed: number;
  faults: TelemetryFaults;
  keyTable: Map<string, KeyInfo>;
  requests: RecordedRequest[];
  histogram?: HistogramShape;
  /** A metrics-only deployment: no logs provider. */
  noLogs?: boolean;
  /** A simulated fleet's series (data/fleet-gen.ts). */
  fleet?: readonly SeriesData[];
  /** Metrics operations answered by a real upstream (upstream.ts), by path. */
  metricsUpstream?: Record<string, UpstreamRoute>;
}

const MAX_RECORDED = 10_000;
const PREFIX = '/api/v1';

const POSTS: Record<string, { scope: Scope; fn: (ctx: RouteCtx, body: unknown) => RouteResult }> = {
  '/metrics/query': { scope: 'metrics:read', fn: metrics.query },
  '/metrics/query-range': { scope: 'metrics:read', fn: metrics.queryRange },
  '/metrics/names': { scope: 'metrics:read', fn: metrics.names },
  '/metrics/labels': { scope: 'metrics:read', fn: metrics.labels },
  '/metrics/label-values': { scope: 'metrics:read', fn: metrics.labelValues },
  '/logs/search': { scope: 'logs:read', fn: logs.search },
  '/logs/histogram': { scope: 'logs:read', fn: logs.histogram },
  '/logs/facets': { scope: 'logs:read', fn: logs.facets },
  '/logs/fields': { scope: 'logs:read', fn: logs.fields },
  '/logs/field-values': { scope: 'logs:read', fn: logs.fieldValues },
};

const DOCS: Record<string, { type: string; body: string }> = {
  '/openapi.yaml': { type: 'application/yaml; charset=utf-8', body: OPENAPI_YAML },
  '/client-guide.md': { type: 'text/markdown; charset=utf-8', body: CLIENT_GUIDE },
  '/docs': { type: 'text/html; charset=utf-8', body: DOCS_HTML },
};

function send(res: ServerResponse, status: number, type: string, body: string, id: string, extra = {}): void {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-request-id': id,
    ...extra,
  });
  res.end(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Reads the body, keeping at most limit + 1 bytes; `size` is the full streamed size. */
function readBody(req: IncomingMessage): Promise<{ text: string; size: number }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      if (size <= LIMITS.requestBodyBytes) chunks.push(c);
      size += c.length;
      if (size > 64 * LIMITS.requestBodyBytes) req.socket.destroy();
    });
    const done = () => resolve({ text: Buffer.concat(chunks).toString('utf8'), size });
    req.on('end', done);
    req.on('error', done);
  });
}

const isLoopback = (addr: string | undefined) =>
  addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1';

function simControl(state: SimState, req: IncomingMessage, res: ServerResponse, path: string, text: string) {
  const id = newRequestId();
  const fail = (status: number, code: string, msg: string) =>
    send(res, status, JSON_TYPE, errorBody(code, msg, id), id);
  const ok = (faults: string) =>
    send(res, 200, JSON_TYPE, JSON.stringify({ data: { faults }, meta: { request_id: id } }), id);
  if (path !== '/_sim/faults') return fail(404, 'not_found', `no such resource ${path}`);
  if (!isLoopback(req.socket.remoteAddress)) return fail(403, 'forbidden', 'fault control is loopback only');
  if (req.method === 'DELETE') {
    state.faults.clear();
    return ok('cleared');
  }
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST, DELETE');
    return fail(405, 'method_not_allowed', 'use POST or DELETE');
  }
  try {
    const plan: unknown = JSON.parse(text);
    if (typeof plan !== 'object' || plan === null || Array.isArray(plan)) throw new Error('not an object');
    state.faults.set(plan);
  } catch {
    return fail(400, 'invalid_json', 'the body must be a FaultPlan JSON object');
  }
  ok('set');
}

function route(
  state: SimState,
  req: IncomingMessage,
  path: string,
  body: { text: string; size: number },
): RouteResult | { type: string; body: string } | Promise<RouteResult> {
  const now = state.clock.now();
  const sub = path.startsWith(PREFIX + '/') ? path.slice(PREFIX.length) : undefined;
  const post = sub === undefined ? undefined : POSTS[sub];
  const isGet = sub === '/capabilities' || (sub !== undefined && sub in DOCS);
  if (!post && !isGet) throw new ApiError(404, 'not_found', `no such resource ${path}`);
  const method = req.method ?? 'GET';
  if ((post && method !== 'POST') || (isGet && method !== 'GET')) {
    throw new ApiError(405, 'method_not_allowed', `use ${post ? 'POST' : 'GET'} for ${path}`);
  }
  const key = authorize(req, state.keyTable, now, post ? post.scope : null);
  if (!post) {
    if (sub === '/capabilities') return capabilities(now, { logs: !state.noLogs });
    return DOCS[sub!]!;
  }
  if (state.noLogs && post.scope === 'logs:read')
    throw new ApiError(503, 'provider_unavailable', 'the logs provider is not available');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > LIMITS.requestBodyBytes || body.size > LIMITS.requestBodyBytes) {
    throw new ApiError(413, 'payload_too_large', `the request body exceeds ${LIMITS.requestBodyBytes} bytes`);
  }
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/json')
    throw new ApiError(400, 'invalid_content_type', 'Content-Type must be application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'the request body is not valid JSON');
  }
  const shape = {
    ...(state.histogram ? { histogram: state.histogram } : {}),
    ...(state.fleet ? { fleet: state.fleet } : {}),
  };
  const upstream = state.metricsUpstream?.[sub!];
  if (upstream) return upstream({ now, seed: state.seed, org: key.org, ...shape }, parsed);
  return post.fn({ now, seed: state.seed, org: key.org, ...shape }, parsed);
}

export function createHandler(state: SimState): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://sim').pathname;
      if (path.startsWith('/_sim/')) return simControl(state, req, res, path, body.text);
      state.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: { ...req.headers },
        body: body.text,
      });
      if (state.requests.length > MAX_RECORDED) state.requests.shift();
      if (await state.faults.apply(req, res)) return;
      const id = newRequestId();
      try {
        const out = await route(state, req, path, body);
        if ('type' in out) return send(res, 200, out.type, out.body, id);
        const payload = JSON.stringify({ data: out.data, meta: { request_id: id, ...out.meta } });
        send(res, 200, JSON_TYPE, payload, id);
      } catch (e) {
        const err = e instanceof ApiError ? e : new ApiError(500, 'internal_error', 'internal error');
        const extra =
          err.status === 405
            ? { allow: path.includes('/metrics/') || path.includes('/logs/') ? 'POST' : 'GET' }
            : {};
        send(res, err.status, JSON_TYPE, errorBody(err.code, err.message, id, err.details), id, extra);
      }
    })().catch(() => {
      if (!res.headersSent) res.destroy();
    });
  };
}
