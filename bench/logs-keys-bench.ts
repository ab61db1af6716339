// Issue 19: a key pressed in the log pane while it follows 5,000 records/s (batches of records
// arriving, the histogram strip refreshed), measured at the screen. The built binary runs in
// tmux (120×40) on `logs search *` against the hostile telemetry harness's stream; with the
// search prompt open (`/`), `x` and Backspace alternate every ~150 ms for 12 s a run, each timed
// from send-keys to the first output holding the prompt it makes ("/x█", "/█"). Baseline: the
// same with follow paused (↑ leaves the newest record). 5 alternated runs (BENCH_RUNS).
import { startHostileRouter } from '../test/hostile/router.js';
import { startHostileTelemetry } from '../test/hostile/telemetry.js';
import { alternate, rows, RUNS } from './alternate.js';
import { Control, pause } from './tmux-control.js';
import { percentile, ROOT } from './util.js';

/** The binary measured; ROUTERSH_BENCH_BIN=/other/checkout/bin/routersh.cjs measures another build. */
const BIN = process.env.ROUTERSH_BENCH_BIN ?? `${ROOT}bin/routersh.cjs`;

const RUN_MS = Number(process.env.ROUTERSH_BENCH_LOGS_KEYS_MS ?? 12_000);

let typed = false;

async function promptKeys(c: Control): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + RUN_MS;
  while (Date.now() < end) {
    typed = !typed;
    out.push(await c.keys(typed ? 'x' : 'BSpace', typed ? '/x█' : '/█'));
    await pause(100 + Math.random() * 100);
  }
  return out.sort((a, b) => a - b);
}

export async function benchLogsKeys(): Promise<Record<string, number>> {
  const router = await startHostileRouter({});
  const api = await startHostileTelemetry({ stream: { ratePerSec: 1, startMs: Date.now() + 3_600_000 } });
  const c = new Control();
  const r: Record<string, number> = {};
  try {
    c.start(`node ${BIN} --router ${router.url} --user admin --telemetry ${api.url}`, {
      ROUTERSH_PASSWORD: 'admin',
      ROUTERSH_TELEMETRY_KEY: 'k'.repeat(24),
      XDG_STATE_HOME: '/tmp/routersh-bench-state',
      XDG_CONFIG_HOME: '/tmp/routersh-bench-config',
    });
    await c.screen(/admin@127\.0\.0\.1>/);
    await c.keys("-l 'logs search *'");
    await c.keys('Enter');
    await pause(1000);
    api.modes.stream = { ratePerSec: 5000, startMs: Date.now() };
    await c.screen(/stream \d+/, 20_000);
    await pause(3000); // the pane has caught up: polls bring 2 s of records each
    let following = true;
    const setFollowing = async (want: boolean) => {
      if (following === want) return;
      await c.keys('Escape', undefined);
      await pause(300);
      await c.keys(want ? 'End' : 'Up');
      await pause(300);
      await c.keys('/', '/█');
      typed = false;
      following = want;
      await pause(300);
    };
    await c.keys('/', '/█');
    const stats: Record<string, number[]> = {};
    const run = (name: string, want: boolean) => async () => {
      await setFollowing(want);
      const keys = await promptKeys(c);
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
        { name: 'following', run: run('following 5,000 records/s', true) },
        { name: 'paused', run: run('follow paused (baseline)', false) },
      ],
      RUNS,
    );
    for (const [k, values] of Object.entries(stats)) {
      const sorted = [...values].sort((a, b) => a - b);
      Object.assign(
        r,
        rows(`log pane: key→screen ${k} (ms)`, {
          median: percentile(sorted, 50),
          min: sorted[0]!,
          max: sorted[sorted.length - 1]!,
          values,
        }),
      );
    }
  } finally {
    c.stop();
    await api.close();
    await router.close();
  }
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchLogsKeys());
  process.exit(0);
}
