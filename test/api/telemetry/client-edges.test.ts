// Client behaviour the simulator does not produce: redirects to another origin, resets,
// hangs, garbage and surprising shapes. Real node:http servers on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryClient, type TelemetryClientConfig } from '../../../src/api/telemetry/client.js';
import { isRoutershError, type RoutershError } from '../../../src/errors.js';
import { capabilitiesBody, type Fixture, type Handler, json, startFixture } from './fixture-server.js';
import { exitStatusOf } from '../../../src/exit-status.js';

const KEY = 'tk_secret_0123456789';
const T0 = Date.parse('2026-11-22T12:00:00Z');
const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function fixture(handler: Handler): Promise<Fixture> {
  const f = await startFixture(handler);
  open.push(f);
  return f;
}

function client(url: string, extra: Partial<TelemetryClientConfig> = {}): TelemetryClient {
  const c = new TelemetryClient({ baseUrl: url, apiKey: KEY, sleep: async () => {}, ...extra });
  open.push(c);
  return c;
}

/** Answers capabilities, and hands every other request to `rest`. */
const withCaps =
  (rest: Handler): Handler =>
  (req, res) =>
    req.url.endsWith('/api/v1/capabilities') ? json(res, 200, capabilitiesBody()) : rest(req, res);

async function failure(p: Promise<unknown>): Promise<RoutershError> {
  try {
    await p;
  } catch (e) {
    if (isRoutershError(e)) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

function noKey(e: RoutershError): void {
  expect(e.message).not.toContain(KEY);
  expect(JSON.stringify(e.toJSON())).not.toContain(KEY);
  expect(String(e.stack)).not.toContain(KEY);
}

describe('redirects are never followed', () => {
  it('refuses a cross-origin redirect and the other origin never sees the key', async () => {
    const other = await fixture((_req, res) => json(res, 200, capabilitiesBody()));
    const api = await fixture(
      withCaps((_req, res) => {
        res.writeHead(307, { location: `${other.origin}/api/v1/metrics/query?x=1` });
        res.end();
      }),
    );
    const e = await failure(client(api.url).query({ expression: 'up' }));
    expect(e.code).toBe('telemetry_redirect');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toContain(`redirected (HTTP 307) to ${other.origin}`);
    expect(e.message).toContain('the API key was not sent there');
    expect(e.details).toMatchObject({ status: 307, code: 'redirect', location: other.origin });
    expect(other.received).toEqual([]);
    noKey(e);
  });

  it('does not follow a redirect on GET capabilities either', async () => {
    const other = await fixture((_req, res) => json(res, 200, capabilitiesBody()));
    const api = await fixture((_req, res) => {
      res.writeHead(301, { location: `${other.origin}/api/v1/capabilities` });
      res.end();
    });
    const e = await failure(client(`${api.url}/`).capabilities());
    expect(e.details.code).toBe('redirect');
    expect(other.received).toHaveLength(0);
    expect(api.received).toHaveLength(1);
  });
});

describe('the key', () => {
  it('travels only as X-API-Key, never in the URL, and is redacted from echoed errors', async () => {
    const api = await fixture(
      withCaps((_req, res) =>
        json(res, 400, {
          error: {
            code: 'bad_request',
            message: `bad key ${KEY}`,
            details: { echoed: KEY },
            request_id: 'r-1',
          },
        }),
      ),
    );
    const e = await failure(client(`${api.url}/prefix`).names({ start: T0 - 3_600_000, end: T0 }));
    expect(e.message).toBe('bad_request: bad key [redacted] (request_id r-1)');
    noKey(e);
    for (const r of api.received) {
      expect(r.headers['x-api-key']).toBe(KEY);
      expect(r.headers.authorization).toBeUndefined();
      expect(r.url).not.toContain(KEY);
      expect(r.url.startsWith('/prefix/api/v1/')).toBe(true);
    }
  });

  it('redacts a key echoed in a successful answer from what is returned', async () => {
    const api = await fixture(
      withCaps((_req, res) => json(res, 200, { data: { values: [KEY, 'up'] }, meta: { note: KEY } })),
    );
    const r = await client(api.url).labels({ start: T0 - 60_000, end: T0 });
    expect(JSON.stringify(r)).not.toContain(KEY);
    expect(r.data).toEqual(['[redacted]', 'up']);
  });

  it('refuses a key that cannot be a header value, without echoing it', () => {
    let err: unknown;
    try {
      new TelemetryClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'bad\nkey' });
    } catch (e) {
      err = e;
    }
    expect(isRoutershError(err) && err.code).toBe('config');
    expect(String((err as Error).message)).not.toContain('bad\nkey');
  });
});

