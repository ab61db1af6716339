// Issue 19: CPU of `monitor match-list LIST` refreshing a big list, against `watch -n1 'curl … |
// jq …'` doing the same request and a comparable transform (every member line split into its
// fields, sorted by address, a screen of rows printed) on the same list, in the same tmux
// (120×40). The router simulator runs in this process, so its CPU is in neither arm; its request
// log counts each arm's reads. An arm's window runs from one read's arrival at the simulator to
// the arrival of the Nth read after it, so it holds exactly N refresh periods. CPU is
// utime+stime+cutime+cstime from /proc: of the routersh process, and of `watch` (curl and jq,
// reaped by the shell watch runs, are counted in watch's cutime/cstime). The figure is CPU per
// refresh: the pane reads 5 s after each read ends (its default) and redraws its countdowns every
// second, so its per-refresh figure carries 5–6 redraws where watch's carries one (that favours
// watch); CPU per second of watching is reported too. A third arm, for reference: watch with jq
// only extracting the text and `head` showing a screen of it (no member is parsed or sorted).
// Needs `npm run build`, tmux, watch (procps), curl and jq; a missing tool skips the suite.
// BENCH_MONITOR_BIN=path/to/bin/routersh.cjs measures another build (say, main's) the same way.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRouterSim } from '../sim/router/index.js';
import { alternate, LONG, pairedRatio, RUNS, rows, summarize } from './alternate.js';
import { ROOT } from './util.js';

// The simulator is in this process: a child it must answer is waited for without blocking.
const node = (args: string[], env: NodeJS.ProcessEnv) =>
  promisify(execFile)(process.execPath, args, { cwd: ROOT, env, maxBuffer: 64 << 20 });

/** BENCH_MONITOR_SIZES=1000,65536 picks others. */
const SIZES = process.env.BENCH_MONITOR_SIZES
  ? process.env.BENCH_MONITOR_SIZES.split(',').map(Number)
  : LONG
    ? [1_000, 10_000, 65_536]
    : [1_000, 10_000];
/** Refresh periods per window: the pane reads every 5 s, watch every ~1 s. */
const PANE_READS = 4;
const WATCH_READS = 8;
const TICK_HZ = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const AUTH = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const entry = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** CPU seconds of a process and of the children it reaped. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14–17 of proc(5) (utime, stime, cutime, cstime) are 11–14 after the comm.
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK_HZ;
}

