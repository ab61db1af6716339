// A tiny node:http server for the cases the simulator does not cover (a second origin for
// redirects, a body shape the simulator never sends). Records every request it receives.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: Received, res: ServerResponse) => void;

export interface Fixture {
  url: string;
  origin: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startFixture(handler: Handler): Promise<Fixture> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(r);
      handler(r, res);
    });
  });
  // Idle connections outlive a loaded worker's stalls (the server shares the client's thread).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** A capabilities answer with the documented limits, metrics available from `from`. */
export function capabilitiesBody(from = '2026-10-01T00:00:00Z'): unknown {
  return {
    data: {
      providers: [
        {
          provider: 'store_metrics',
          operations: ['query', 'query-range', 'names', 'labels', 'label-values'],
          data_available_from: from,
          limits: { range_days: 31, series: 1000, points_per_series: 11000, total_points: 100000 },
        },
        { provider: 'store_logs', operations: ['search', 'histogram', 'facets', 'fields', 'field-values'] },
      ],
    },
    meta: {
      request_id: 'caps-1',
      source: 'stats_api',
      limits: { global: { request_body_bytes: 65536, route_deadline_seconds: 20 } },
    },
  };
}
