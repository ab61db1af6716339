// `routersh api`: the vendor's demo client. One raw request, its envelope printed as JSON; or
// with -n, the same request COUNT times over the keep-alive pool and a latency summary.
import { performance } from 'node:perf_hooks';
import { responseBodyOf } from '../api/router/client.js';
import { type Flags, splitConnectionArgs } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import type { RouterPort } from '../contract/services.js';
import { connect } from '../session/connect.js';
import { baselineWasmOnly } from './v8-flags.js';
import type { Command } from './command.js';
import { startCheck } from './start-check.js';
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
import { type ApiArgs, parseApiArgs } from '../cli/api-args.js';
import { serverUrl } from '../config/router-url.js';
import { formatSummary, summarize } from './api-stats.js';

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

function printEnvelope(io: CommandIo, raw: Record<string, unknown>): void {
  // output=dumper answers text: printed as the router sent it, but never able to drive the terminal.
  if (typeof raw['Dumper'] === 'string' && Object.keys(raw).length === 1) {
    const text = sanitizeText(raw['Dumper']);
    io.out(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  io.out(`${jsonText(raw, 2)}\n`);
}

function fail(io: CommandIo, e: RoutershError): Ending {
  io.err(`% ${sanitizeLine(e.message)}\n`);
  return failed(e);
}

async function repeat(router: RouterPort, req: RouterRequest, count: number, io: CommandIo): Promise<Ending> {
  const latencies: number[] = [];
  let errors = 0;
  let first: RoutershError | undefined;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      try {
        await router.send(req, {});
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
  io.out(formatSummary(summarize(latencies, errors, wall)));
  if (first === undefined) return OK;
  const summary = `${errors} of ${count} requests failed`;
  io.err(`% ${summary}; first: ${sanitizeLine(first.message)}\n`);
  // Nothing got through at all: report it as that failure (e.g. 3 for a refused connection).
  return failed(errors === count ? first : commandFailedError(summary));
}

export interface ApiCommandArgs {
  api: ApiArgs;
  connection: Flags;
}

export const command: Command<ApiCommandArgs> = {
  parse(argv) {
    const { connection, rest } = splitConnectionArgs(argv);
    const api = parseApiArgs(rest); // usage errors are thrown: exit 2
    // `-s` names the router, so a profile saved for it (by `routersh sim`, say) applies.
    if (api.server !== undefined) connection.router = serverUrl(api.server);
    return { api, connection };
  },
  async run({ api, connection }, io) {
    baselineWasmOnly();
    await startCheck(io, { connection });
    const { session, close } = await connect(connection, io, {
      interactive: false,
      telemetry: 'on-first-use',
      defaultRouter: 'http://localhost',
    });
    const { router } = session.services;
    const req = toRequest(api);
    try {
      if (api.count !== undefined) return await repeat(router, req, api.count, io);
      printEnvelope(io, (await router.send(req, {})).raw);
      return OK;
    } catch (e) {
      if (!isRoutershError(e)) throw e;
      // A refused or failed command still shows what the router answered.
      const body = responseBodyOf(e);
      if (body) printEnvelope(io, body);
      return fail(io, e);
    } finally {
      await close();
    }
  },
};
