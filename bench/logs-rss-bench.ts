// Issue 19: the log pane's memory in the real program. The built binary runs in tmux (120×40)
// following `logs search *` against the hostile telemetry harness streaming 5,000 records/s;
// the bench reads VmRSS of that process from /proc every 10 s (no forced GC: the program runs as
// a user runs it). Default: 150 s, the slope over the second half. Long mode (`npm run bench --
// --long`): 10 minutes, the slope over minutes 2–10. One run each (a soak, not a race).
import { readFileSync } from 'node:fs';
import { startHostileRouter } from '../test/hostile/router.js';
import { startHostileTelemetry } from '../test/hostile/telemetry.js';
import { LONG } from './alternate.js';
import { Control, pause } from './tmux-control.js';
import { ROOT } from './util.js';

/** The binary measured; ROUTERSH_BENCH_BIN=/other/checkout/bin/routersh.cjs measures another build. */
const BIN = process.env.ROUTERSH_BENCH_BIN ?? `${ROOT}bin/routersh.cjs`;

const RATE = Number(process.env.ROUTERSH_BENCH_LOGS_RATE ?? 5000);
const SECONDS = Number(process.env.ROUTERSH_BENCH_LOGS_RSS_SECONDS ?? (LONG ? 600 : 150));
/** The slope is fitted from here on (the buffer fills and the heap settles before). */
const FIT_FROM_S = Number(process.env.ROUTERSH_BENCH_LOGS_FIT_FROM ?? (LONG ? 120 : SECONDS / 2));
const EVERY_MS = 10_000;

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Math.round((Number(m[1]) / 1024) * 10) / 10;
};

/** Least-squares slope of y over x. */
export function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export async function benchLogsRss(): Promise<Record<string, number>> {
  const router = await startHostileRouter({});
  // Until the stream starts the server has no records.
  const api = await startHostileTelemetry({ stream: { ratePerSec: 1, startMs: Date.now() + 3_600_000 } });
  const c = new Control();
  const samples: Array<[number, number]> = [];
  try {
    c.start(`node ${BIN} --router ${router.url} --user admin --telemetry ${api.url}`, {
      ROUTERSH_PASSWORD: 'admin',
      ROUTERSH_TELEMETRY_KEY: 'k'.repeat(24),
      XDG_STATE_HOME: '/tmp/routersh-bench-state',
      XDG_CONFIG_HOME: '/tmp/routersh-bench-config',
    });
    await c.screen(/admin@127\.0\.0\.1>/);
    const pid = c.pid();
    await c.keys("-l 'logs search *'");
    await c.keys('Enter');
    await pause(1000);
    api.modes.stream = { ratePerSec: RATE, startMs: Date.now() };
    await c.screen(/stream \d+/, 20_000);
    const t0 = Date.now();
    for (let s = 0; s <= SECONDS; s += EVERY_MS / 1000) {
      await pause(Math.max(0, t0 + s * 1000 - Date.now()));
      samples.push([s, rssMb(pid)]);
      if (process.env.ROUTERSH_BENCH_VERBOSE) process.stderr.write(`${s}s ${samples.at(-1)![1]} MB\n`);
    }
  } finally {
    c.stop();
    await api.close();
    await router.close();
  }
  const fit = samples.filter(([s]) => s >= FIT_FROM_S);
  const r: Record<string, number> = {
    'seconds followed at 5,000 records/s': SECONDS,
    'RSS at start (MB)': samples[0]![1],
    [`RSS at ${FIT_FROM_S} s (MB)`]: fit[0]![1],
    'RSS at end (MB)': samples.at(-1)![1],
    'RSS peak (MB)': Math.max(...samples.map(([, y]) => y)),
    [`RSS slope from ${FIT_FROM_S} s to the end (MB/min)`]: Math.round(slope(fit) * 60 * 100) / 100,
  };
  if (LONG) for (const [s, y] of samples) r[`RSS at ${s} s (MB)`] = y;
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchLogsRss());
  process.exit(0);
}
