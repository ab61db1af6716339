// Runs command lines through the real runner and telemetry client against the hostile
// telemetry harness (node:http on 127.0.0.1), and reads back the JSON body the server got.
import { TelemetryClient } from '../../src/api/telemetry/client.js';
import { MetadataCache, resolveLine } from '../../src/lang/index.js';
import type { Outcome } from '../../src/contract/outcome.js';
import type { Services } from '../../src/contract/services.js';
import { runLine } from '../../src/run/runner.js';
import { stubServices, telemetryOf } from './services.js';
import { type HostileTelemetry, startHostileTelemetry } from '../hostile/telemetry.js';
import { gardenTree, treeFetch } from '../lang/fixtures.js';

export interface ExprRig {
  server: HostileTelemetry;
  /** Runs a line; returns the outcome and the body of the request it sent (if any). */
  send(line: string): Promise<{ outcome: Outcome; body?: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Runner deps for telemetry lines only: a small router tree, no router requests expected. */
export function telemetryOnlyDeps(client: TelemetryClient, extra: Partial<Services> = {}): Services {
  const cache = new MetadataCache(treeFetch(gardenTree()));
  return stubServices({
    resolve: (line, context, s) => resolveLine(line, { cache, context }, s),
    telemetry: telemetryOf(client),
    width: () => 80,
    ...extra,
  });
}

export async function startExprRig(): Promise<ExprRig> {
  // No series in the answers: the rig reads what the server got, byte for byte. Drawing a chart of
  // each answer (the panes' tests do that) took the corpus’s ~9,500 lines ~2 s of CPU of ~8.7.
  const server = await startHostileTelemetry({ noSeries: true });
  const client = new TelemetryClient({ baseUrl: server.url, apiKey: 'k'.repeat(20) });
  const deps = telemetryOnlyDeps(client);
  const signal = new AbortController().signal;
  return {
    server,
    async send(line) {
      const before = server.requests.length;
      const outcome = await runLine(line, { context: [] }, deps, signal);
      const sent = server.requests.slice(before).filter((r) => r.method === 'POST');
      const last = sent.at(-1);
      return last ? { outcome, body: JSON.parse(last.body) as Record<string, unknown> } : { outcome };
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** The span of a request's start/end, in ms. */
export const spanMs = (body: Record<string, unknown> | undefined) =>
  body ? Date.parse(String(body.end)) - Date.parse(String(body.start)) : Number.NaN;
