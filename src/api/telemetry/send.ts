// Sends one operation until a 2xx: retries per retry.ts with waits that the caller's signal
// cancels; a 3xx or a final non-2xx becomes an error.
import { setTimeout as delay } from 'node:timers/promises';
import { cancelledError, isRoutershError } from '../../errors.js';
import type { RawResponse, Transport } from './http.js';
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

  constructor(
    private readonly transport: Transport,
    private readonly apiKey: string,
    private readonly options: RetryOptions,
  ) {
    this.policy = {
      ...DEFAULT_POLICY,
      retries: options.maxRetries ?? DEFAULT_POLICY.retries,
      maxWaitMs: options.maxWaitMs ?? DEFAULT_POLICY.maxWaitMs,
    };
  }

  async call(op: Op, signal: AbortSignal | undefined, timeoutMs: () => number): Promise<RawResponse> {
    const done: RetryCounts = { throttled: 0, unavailable: 0, deadline: 0 };
    let transportRetries = 0;
    let attempt = 0;
    const body = op.body !== undefined ? JSON.stringify(op.body) : undefined;
    for (;;) {
      let res: RawResponse;
      try {
        const send = { method: op.method, path: op.path, timeoutMs: timeoutMs(), signal };
        res = await this.transport.send(body !== undefined ? { ...send, body } : send);
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
        throw redirectError(res.status, header(res, 'location'), this.transport.base);
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
          note = `; the server asks to retry after ${Math.ceil(d.retryAfterMs / 1000)} s`;
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

function header(res: RawResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
