// Issue 9: the log pane following a real server (the hostile telemetry harness's stream mode,
// over HTTP through the real client) that produces 5,000 records/s, rendered by Ink at 120×40.
// The issue asks for 2 minutes; `npm run bench` runs 30 s by default to stay reasonable:
// ROUTERSH_BENCH_LOGS_SECONDS=120 for the full run, ROUTERSH_BENCH_LOGS_RATE for another rate.
// Reports records produced vs fetched by the pane, the skipped count its status line shows
// (produced = fetched + skipped when the pane is honest), and RSS at start and end (after GC).
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { createElement } from 'react';
import { TelemetryClient } from '../src/api/telemetry/client.js';
import { LogPane } from '../src/panes/logs/LogPane.js';
import type { LogSource } from '../src/contract/logs.js';
import { logSource } from '../src/features/telemetry/telemetry-sources.js';
import { startHostileTelemetry, streamProduced } from '../test/hostile/telemetry.js';

// Until the stream starts the server has no records (not the harness's default three).
const IDLE = () => ({ ratePerSec: 1, startMs: Date.now() + 3_600_000 });
const SKIPPED = /(\d+)\+? records? skipped/;

class FakeStdout extends EventEmitter {
  columns = 120;
  rows = 40;
  isTTY = true;
  frames = 0;
  skipped = 0;
  write(chunk: string): boolean {
    this.frames++;
    const m = SKIPPED.exec(chunk);
    if (m) this.skipped = Number(m[1]);
    return true;
  }
}

const gc = (globalThis as { gc?: () => void }).gc;
const rssMb = () => {
  gc?.();
  gc?.();
  return Math.round((process.memoryUsage().rss / 2 ** 20) * 10) / 10;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchLogsRate(): Promise<Record<string, number>> {
  const seconds = Number(process.env.ROUTERSH_BENCH_LOGS_SECONDS ?? 30);
  const rate = Number(process.env.ROUTERSH_BENCH_LOGS_RATE ?? 5000);
  const api = await startHostileTelemetry({ stream: IDLE() });
  const client = new TelemetryClient({ baseUrl: api.url, apiKey: 'k'.repeat(20) });
  await client.capabilities();
  const inner = logSource(client, '*');
  // A bit per record (not a Set of 600,000 strings): the bench's own bookkeeping must not be
  // what the RSS figures measure.
  const seen = new Uint8Array(Math.ceil((rate * (seconds + 15)) / 8));
  const fetched = {
    size: 0,
    add(msg: string) {
      const k = Number(msg.slice(7));
      if (!Number.isInteger(k) || k < 0 || k >= seen.length * 8) return;
      const bit = 1 << (k & 7);
      if (seen[k >> 3]! & bit) return;
      seen[k >> 3]! |= bit;
      this.size++;
    },
  };
  const source: LogSource = {
    ...inner,
    async search(q, signal) {
      const page = await inner.search(q, signal);
      for (const r of page.records) if (String(r._msg).startsWith('stream ')) fetched.add(String(r._msg));
      return page;
    },
  };
  const stdout = new FakeStdout();
  const ink = render(
    createElement(LogPane, { source, query: '*', range: { sinceMs: 60_000 }, onClose: () => {} }),
    { stdout: stdout as unknown as NodeJS.WriteStream, patchConsole: false, exitOnCtrlC: false },
  );
  await sleep(200);
  const stream = { ratePerSec: rate, startMs: Date.now(), forMs: seconds * 1000 };
  api.modes.stream = stream;
  await sleep(2000);
  const rssStart = rssMb();
  const rest = seconds * 1000 - 2000 + 100;
  await sleep(rest / 2);
  const rssHalf = rssMb();
  await sleep(rest / 2);
  const produced = streamProduced(stream);
  // Let the pane catch up (a poll is 2 s), then read what it shows.
  const deadline = Date.now() + 10_000;
  while (fetched.size + stdout.skipped < produced && Date.now() < deadline) await sleep(100);
  const rssEnd = rssMb();
  ink.unmount();
  await client.close();
  await api.close();
  return {
    'seconds streamed': seconds,
    'records produced': produced,
    'records fetched by the pane': fetched.size,
    'records skipped (status line)': stdout.skipped,
    'unaccounted (produced − fetched − skipped)': produced - fetched.size - stdout.skipped,
    'frames written': stdout.frames,
    'RSS 2 s in (MB)': rssStart,
    'RSS halfway (MB)': rssHalf,
    'RSS at end (MB)': rssEnd,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchLogsRate());
}
