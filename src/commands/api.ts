// `routersh api`: the vendor's demo client. One raw request, its envelope printed as JSON; or
// with -n, the same request COUNT times over the keep-alive pool and a latency summary.
import { performance } from 'node:perf_hooks';
import { RouterClient, type RouterClientConfig, responseBodyOf } from '../api/router/client.js';
import type { RouterRequest } from '../api/router/types.js';
import { jsonText, sanitizeLine, sanitizeText } from '../term/sanitize.js';
import {
  commandFailedError,
  type Ending,
  failed,
  isRoutershError,
  OK,
  type RoutershError,
} from '../errors.js';
import { API_USAGE, type ApiArgs, parseApiArgs, serverUrl } from '../cli/api-args.js';
import { formatSummary, summarize } from './api-stats.js';

export interface ApiIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: NodeJS.ProcessEnv;
  /** user/password/token/auth/timeout/ca/insecure, resolved by the caller. */
  connection: Partial<RouterClientConfig>;
}

/** Requests in flight at once with -n. */
export const API_CONCURRENCY = 8;

function toRequest(a: ApiArgs): RouterRequest {
  const req: RouterRequest = { method: a.method, words: a.words };
  if (a.method === 'POST') {
    if (a.actions) req.actions = a.actions;
    if (a.options) req.options = a.options;
  }
  const query: NonNullable<RouterRequest['query']> = {};
  if (a.debug) query.debug = 1;
  if (a.output) query.output = a.output;
  if (Object.keys(query).length > 0) req.query = query;
  return req;
}

function printEnvelope(io: ApiIo, raw: Record<string, unknown>): void {
  // output=dumper answers text: printed as the router sent it, but never able to drive the terminal.
  if (typeof raw['Dumper'] === 'string' && Object.keys(raw).length === 1) {
    const text = sanitizeText(raw['Dumper']);
    io.stdout(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  io.stdout(`${jsonText(raw, 2)}\n`);
}

function fail(io: ApiIo, e: RoutershError): Ending {
  io.stderr(`% ${sanitizeLine(e.message)}\n`);
  return failed(e);
}

async function repeat(client: RouterClient, req: RouterRequest, count: number, io: ApiIo): Promise<Ending> {
  const latencies: number[] = [];
  let errors = 0;
  let first: RoutershError | undefined;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      try {
        await client.send(req);
      } catch (e) {
        if (!isRoutershError(e)) throw e;
        errors++;
        first ??= e;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(API_CONCURRENCY, count) }, worker));
  const wall = performance.now() - start;
  io.stdout(formatSummary(summarize(latencies, errors, wall)));
  if (first === undefined) return OK;
  const summary = `${errors} of ${count} requests failed`;
  io.stderr(`% ${summary}; first: ${sanitizeLine(first.message)}\n`);
  // Nothing got through at all: report it as that failure (e.g. 3 for a refused connection).
  return failed(errors === count ? first : commandFailedError(summary));
}

export async function runApiCommand(argv: string[], io: ApiIo): Promise<Ending> {
  const args = parseApiArgs(argv); // usage errors are thrown: main.ts maps them
  if (args.help) {
    io.stdout(`${API_USAGE}\n`);
    return OK;
  }
  const { baseUrl, ...conn } = io.connection;
  const cfg: RouterClientConfig = {
    ...conn,
    baseUrl: args.server
      ? serverUrl(args.server)
      : (baseUrl ?? io.env['ROUTERSH_ROUTER'] ?? 'http://localhost'),
    auth: conn.auth ?? 'basic',
    timeoutMs: conn.timeoutMs ?? 30_000,
    onWarning: conn.onWarning ?? ((msg) => io.stderr(`% warning: ${sanitizeLine(msg)}\n`)),
  };
  const client = new RouterClient(cfg);
  const req = toRequest(args);
  try {
    if (args.count !== undefined) return await repeat(client, req, args.count, io);
    printEnvelope(io, (await client.send(req)).raw);
    return OK;
  } catch (e) {
    if (!isRoutershError(e)) throw e;
    // A refused or failed command still shows what the router answered.
    const body = responseBodyOf(e);
    if (body) printEnvelope(io, body);
    return fail(io, e);
  } finally {
    await client.close();
  }
}
