import { describe, expect, it } from 'vitest';
import { decodeCapabilities, DEFAULT_LIMITS } from '../../../src/api/telemetry/capabilities.js';
import { checkPoints, metricsWindow } from '../../../src/api/telemetry/limits.js';
import {
  DEFAULT_POLICY,
  parseRetryAfter,
  type RetryCounts,
  retryDecision,
  retryTransport,
} from '../../../src/api/telemetry/retry.js';
import { redactDeep } from '../../../src/api/redact.js';
import { httpError } from '../../../src/api/telemetry/telemetry-errors.js';
import { exitStatusOf } from '../../../src/exit-status.js';

const zero: RetryCounts = { throttled: 0, unavailable: 0, deadline: 0 };
const NOW = Date.parse('2026-11-22T12:00:00Z');
const decide = (status: number, done: RetryCounts = zero, retryAfter?: string, random = 0.5) =>
  retryDecision({ status, retryAfter, done, policy: DEFAULT_POLICY, now: NOW, random });

describe('retry policy', () => {
  it('never retries 400/401/403/413/422 (or other statuses)', () => {
    for (const s of [400, 401, 403, 404, 413, 422, 500]) expect(decide(s).retry).toBe(false);
  });

  it('waits Retry-After (seconds or HTTP date) plus jitter on 429, bounded', () => {
    const d = decide(429, zero, '1', 0.5);
    expect(d).toEqual({ retry: true, kind: 'throttled', waitMs: 1500 });
    expect(decide(429, zero, new Date(NOW + 5000).toUTCString(), 0)).toMatchObject({ waitMs: 5000 });
    expect(decide(429, { ...zero, throttled: 3 }, '1')).toEqual({ retry: false, reason: 'exhausted' });
    expect(decide(429, zero, '120')).toEqual({
      retry: false,
      reason: 'wait_too_long',
      retryAfterMs: 120_000,
    });
    // jitter never pushes one wait over the cap
    expect(decide(429, zero, '30', 0.99)).toMatchObject({ waitMs: 30_000 });
  });

  it('backs off exponentially with full jitter on 502/503, capped', () => {
    expect(decide(502, zero, undefined, 0.999)).toMatchObject({ retry: true, waitMs: 499 });
    expect(decide(503, { ...zero, unavailable: 2 }, undefined, 0.5)).toMatchObject({ waitMs: 1000 });
    expect(decide(503, { ...zero, unavailable: 3 })).toEqual({ retry: false, reason: 'exhausted' });
    const capped = retryDecision({
      status: 503,
      done: zero,
      now: NOW,
      random: 0.999,
      policy: { ...DEFAULT_POLICY, retries: { ...DEFAULT_POLICY.retries, unavailable: 20 } },
    });
    expect(capped.retry).toBe(true);
    const late = retryDecision({
      status: 503,
      done: { ...zero, unavailable: 10 },
      now: NOW,
      random: 0.999,
      policy: { ...DEFAULT_POLICY, retries: { ...DEFAULT_POLICY.retries, unavailable: 20 } },
    });
    expect(late).toMatchObject({ waitMs: 7992 });
  });

  it('retries 504 once', () => {
    expect(decide(504)).toMatchObject({ retry: true, kind: 'deadline' });
    expect(decide(504, { ...zero, deadline: 1 })).toEqual({ retry: false, reason: 'exhausted' });
  });

  it('parses Retry-After and retries transport failures once for idempotent requests only', () => {
    expect(parseRetryAfter('2', NOW)).toBe(2000);
    expect(parseRetryAfter('garbage', NOW)).toBeUndefined();
    expect(parseRetryAfter(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
    expect(retryTransport(true, 0)).toBe(true);
    expect(retryTransport(true, 1)).toBe(false);
    expect(retryTransport(false, 0)).toBe(false);
  });
});

describe('capabilities', () => {
  it('merges provider and meta limits (smallest wins) and fills spec defaults', () => {
    const caps = decodeCapabilities(
      {
        providers: [
          {
            provider: 'store_metrics',
            operations: ['query', 'query-range'],
            data_available_from: '2026-11-01T00:00:00Z',
            limits: { range_days: 31, series: 500, points_per_series: 11000, total_points: 100000 },
          },
          { provider: 'store_logs', operations: ['search'], limits: { search_max: 500 } },
        ],
      },
      {
        limits: {
          global: { request_body_bytes: 1024, route_deadline_seconds: 20 },
          metrics: { range_days: 7 },
        },
      },
    );
    expect(caps.limits).toEqual({
      ...DEFAULT_LIMITS,
      requestBodyBytes: 1024,
      rangeDays: 7,
      series: 500,
      searchMax: 500,
    });
    expect(caps.dataAvailableFrom).toBe(Date.parse('2026-11-01T00:00:00Z'));
    expect(decodeCapabilities(null, null).limits).toEqual(DEFAULT_LIMITS);
  });
});

describe('local limits', () => {
  const caps = decodeCapabilities(
    {
      providers: [
        { provider: 'store_metrics', data_available_from: new Date(NOW - 86_400_000).toISOString() },
      ],
    },
    {},
  );
  it('clamps the start to data_available_from and reports it', () => {
    const w = metricsWindow(NOW - 2 * 86_400_000, NOW, caps, 60_000);
    expect(w.startMs).toBe(NOW - 86_400_000);
    expect(w.notices[0]).toMatch(/start moved .* metrics are available from/);
    expect(() => metricsWindow(NOW - 3 * 86_400_000, NOW - 2 * 86_400_000, caps)).toThrow(/available from/);
  });
  it('refuses a range over range_days and too many points', () => {
    const c = decodeCapabilities({}, {});
    expect(() => metricsWindow(NOW - 32 * 86_400_000, NOW, c)).toThrow(
      expect.objectContaining({ code: 'limit' }),
    );
    expect(() => checkPoints(NOW - 86_400_000, NOW, 1, c.limits)).toThrow(/try step 10$/);
  });
});

describe('telemetry errors', () => {
  it('decodes the error body into one line with the request id', () => {
    const body = JSON.stringify({
      error: {
        code: 'result_too_large',
        message: 'too\nmany\u001b[31m',
        details: { max: 1 },
        request_id: 'req-9',
      },
    });
    const e = httpError(422, body, 'SECRET');
    expect(e.code).toBe('telemetry');
    expect(exitStatusOf(e)).toBe(1);
    expect(e.message).toBe('result_too_large: too many (request_id req-9)');
    expect(e.details).toEqual({
      status: 422,
      code: 'result_too_large',
      requestId: 'req-9',
      details: { max: 1 },
    });
  });
  it('maps 401 to exit 3 and never leaks the key', () => {
    const body = JSON.stringify({
      error: {
        code: 'invalid_api_key',
        message: 'key SECRET expired',
        details: { key: 'SECRET' },
        request_id: 'r',
      },
    });
    const e = httpError(401, body, 'SECRET');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toMatch(/^invalid_api_key: could not authenticate/);
    expect(JSON.stringify(e.toJSON())).not.toContain('SECRET');
    expect(redactDeep({ a: ['xSECRETx'] }, 'SECRET')).toEqual({ a: ['x[redacted]x'] });
  });
  it('keeps the status when the body is not the documented error', () => {
    const e = httpError(502, '<html>bad gateway</html>', 'k');
    expect(e.message).toBe('http_502: the response had no JSON error body');
    expect(e.details).toEqual({ status: 502, code: 'http_502' });
  });
});
