// One HTTP exchange with the telemetry API over a keep-alive undici Agent. The key is attached
// here and only as X-API-Key; redirects are never followed (a plain Agent does not follow
// them), so the key cannot travel to another origin. Timeout and cancellation are told apart.
import { Agent } from 'undici';
import { cancelledError, configError, isRoutershError, protocolError, timeoutError } from '../../errors.js';
import { connectError } from './telemetry-errors.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface SendOptions {
  method: 'GET' | 'POST';
  /** Path below the base URL, e.g. `/api/v1/metrics/query`. */
  path: string;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** Larger answers are refused rather than buffered without bound (100,000 points fit easily). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

const TIMEOUT = Symbol('timeout');
const CANCEL = Symbol('cancel');

export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw configError('the telemetry URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw configError('the telemetry URL must be http or https');
  if (url.username !== '' || url.password !== '')
    throw configError('the telemetry URL must not hold credentials');
  if (url.search !== '' || url.hash !== '')
    throw configError('the telemetry URL must not have a query or fragment');
  return url;
}

export class Transport {
  private readonly agent = new Agent({ keepAliveTimeout: 10_000, connections: 4 });
  private readonly prefix: string;
  readonly origin: string;

  constructor(
    readonly base: URL,
    private readonly apiKey: string,
  ) {
    // Checked here so undici never builds an error message around the key's text.
    if (!/^[\x21-\x7e]+$/.test(apiKey))
      throw configError('the telemetry API key is empty or has characters not allowed in a header');
    this.origin = base.origin;
    this.prefix = base.pathname.replace(/\/+$/, '');
  }

  async send(opts: SendOptions): Promise<RawResponse> {
    const ctrl = new AbortController();
    const outer = opts.signal;
    if (outer?.aborted) throw cancelledError();
    const onAbort = () => ctrl.abort(CANCEL);
    outer?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => ctrl.abort(TIMEOUT), opts.timeoutMs);
    try {
      const res = await this.agent.request({
        origin: this.origin,
        path: this.prefix + opts.path,
        method: opts.method,
        headers: {
          'x-api-key': this.apiKey,
          accept: 'application/json',
          'user-agent': 'routersh',
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body ?? null,
        signal: ctrl.signal,
      });
      if (res.statusCode >= 300 && res.statusCode < 400) {
        await res.body.dump().catch(() => undefined);
        return { status: res.statusCode, headers: res.headers, text: '' };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_RESPONSE_BYTES) {
          res.body.destroy();
          throw protocolError(`telemetry API answer is larger than ${MAX_RESPONSE_BYTES} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      return { status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
    } catch (e) {
      if (ctrl.signal.reason === TIMEOUT) {
        throw timeoutError(`the telemetry API did not answer within ${opts.timeoutMs} ms`, {
          timeoutMs: opts.timeoutMs,
        });
      }
      if (ctrl.signal.reason === CANCEL) throw cancelledError();
      if (isRoutershError(e)) throw e;
      throw connectError(e, this.origin);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }

  /** Destroys rather than drains: a hung request must not hold the process open. */
  async close(): Promise<void> {
    if (!this.agent.destroyed) await this.agent.destroy();
  }
}
