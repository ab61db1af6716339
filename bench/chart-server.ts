// A telemetry API serving the heaviest chart the API allows, for the keystroke-during-refresh
// bench: `series` series (default 800) of about one point per step over whatever range is asked
// (≤ 100,000 points in all, the API's total_points limit), each a few labels long. Runs in its
// own process (it prints its URL as one JSON line) so that building a multi-megabyte answer
// never shares the event loop of the bench that times the screen.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const SERIES = Number(process.argv[2] ?? 800);

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '000000Z');

function rangeBody(startMs: number, endMs: number, stepSeconds: number): string {
  const step = stepSeconds * 1000;
  const first = Math.ceil(startMs / step) * step;
  const times: string[] = [];
  for (let t = first; t <= endMs; t += step) times.push(iso(t));
  const parts: string[] = [];
  for (let s = 0; s < SERIES; s++) {
    const labels = {
      __name__: 'pkts_down',
      customer_id: `c${s}`,
      grp: ['gold', 'silver', 'business'][s % 3],
      host: `bras-${s % 8}`,
    };
    const samples = times.map((timestamp, i) => ({
      timestamp,
      value: String(Math.round(1000 * (1 + (s % 17)) + 400 * Math.sin((first / step + i) / 9 + s))),
    }));
    parts.push(JSON.stringify({ labels, samples }));
  }
  return `{"data":{"result_type":"matrix","series":[${parts.join(',')}]},"meta":{"request_id":"b","source":"store_metrics"}}`;
}

const CAPS = JSON.stringify({
  data: { providers: [] },
  meta: {
    request_id: 'c',
    source: 'stats_api',
    limits: {
      global: { request_body_bytes: 65536, route_deadline_seconds: 20 },
      metrics: { range_days: 31, series: 1000, total_points: 100000 },
    },
  },
});

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (path === '/api/v1/capabilities') return send(200, CAPS);
    if (path === '/api/v1/metrics/query-range') {
      const b = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
      const ms = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : Number(v) * 1000);
      return send(200, rangeBody(ms(b.start), ms(b.end), Number(b.step_seconds) || 60));
    }
    send(404, JSON.stringify({ error: { code: 'not_found', message: 'no such route', request_id: 'n' } }));
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
