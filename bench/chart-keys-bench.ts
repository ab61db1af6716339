// Issue 19: a key pressed in the chart pane while it auto-refreshes, measured at the screen.
// The built binary runs in tmux (120×40) on a chart of 800 series over 6 h (≈ 58,000 points,
// a 6 MB answer, near the API's 100,000-point limit) served by bench/chart-server.ts in its own
// process. For 12 s per run (at least one 10 s refresh) `]` and `[` page the legend every
// ~150 ms; each is timed from send-keys to the first output holding its page marker ("‹ 2/").
// The same with the pane paused (`p`: no refresh) is the baseline. 5 alternated runs (BENCH_RUNS).
import { spawn } from 'node:child_process';
import { startHostileRouter } from '../test/hostile/router.js';
import { alternate, rows, RUNS } from './alternate.js';
import { Control, pause } from './tmux-control.js';
import { percentile, ROOT } from './util.js';

/** The binary measured; ROUTERSH_BENCH_BIN=/other/checkout/bin/routersh.js measures another build. */
const BIN = process.env.ROUTERSH_BENCH_BIN ?? `${ROOT}bin/routersh.js`;

const RUN_MS = Number(process.env.ROUTERSH_BENCH_CHART_MS ?? 12_000);

async function chartServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${ROOT}bench/chart-server.ts`, '800'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`chart server exited (${code})`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

let page = 1; // the legend page on screen (kept across runs)

/** Pages the legend back and forth for RUN_MS; per key the ms until its page marker is out. */
async function pageKeys(c: Control): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + RUN_MS;
  while (Date.now() < end) {
    page = page === 1 ? 2 : 1;
    out.push(await c.keys(page === 2 ? ']' : '[', `‹ ${page}/`));
    await pause(100 + Math.random() * 100); // not in step with the refresh
  }
  return out.sort((a, b) => a - b);
}

export async function benchChartKeys(): Promise<Record<string, number>> {
  const router = await startHostileRouter({});
  const server = await chartServer();
  const c = new Control();
  const r: Record<string, number> = {};
  try {
    c.start(`node ${BIN} --router ${router.url} --user admin --telemetry ${server.url}`, {
      ROUTERSH_PASSWORD: 'admin',
      ROUTERSH_TELEMETRY_KEY: 'k'.repeat(24),
      XDG_STATE_HOME: '/tmp/routersh-bench-state',
      XDG_CONFIG_HOME: '/tmp/routersh-bench-config',
    });
    await c.screen(/admin@127\.0\.0\.1>/);
    await c.keys("-l 'metrics range pkts_down since 6h'");
    await c.keys('Enter');
    await c.screen(/‹ 1\/\d+ ›/, 30_000);
    await c.screen(/live · every 10s/);
    let paused = false;
    const setPaused = async (want: boolean) => {
      if (paused === want) return;
      await c.keys('p', want ? 'paused' : 'live · every');
      paused = want;
      await pause(200);
    };
    const stats: Record<string, number[]> = {};
    const run = (name: string, want: boolean) => async () => {
      await setPaused(want);
      const keys = await pageKeys(c);
      for (const [k, v] of [
        ['p50', percentile(keys, 50)],
        ['p99', percentile(keys, 99)],
        ['max', keys[keys.length - 1]!],
      ] as const) {
        const key = `${name} ${k}`;
        stats[key] = [...(stats[key] ?? []), v];
      }
      return percentile(keys, 99);
    };
    await alternate(
      [
        { name: 'refreshing', run: run('during auto-refresh', false) },
        { name: 'paused', run: run('paused (baseline)', true) },
      ],
      RUNS,
    );
    for (const [k, values] of Object.entries(stats)) {
      const sorted = [...values].sort((a, b) => a - b);
      Object.assign(
        r,
        rows(`chart 800 series: key→screen ${k} (ms)`, {
          median: percentile(sorted, 50),
          min: sorted[0]!,
          max: sorted[sorted.length - 1]!,
          values,
        }),
      );
    }
  } finally {
    c.stop();
    server.stop();
    await router.close();
  }
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchChartKeys());
  process.exit(0);
}
