// Bundled and run by follow-bench.ts: the log pane really rendering (Ink, 120×40) while it
// polls every 100 ms (each poll a simulated second, so every record reaches the screen) as it
// follows 50 records/s for 10 simulated minutes (time compressed), memory sampled after GC.
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { LogRecord } from '../src/api/telemetry/types.js';
import { LogPane } from '../src/panes/logs/LogPane.js';
import type { LogSource } from '../src/contract/logs.js';

const PER_POLL = 50; // one poll = one simulated second
const POLLS = 600; // ten minutes
const T0 = Date.parse('2026-11-22T12:00:00Z');

class FakeStdout extends EventEmitter {
  columns = 120;
  rows = 40;
  isTTY = true;
  write(): boolean {
    return true;
  }
}

let polls = 0;
let simNow = T0;
const record = (i: number): LogRecord => ({
  _time: new Date(T0 + i * 20).toISOString(),
  level: i % 17 === 0 ? 'error' : 'info',
  service_name: ['bras', 'nat', 'firewall'][i % 3] as string,
  _msg: `session ${i} for customer c${1000 + (i % 24)} prefix 100.64.${i % 256}.0/24 up ${i % 3600}s`,
});
const source: LogSource = {
  async search(q) {
    // The first (page) request and each follow poll both get the next 50 records.
    if (q.startMs !== undefined || polls === 0) {
      const start = polls * PER_POLL;
      polls++;
      simNow += 1000;
      return { records: Array.from({ length: PER_POLL }, (_, k) => record(start + PER_POLL - 1 - k)) };
    }
    return { records: [] };
  },
  async histogram() {
    return [];
  },
};

const gc = (globalThis as { gc?: () => void }).gc;
const sample = () => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed / 2 ** 20, rss: m.rss / 2 ** 20 };
};

const ink = render(
  <LogPane
    source={source}
    query="*"
    range={{ sinceMs: 3_600_000 }}
    onClose={() => {}}
    pollMs={100}
    now={() => simNow}
  />,
  {
    stdout: new FakeStdout() as unknown as NodeJS.WriteStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 1000,
  },
);
const wait = (n: number) =>
  new Promise<void>((r) => {
    const t = setInterval(() => {
      if (polls >= n) {
        clearInterval(t);
        r();
      }
    }, 5);
  });
await wait(120); // two minutes: the 5000-record buffer is full
const warm = sample();
await wait(POLLS);
const end = sample();
ink.unmount();
process.stdout.write(`${JSON.stringify({ polls, records: polls * PER_POLL, warm, end })}\n`);
process.exit(0);