describe('transport', () => {
  it('reports a refused connection as a transport error (exit 3)', async () => {
    const f = await fixture(() => {});
    const url = f.url;
    const host = new URL(url).host;
    await f.close();
    const retries: number[] = [];
    const e = await failure(client(url, { onRetry: (i) => retries.push(i.status) }).capabilities());
    expect(e.code).toBe('transport');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(`connection refused by the telemetry API at ${host}`);
    expect(retries).toEqual([0]); // capabilities is idempotent: one transport retry
  });

  it('retries a reset once for discovery but never resends a query', async () => {
    let resets = 0;
    const api = await fixture(
      withCaps((req, res) => {
        if (resets < 1 || req.url.endsWith('/query')) {
          resets++;
          res.socket?.destroy();
          return;
        }
        json(res, 200, { data: { values: ['up'] }, meta: { request_id: 'n1' } });
      }),
    );
    const c = client(api.url);
    const names = await c.names({ start: T0 - 60_000, end: T0 });
    expect(names.data).toEqual(['up']);
    const before = api.received.length;
    const e = await failure(c.query({ expression: 'up' }));
    expect(e.code).toBe('transport');
    expect(api.received.length - before).toBe(1);
  });

  it('times out (exit 3) on a server that never answers', async () => {
    const api = await fixture(withCaps(() => {}));
    const e = await failure(client(api.url, { timeoutMs: 150 }).query({ expression: 'up' }));
    expect(e.code).toBe('timeout');
    expect(exitStatusOf(e)).toBe(3);
  });

  it('is cancelled by the signal while waiting for an answer', async () => {
    const api = await fixture(withCaps(() => {}));
    const c = client(api.url);
    await c.capabilities();
    const ctrl = new AbortController();
    const p = c.query({ expression: 'up' }, ctrl.signal);
    setTimeout(() => ctrl.abort(), 30);
    expect((await failure(p)).code).toBe('cancelled');
  });

  it('turns a 200 with a garbage body into a protocol error', async () => {
    const api = await fixture(
      withCaps((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data": [trunc');
      }),
    );
    const e = await failure(client(api.url).query({ expression: 'up' }));
    expect(e.code).toBe('protocol');
    expect(exitStatusOf(e)).toBe(1);
  });
});

describe('retry waits', () => {
  it('cancels during a Retry-After wait without sending again', async () => {
    const api = await fixture(
      withCaps((_req, res) =>
        json(res, 429, { error: { code: 'throttled', message: 'slow down' } }, { 'retry-after': '1' }),
      ),
    );
    const ctrl = new AbortController();
    const c = client(api.url, {
      sleep: () => new Promise(() => {}), // never resolves by itself
      onRetry: () => setTimeout(() => ctrl.abort(), 10),
    });
    await c.capabilities();
    const e = await failure(c.query({ expression: 'up' }, ctrl.signal));
    expect(e.code).toBe('cancelled');
    expect(api.received.filter((r) => r.url.endsWith('/metrics/query'))).toHaveLength(1);
  });

  it('gives up at once when Retry-After is over the cap, saying how long the server asked', async () => {
    const api = await fixture(
      withCaps((_req, res) =>
        json(
          res,
          429,
          { error: { code: 'throttled', message: 'slow down', request_id: 'q' } },
          { 'retry-after': '3600' },
        ),
      ),
    );
    const e = await failure(client(api.url).query({ expression: 'up' }));
    expect(e.message).toBe('throttled: slow down; the server asks to retry after 3600 s (request_id q)');
    expect(e.details).toMatchObject({ status: 429, retryAfterMs: 3_600_000 });
  });
});

describe('surprising shapes', () => {
  it('keeps raw and warns instead of crashing', async () => {
    const body = { data: { buckets_v2: [{ t: 1 }] }, meta: { request_id: 'h1', source: 'store_logs' } };
    const api = await fixture(withCaps((_req, res) => json(res, 200, body)));
    const r = await client(api.url).logsHistogram({
      query: '*',
      start: T0 - 600_000,
      end: T0,
      stepSeconds: 60,
    });
    expect(r.data).toEqual([]);
    expect(r.shapeWarning).toMatch(/histogram/);
    expect(r.raw).toEqual(body);
    expect(r.meta.requestId).toBe('h1');
  });
});
