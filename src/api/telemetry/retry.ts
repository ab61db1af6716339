// The retry policy of telemetry-api.md as a pure function of status, headers and attempts:
// 400/401/403/413/422 (and every other status) never; 429 after Retry-After plus jitter;
// 502/503 exponential backoff with full jitter; 504 once with backoff. Each bounded.

export interface RetryLimits {
  /** 429 retries (default 3). */
  throttled: number;
  /** 502/503 retries (default 3). */
  unavailable: number;
  /** 504 retries (default 1). */
  deadline: number;
}

export const DEFAULT_RETRIES: Readonly<RetryLimits> = { throttled: 3, unavailable: 3, deadline: 1 };

export interface RetryPolicy {
  retries: RetryLimits;
  /** Longest single Retry-After the client will honour; a longer one ends the retries. */
  maxWaitMs: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Upper bound of the jitter added to a Retry-After wait. */
  retryAfterJitterMs: number;
}

export const DEFAULT_POLICY: Readonly<RetryPolicy> = {
  retries: DEFAULT_RETRIES,
  maxWaitMs: 30_000,
  backoffBaseMs: 500,
  backoffCapMs: 8_000,
  retryAfterJitterMs: 1_000,
};

export type RetryKind = keyof RetryLimits;

/** Retries already made, per kind. */
export type RetryCounts = Record<RetryKind, number>;

export interface RetryInput {
  status: number;
  /** Value of the Retry-After header, if any. */
  retryAfter?: string | undefined;
  done: RetryCounts;
  policy: RetryPolicy;
  /** Epoch ms, to read an HTTP-date Retry-After. */
  now: number;
  /** A number in [0, 1). */
  random: number;
}

export type RetryDecision =
  | { retry: true; kind: RetryKind; waitMs: number }
  | { retry: false; reason: 'not_retryable' | 'exhausted' | 'wait_too_long'; retryAfterMs?: number };

export function kindOf(status: number): RetryKind | undefined {
  if (status === 429) return 'throttled';
  if (status === 502 || status === 503) return 'unavailable';
  if (status === 504) return 'deadline';
  return undefined;
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or undefined when absent/invalid. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Full jitter: uniform in [0, min(cap, base·2^n)). */
export function backoffMs(n: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** n);
  return Math.floor(random * ceiling);
}

export function retryDecision(input: RetryInput): RetryDecision {
  const { policy, done, random } = input;
  const kind = kindOf(input.status);
  if (kind === undefined) return { retry: false, reason: 'not_retryable' };
  if (done[kind] >= policy.retries[kind]) return { retry: false, reason: 'exhausted' };
  const after = parseRetryAfter(input.retryAfter, input.now);
  if (after !== undefined && after > policy.maxWaitMs) {
    return { retry: false, reason: 'wait_too_long', retryAfterMs: after };
  }
  const backoff = backoffMs(done[kind], policy, random);
  if (kind === 'throttled') {
    // Never earlier than the server asked; the jitter spreads clients that were throttled together.
    if (after === undefined) return { retry: true, kind, waitMs: backoff };
    const jitter = Math.floor(random * policy.retryAfterJitterMs);
    return { retry: true, kind, waitMs: Math.max(after, Math.min(after + jitter, policy.maxWaitMs)) };
  }
  // 502/503/504: backoff, but not earlier than a Retry-After the server did send.
  return { retry: true, kind, waitMs: Math.max(backoff, after ?? 0) };
}

/**
 * Transport failures (refused, reset, DNS, TLS) are retried once, only for idempotent
 * discovery and self-description requests: those cost the server little and a reset keep-alive
 * socket is their usual cause. Queries, searches and histograms are never resent.
 */
export function retryTransport(idempotent: boolean, transportRetriesDone: number): boolean {
  return idempotent && transportRetriesDone < 1;
}