/** The pane; watch with the comparable jq; watch with jq only extracting the text (head). */
type Arm = 'pane' | 'watch' | 'light';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Tmux {
  readonly sock = `routersh-monbench-${randomBytes(4).toString('hex')}`;
  private n = 0;

  constructor() {
    // A session that stays: the server would exit with the last arm's session, racing the next.
    execFileSync('tmux', ['-L', this.sock, 'new-session', '-d', '-s', 'hold', 'exec cat']);
  }

  /** A new session running `command` (exec'd, so the pane's pid is the command's); its pid. */
  open(command: string, env: Record<string, string>): { target: string; pid: number } {
    const target = `w${this.n++}`;
    const exports = Object.entries({ TERM: 'xterm-256color', ...env })
      .map(([k, v]) => `${k}='${v.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    const args = ['-x', '120', '-y', '40', `exec env -u CI ${exports} ${command}`];
    execFileSync('tmux', ['-L', this.sock, 'new-session', '-d', '-s', target, ...args]);
    const pid = Number(
      execFileSync('tmux', ['-L', this.sock, 'list-panes', '-t', target, '-F', '#{pane_pid}'], {
        encoding: 'utf8',
      }).trim(),
    );
    return { target, pid };
  }

  keys(target: string, ...keys: string[]): void {
    execFileSync('tmux', ['-L', this.sock, 'send-keys', '-t', target, ...keys]);
  }

  screen(target: string): string {
    return execFileSync('tmux', ['-L', this.sock, 'capture-pane', '-p', '-t', target], { encoding: 'utf8' });
  }

  async until(target: string, re: RegExp, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!re.test(this.screen(target))) {
      if (Date.now() > deadline) throw new Error(`no ${re} on screen:\n${this.screen(target)}`);
      await sleep(50);
    }
  }

  close(target: string): void {
    spawnSync('tmux', ['-L', this.sock, 'kill-session', '-t', target]);
  }

  stop(): void {
    spawnSync('tmux', ['-L', this.sock, 'kill-server']);
  }
}

const hasTool = (t: string) => spawnSync('sh', ['-c', `command -v ${t}`]).status === 0;

export async function benchMonitor(): Promise<Record<string, number>> {
  const missing = ['tmux', 'watch', 'curl', 'jq'].filter((t) => !hasTool(t));
  if (missing.length) {
    process.stdout.write(`skipped: ${missing.join(', ')} not installed\n`);
    return {};
  }
  const sim = await startRouterSim({ host: '127.0.0.1', port: 0 });
  const tmux = new Tmux();
  const bin = process.env.BENCH_MONITOR_BIN ?? `${ROOT}bin/routersh.cjs`;
  const env = { ...AUTH, ROUTERSH_ROUTER: sim.url };
  const out: Record<string, number> = {};
  const dir = mkdtempSync(join(tmpdir(), 'routersh-monbench-'));
  try {
    for (const size of SIZES) {
      const list = `bench${size}`;
      const feed = join(dir, `${list}.txt`);
      writeFileSync(feed, `${Array.from({ length: size }, (_, i) => entry(i)).join('\n')}\n`);
      await node([bin, '-c', `ipv4 firewall match-list ${list}`], { ...process.env, ...env });
      await node([bin, 'match-list', 'import', list, feed], { ...process.env, ...env });
      const path = `/api/ipv4/firewall/match-list/${list}`;
      const reads = () =>
        sim.requests.filter((r) => r.url.startsWith(path) && r.body.includes('SHOW')).length;
      /** CPU per refresh of `pid` over `periods` reads, from one read's arrival to the last's. */
      // CPU per second of watching too (ms/s), per arm in run order: the pane reads less often.
      const perSecond: Record<Arm, number[]> = { pane: [], watch: [], light: [] };
      const window = async (arm: Arm, pid: number, periods: number, timeoutMs: number): Promise<number> => {
        const deadline = Date.now() + timeoutMs;
        const waitRead = async (n: number) => {
          while (reads() < n) {
            if (Date.now() > deadline) throw new Error(`${list}: fewer reads than ${n}`);
            await sleep(5);
          }
        };
        await waitRead(reads() + 1); // a read has just arrived: the window opens
        const start = reads();
        const c0 = cpuOf(pid);
        const t0 = performance.now();
        await waitRead(start + periods);
        const cpu = cpuOf(pid) - c0;
        perSecond[arm].push((cpu * 1000) / ((performance.now() - t0) / 1000));
        return cpu / periods;
      };
      const pane = async () => {
        const { target, pid } = tmux.open(`node ${bin}`, env);
        try {
          await tmux.until(target, /@[^\n]*>\s*$/m);
          tmux.keys(target, '-l', `monitor match-list ${list}`);
          tmux.keys(target, 'Enter');
          await tmux.until(target, new RegExp(`${size} members`));
          return (await window('pane', pid, PANE_READS, (PANE_READS + 3) * 20_000)) * 1000;
        } finally {
          tmux.close(target);
        }
      };
      const jq = `.NodeInfo.ShowOutput | split("\\n") | map(select(startswith("  ")) | split(" ") | map(select(. != ""))) | sort_by(.[0]) | .[:36][] | join(" ")`;
      const curl = `curl -s -u admin:admin -X POST -H 'content-type: application/json' -d '{"Actions":["SHOW"]}' ${sim.url}${path}`;
      const watchArm = (arm: Arm, filter: string) => async () => {
        const cmd = `watch -n1 -t "${curl.replace(/"/g, '\\"')} | ${filter.replace(/"/g, '\\"')}"`;
        const { target, pid } = tmux.open(cmd, {});
        try {
          return (await window(arm, pid, WATCH_READS, (WATCH_READS + 3) * 15_000)) * 1000;
        } finally {
          tmux.close(target);
        }
      };
      const r = await alternate(
        [
          { name: 'pane', run: pane },
          { name: 'watch', run: watchArm('watch', `jq -r '${jq}'`) },
          { name: 'light', run: watchArm('light', `jq -r .NodeInfo.ShowOutput | head -n 38`) },
        ],
        RUNS,
      );
      Object.assign(
        out,
        rows(`${size}: routersh pane CPU ms per refresh`, r.pane!),
        rows(`${size}: watch+curl+jq CPU ms per refresh`, r.watch!),
        rows(`${size}: ratio pane/watch per refresh`, pairedRatio(r.pane!, r.watch!)),
        rows(`${size}: routersh pane CPU ms per second`, summarize(perSecond.pane)),
        rows(`${size}: watch+curl+jq CPU ms per second`, summarize(perSecond.watch)),
        rows(`${size}: light watch (jq extracts, head) CPU ms per refresh`, r.light!),
        rows(`${size}: ratio pane/light watch per refresh`, pairedRatio(r.pane!, r.light!)),
        rows(`${size}: light watch CPU ms per second`, summarize(perSecond.light)),
      );
      process.stdout.write(
        `${JSON.stringify({ size, pane: r.pane!.values, watch: r.watch!.values, perSecond })}\n`,
      );
    }
    return out;
  } finally {
    tmux.stop();
    await sim.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchMonitor();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(56)} ${v.toFixed(2)}\n`);
}
