// Public entry of the telemetry simulator: a node:http server implementing the External
// Telemetry API v1 (telemetry-api.md) over deterministic synthetic data, with fault injection;
// or, with `metricsUpstream`, its metrics operations over a real VictoriaMetrics (upstream.ts).
//
// Decisions the spec leaves open (see routes-metrics.ts and routes-logs.ts for shapes):
// - Metrics discovery: data { values: string[] }; histogram: data { hits: [{ fields, timestamps,
//   values, total }] } with only non-empty buckets; facets: data { facets: [{ field_name,
//   values: [{ field_value, hits }] }] }; fields / field-values: data { values: [{ value, hits }] }.
// - facets, fields, field-values are POST with JSON bodies like the other operations.
// - Every /api/v1 resource (including docs) needs a valid key; 404/405 come before 401.
// - A matcher on organization_id is 400 forbidden_matcher; the @ modifier is 400 invalid_query;
//   windows/offsets/subquery windows or ranges over 31 days are 422 range_too_large.
// - Logs search is newest first; without start/end logs operations cover the last hour.
// - data_available_from is now - 30 days, floored to the minute; the implicit 5m lookback of
//   instant selectors does not count as reading before it (explicit windows and offsets do).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../clock.js';
import type { Faults } from '../faults.js';
import { urlHost } from '../url-host.js';
import { makeKeys, type SimKeys } from './auth.js';
import { TelemetryFaults } from './faults.js';
import { createHandler, type RecordedRequest, type SimState } from './server.js';
import type { HistogramShape } from './routes-metrics.js';
import { upstreamRoutes } from './upstream.js';
import { type FleetSeriesRouter, fleetSeries } from './data/fleet-gen.js';

export { METRIC_NAMES } from './data/metrics-gen.js';
export { FLEET_METRIC_NAMES, type FleetSeriesRouter } from './data/fleet-gen.js';
export type { HistogramShape } from './routes-metrics.js';

export interface TelemetrySimOptions {
  host?: string;
  port?: number;
  clock?: Clock;
  seed?: number;
  /** logs/histogram answer shape: 'hits' (default, VictoriaLogs') or 'buckets'. */
  histogram?: HistogramShape;
  /** Derive the API keys from this secret (stable across restarts); default: random keys. */
  secretSeed?: string;
  /**
   * false: a metrics-only deployment — capabilities list no logs provider and the logs routes
   * answer 503 provider_unavailable (default true).
   */
  logs?: boolean;
  /**
   * The base URL of a Prometheus-compatible server (VictoriaMetrics): the metrics operations
   * forward to it (upstream.ts) instead of answering from the synthetic store.
   */
  metricsUpstream?: string;
  /** A simulated fleet (sim/fleet/): per router, series labelled `router` (data/fleet-gen.ts). */
  routers?: readonly FleetSeriesRouter[];
  /** false: nothing listens (url is ''); requests come through `handle` (a class server's port). */
  listen?: boolean;
}

export interface TelemetrySim {
  url: string;
  port: number;
  clock: Clock;
  faults: Faults;
  requests: RecordedRequest[];
  keys: SimKeys;
  /** Answers a request whose path is the service's (`/api/v1/…`), in process. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

export async function startTelemetrySim(opts: TelemetrySimOptions = {}): Promise<TelemetrySim> {
  const clock = opts.clock ?? systemClock;
  const host = opts.host ?? '127.0.0.1';
  const faults = new TelemetryFaults();
  const { keys, table } = makeKeys(clock.now(), opts.secretSeed);
  const state: SimState = { clock, seed: opts.seed ?? 1, faults, keyTable: table, requests: [] };
  if (opts.histogram) state.histogram = opts.histogram;
  if (opts.logs === false) state.noLogs = true;
  if (opts.routers) state.fleet = fleetSeries(opts.routers, state.seed);
  if (opts.metricsUpstream) state.metricsUpstream = upstreamRoutes(opts.metricsUpstream);
  const handle = createHandler(state);
  const listen = opts.listen !== false;
  const server = createServer(handle);
  // As the router simulator: idle connections outlive a loaded test worker's stalls.
  server.keepAliveTimeout = 65_000;
  if (listen)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => resolve());
    });
  const port = listen ? (server.address() as AddressInfo).port : 0;
  return {
    url: listen ? `http://${urlHost(host)}:${port}` : '',
    port,
    clock,
    faults,
    requests: state.requests,
    keys,
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        faults.releaseAll();
        if (!listen) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
