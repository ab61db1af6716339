// Issue 19: a key pressed in the chart pane while it auto-refreshes, measured at the screen.
// The built binary runs in tmux (120×40) on a chart of 800 series over 6 h (≈ 58,000 points,
// a 6 MB answer, near the API's 100,000-point limit) served by bench/chart-server.ts in its own
// process. For 12 s per run (at least one 10 s refresh) `]` and `[` page the legend every
// ~150 ms; each is timed from send-keys to the first output holding its page marker ("‹ 2/").
// The same with the pane paused (`p`: no refresh) is the baseline. 5 alternated runs (BENCH_RUNS).
// ROUTERSH_BENCH_BASE_BIN=/other/checkout/bin/routersh.cjs adds that build, alternated likewise.
import { spawn } from 'node:child_process';
import { startHostileRouter } from '../test/hostile/router.js';
import { alternate, pairedRatio, rows, RUNS } from './alternate.js';
import { Control, pause } from './tmux-control.js';
import { percentile, ROOT } from './util.js';

/** The binary measured; ROUTERSH_BENCH_BIN=/other/checkout/bin/routersh.cjs measures another build. */
const BIN = process.env.ROUTERSH_BENCH_BIN ?? `${ROOT}bin/routersh.cjs`;

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

/** A routersh in tmux showing the chart; its legend page and pause state as on screen. */
interface Session {
  name: string;
  c: Control;
  page: number;
  paused: boolean;
}

/** Pages the legend back and forth for RUN_MS; per key the ms until its page marker is out. */
async function pageKeys(s: Session): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + RUN_MS;
  while (Date.now() < end) {
    s.page = s.page === 1 ? 2 : 1;
    out.push(await s.c.keys(s.page === 2 ? ']' : '[', `‹ ${s.page}/`));
    await pause(100 + Math.random() * 100); // not in step with the refresh
  }
  return out.sort((a, b) => a - b);
}

async function setPaused(s: Session, want: boolean): Promise<void> {
  if (s.paused === want) return;
  await s.c.keys('p', want ? 'paused' : 'live · every');
  s.paused = want;
  await pause(200);
}

async function openChart(
  name: string,
  bin: string,
  routerUrl: string,
  telemetryUrl: string,
): Promise<Session> {
  const c = new Control();
  c.start(`node ${bin} --router ${routerUrl} --user admin --telemetry ${telemetryUrl}`, {
    ROUTERSH_PASSWORD: 'admin',
    ROUTERSH_TELEMETRY_KEY: 'k'.repeat(24),
    XDG_STATE_HOME: '/tmp/routersh-bench-state',
    XDG_CONFIG_HOME: '/tmp/routersh-bench-config',
  });
  const s = { name, c, page: 1, paused: false };
  await c.screen(/admin@127\.0\.0\.1>/);
  await c.keys("-l 'metrics range pkts_down since 6h'");
  await c.keys('Enter');
  await c.screen(/‹ 1\/\d+ ›/, 30_000);
  await c.screen(/live · every 10s/);
  return s;
}

/**
 * With ROUTERSH_BENCH_BASE_BIN (another checkout's bin/routersh.cjs) that build is measured in
 * the same alternation, in a second tmux kept paused while the other is measured.
 */
export async function benchChartKeys(): Promise<Record<string, number>> {
  const router = await startHostileRouter({});
  const server = await chartServer();
  const sessions: Session[] = [];
  const r: Record<string, number> = {};
  try {
    sessions.push(await openChart('', BIN, router.url, server.url));
    const base = process.env.ROUTERSH_BENCH_BASE_BIN;
    if (base) sessions.push(await openChart('base build ', base, router.url, server.url));
    for (const s of sessions) await setPaused(s, true);
    const stats: Record<string, number[]> = {};
    const run = (s: Session, name: string, want: boolean) => async () => {
      for (const other of sessions) if (other !== s) await setPaused(other, true);
      await setPaused(s, want);
      const keys = await pageKeys(s);
      for (const [k, v] of [
        ['p50', percentile(keys, 50)],
        ['p99', percentile(keys, 99)],
        ['max', keys[keys.length - 1]!],
      ] as const) {
        const key = `${s.name}${name} ${k}`;
        stats[key] = [...(stats[key] ?? []), v];
      }
      return percentile(keys, 99);
    };
    const summary = await alternate(
      [
        { name: 'refreshing', run: run(sessions[0]!, 'during auto-refresh', false) },
        { name: 'paused', run: run(sessions[0]!, 'paused (baseline)', true) },
        ...sessions.slice(1).map((s) => ({ name: s.name, run: run(s, 'during auto-refresh', false) })),
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
    // Per run, p99 during refresh over p99 paused (the same minute's noise on both).
    const paused = summary.paused!;
    Object.assign(
      r,
      rows('chart: p99 during refresh ÷ p99 paused (paired)', pairedRatio(summary.refreshing!, paused)),
    );
    for (const s of sessions.slice(1))
      Object.assign(
        r,
        rows(
          `chart: ${s.name}p99 during refresh ÷ p99 paused (paired)`,
          pairedRatio(summary[s.name]!, paused),
        ),
      );
  } finally {
    for (const s of sessions) s.c.stop();
    server.stop();
    await router.close();
  }
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchChartKeys());
  process.exit(0);
}
