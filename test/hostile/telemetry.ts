// A telemetry API nobody on this team would write: valid answers by default (the spec's
// envelopes), made hostile by modes. Every request is recorded as it arrived.
import type { ServerResponse } from 'node:http';
import { type Harness, type Recorded, startHarness } from './harness.js';
import { EVIL } from './router.js';

export interface TelemetryModes {
  /** Labels, log fields, messages and error text carry EVIL. */
  controls?: boolean;
  /** logs/search: `next_offset` is always the offset asked for (a server that never advances). */
  stuckPagination?: boolean;
  /** logs/search: records in the whole range (paged by limit/offset; next_offset while more). */
  records?: number;
  /** logs/search: one page of this many records, whatever the limit (a 300k-record page). */
  hugePage?: number;
  /** logs/histogram answer shape: the documented-elsewhere `buckets`, VictoriaLogs' `hits`, or garbage. */
  histogram?: 'buckets' | 'hits' | 'garbage';
  /** capabilities: meta.limits.global.route_deadline_seconds (1e10 overflows a timer). */
  deadlineSeconds?: number;
  /** Every answer waits this long first; `silent` never answers. */
  delayMs?: number;
  silent?: boolean;
  /** Every answer is a 307 to this URL. */
  redirectTo?: string;
}

export type HostileTelemetry = Harness<TelemetryModes>;

const now = () => new Date().toISOString().replace('Z', '000000Z');

function answer(m: TelemetryModes, rec: Recorded, res: ServerResponse) {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (m.redirectTo) {
    res.writeHead(307, { location: m.redirectTo });
    res.end();
    return;
  }
  const evil = m.controls ? EVIL : '';
  const meta = (extra: Record<string, unknown> = {}) => ({
    request_id: `req-1${evil}`,
    organization_id: 1,
    ...extra,
  });
  const body = (rec.body ? JSON.parse(rec.body) : {}) as Record<string, unknown>;
  const path = new URL(rec.url, 'http://x').pathname.replace(/^\/api\/v1\//, '');
  switch (path) {
    case 'capabilities':
      return json(200, {
        data: { providers: [] },
        meta: meta({
          source: 'stats_api',
          limits: {
            global: { request_body_bytes: 65536, route_deadline_seconds: m.deadlineSeconds ?? 20 },
            metrics: { range_days: 31, series: 1000, total_points: 100000 },
          },
        }),
      });
    case 'metrics/query':
    case 'metrics/query-range':
      return json(200, {
        data: {
          result_type: path === 'metrics/query' ? 'vector' : 'matrix',
          series: [
            {
              labels: { __name__: `up${evil}`, job: `router${evil}` },
              samples: [{ timestamp: now(), value: '1' }],
            },
          ],
        },
        meta: meta({ source: 'store_metrics' }),
      });
    case 'logs/search': {
      const limit = typeof body.limit === 'number' ? body.limit : 200;
      const offset = typeof body.offset === 'number' ? body.offset : 0;
      const total = m.hugePage ?? m.records ?? 3;
      const count = m.hugePage ?? Math.max(0, Math.min(limit, total - offset));
      const records = Array.from({ length: count }, (_, i) => ({
        _time: now(),
        _msg: `record ${offset + i}${evil}`,
        level: `error${evil}`,
      }));
      const more = m.stuckPagination || (m.hugePage === undefined && offset + count < total);
      const pagination = {
        offset,
        limit,
        ...(more ? { next_offset: m.stuckPagination ? offset : offset + count } : {}),
      };
      return json(200, { data: { records }, meta: meta({ source: 'store_logs', pagination }) });
    }
    case 'logs/histogram': {
      const t = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
      if (m.histogram === 'garbage') return json(200, { data: { whatever: [1, 2, 3] }, meta: meta() });
      if (m.histogram === 'hits')
        return json(200, {
          data: { hits: [{ fields: { level: 'error' }, timestamps: [t], values: [7], total: 7 }] },
          meta: meta(),
        });
      return json(200, {
        data: { step_seconds: 60, buckets: [{ timestamp: t, count: 7, group: { level: 'error' } }] },
        meta: meta(),
      });
    }
    default:
      return json(404, {
        error: { code: 'not_found', message: `no such route${evil}`, request_id: `r${evil}` },
      });
  }
}

/** Starts the hostile telemetry API on 127.0.0.1 (ephemeral port). Modes can change while it runs. */
export function startHostileTelemetry(modes: TelemetryModes = {}): Promise<HostileTelemetry> {
  return startHarness(modes, (m, rec, _req, res) => {
    if (m.silent) return;
    if (m.delayMs) setTimeout(() => answer(m, rec, res), m.delayMs);
    else answer(m, rec, res);
  });
}
