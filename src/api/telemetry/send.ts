// Sends one operation until a 2xx: the key attached here, only as X-API-Key; retries per
// retry.ts with waits that the caller's signal cancels; a 3xx (never followed, so the key
// cannot travel to another origin) or a final non-2xx becomes an error.
import { setTimeout as delay } from 'node:timers/promises';
import { cancelledError, isRoutershError } from '../../errors.js';
import type { HttpResponse, Transport } from '../../http/transport.js';
import {
  DEFAULT_POLICY,
  type RetryCounts,
  type RetryLimits,
  type RetryPolicy,
  retryDecision,
  retryTransport,
} from './retry.js';
import { httpError, redirectError } from './telemetry-errors.js';

export interface RetryOptions {
  /** Epoch ms (reads HTTP-date Retry-After). */
  now?: () => number;
  /** [0, 1) for jitter. */
  random?: () => number;
  /** Waits between retries; should end when `signal` aborts (it is raced against it anyway). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Defaults: 429 → 3, 502/503 → 3, 504 → 1. */
  maxRetries?: RetryLimits;
  /** Cap on one Retry-After wait (default 30 s); a server asking for longer ends the retries. */
  maxWaitMs?: number;
  /** Called before each wait; `status` is 0 for a transport retry. */
  onRetry?: (info: { attempt: number; status: number; waitMs: number }) => void;
}

export interface Op {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /** Discovery and self-description: one retry after a transport failure. */
  idempotent: boolean;
}

const defaultSleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : {});

export class Sender {
  private readonly policy: RetryPolicy;
  private readonly prefix: string;

  constructor(
    private readonly transport: Transport,
    private readonly base: URL,
    private readonly apiKey: string,
    private readonly options: RetryOptions,
  ) {
    this.prefix = base.pathname.replace(/\/+$/, '');
    this.policy = {
      ...DEFAULT_POLICY,
      retries: options.maxRetries ?? DEFAULT_POLICY.retries,
      maxWaitMs: options.maxWaitMs ?? DEFAULT_POLICY.maxWaitMs,
    };
  }

  async call(op: Op, signal: AbortSignal | undefined, timeoutMs: () => number): Promise<HttpResponse> {
    const done: RetryCounts = { throttled: 0, unavailable: 0, deadline: 0 };
    let transportRetries = 0;
    let attempt = 0;
    const body = op.body !== undefined ? JSON.stringify(op.body) : undefined;
    const headers: Record<string, string> = {
      'x-api-key': this.apiKey,
      accept: 'application/json',
      'user-agent': 'routersh',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (;;) {
      let res: HttpResponse;
      try {
        res = await this.transport.call({
          method: op.method,
          path: this.prefix + op.path,
          headers,
          body,
          signal,
          timeoutMs: timeoutMs(),
          redirect: 'never',
        });
      } catch (e) {
        if (isRoutershError(e) && e.code === 'transport' && retryTransport(op.idempotent, transportRetries)) {
          transportRetries++;
          attempt++; // not inside onRetry?.(…): optional chaining would skip the increment
          this.options.onRetry?.({ attempt, status: 0, waitMs: 0 });
          continue;
        }
        throw e;
      }
      if (res.status >= 200 && res.status < 300) return res;
      if (res.status >= 300 && res.status < 400) {
        throw redirectError(res.status, header(res, 'location'), this.base);
      }
      const d = retryDecision({
        status: res.status,
        retryAfter: header(res, 'retry-after'),
        done,
        policy: this.policy,
        now: (this.options.now ?? Date.now)(),
        random: (this.options.random ?? Math.random)(),
      });
      if (!d.retry) {
        const extra: Record<string, unknown> = attempt > 0 ? { retries: attempt } : {};
        let note = '';
        if (d.reason === 'exhausted') note = `; gave up after ${attempt} retries`;
        if (d.retryAfterMs !== undefined) {
          extra.retryAfterMs = d.retryAfterMs;
          const s = d.retryAfterMs / 1000;
          note = `; the server asks to retry after ${s > 86_400 ? 'more than a day' : `${Math.ceil(s)} s`}`;
        }
        throw httpError(res.status, res.text, this.apiKey, {
          extra,
          note,
          headerRequestId: header(res, 'x-request-id'),
        });
      }
      done[d.kind]++;
      attempt++;
      this.options.onRetry?.({ attempt, status: res.status, waitMs: d.waitMs });
      await this.wait(d.waitMs, signal);
    }
  }

  /** The injected sleep, raced against the signal so a wait always ends on cancel. */
  private async wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    const sleep = this.options.sleep ?? defaultSleep;
    const slept = sleep(ms, signal).catch((e: unknown) => {
      throw signal?.aborted ? cancelledError() : e;
    });
    await abortable(slept, signal);
  }
}

/** Resolves like `p`, or rejects with a cancelled error as soon as `signal` aborts. */
export function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    p.catch(() => {});
    return Promise.reject(cancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function header(res: HttpResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
