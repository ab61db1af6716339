// Issue 9: an interactive `show` of a 65,536-entry list in tmux against `cat` of the same text
// in the same kind of tmux (target ≤ 2×): time from Enter until the last line and the prompt
// are on screen; the routersh process's peak RSS (VmHWM, target ≤ 300 MB) and RSS after the
// output: flat across shows, as the shell keeps no output (V8 keeps some heap it grew). The router is the hostile harness's `showLines` mode,
// in a process of its own: in this one, the polling of tmux delayed its answers (cat has no router to wait for).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bigShow } from '../test/hostile/router.js';
import { median, ROOT, startChildHostile } from './util.js';

const N = 65_536;
const RUNS = Number(process.env.SHOW_BENCH_RUNS) || 3;
const run = promisify(execFile);

// Polled with async exec: the router answers from this process's event loop meanwhile.
function tmuxOn(sock: string) {
  return async (...a: string[]) => (await run('tmux', ['-L', sock, ...a], { encoding: 'utf8' })).stdout;
}

async function until(tmux: ReturnType<typeof tmuxOn>, test: (s: string) => boolean, ms = 120_000) {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    if (test(await tmux('capture-pane', '-p', '-t', 'b'))) return performance.now();
  }
  throw new Error(`screen never matched within ${ms} ms`);
}

async function session(command: string) {
  const sock = `routersh-bench-${randomBytes(3).toString('hex')}`;
  const tmux = tmuxOn(sock);
  await tmux('new-session', '-d', '-s', 'b', '-x', '120', '-y', '40', `env -u CI ${command}`);
  return { tmux, kill: () => tmux('kill-server').catch(() => '') };
}

const lastLine = (s: string) => s.includes(`entry ${N} `);

/** ms from Enter to the last line and a new `$` prompt, `cat` in sh. */
async function catTimes(file: string): Promise<number[]> {
  const s = await session(`PS1='cat$ ' sh`);
  const times: number[] = [];
  try {
    await until(s.tmux, (x) => x.includes('cat$'));
    for (let i = 0; i < RUNS; i++) {
      await s.tmux('send-keys', '-t', 'b', 'clear', 'Enter');
      await until(s.tmux, (x) => !lastLine(x) && /cat\$ ?$/m.test(x));
      await s.tmux('send-keys', '-t', 'b', '-l', `cat ${file}`);
      const t0 = performance.now();
      await s.tmux('send-keys', '-t', 'b', 'Enter');
      times.push((await until(s.tmux, (x) => lastLine(x) && /cat\$ ?$/m.test(x))) - t0);
    }
  } finally {
    await s.kill();
  }
  return times;
}

const status = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** The pane's process is node when sh and env exec it; otherwise node is its child. */
function nodePid(panePid: number): number {
  if (readFileSync(`/proc/${panePid}/comm`, 'utf8').trim() === 'node') return panePid;
  const kids = readFileSync(`/proc/${panePid}/task/${panePid}/children`, 'utf8').trim().split(/\s+/);
  return Number(kids[0]);
}

async function routershRun(routerUrl: string) {
  const PROMPT = /admin@127\.0\.0\.1> ?$/m;
  const s = await session(
    `ROUTERSH_PASSWORD=admin XDG_STATE_HOME=${tmpdir()}/routersh-bench-state node ${ROOT}bin/routersh.cjs --router ${routerUrl} --user admin --no-pager`,
  );
  try {
    await until(s.tmux, (x) => PROMPT.test(x), 10_000);
    const pid = nodePid(Number((await s.tmux('display', '-p', '-t', 'b', '#{pane_pid}')).trim()));
    const rssBefore = status(pid, 'VmRSS');
    const times: number[] = [];
    const rssAfterEach: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await s.tmux('send-keys', '-t', 'b', '-l', 'show interface');
      await until(s.tmux, (x) => /> show interface\s*$/m.test(x));
      const t0 = performance.now();
      await s.tmux('send-keys', '-t', 'b', 'Enter');
      times.push((await until(s.tmux, (x) => lastLine(x) && PROMPT.test(x))) - t0);
      await s.tmux('send-keys', '-t', 'b', 'C-l');
      await until(s.tmux, (x) => !lastLine(x));
      rssAfterEach.push(status(pid, 'VmRSS'));
    }
    const peak = status(pid, 'VmHWM');
    await new Promise((r) => setTimeout(r, 3000)); // idle: the collector runs, memory goes back
    return {
      times,
      peak,
      rssBefore,
      rssFirst: rssAfterEach[0] ?? Number.NaN,
      rssLast: rssAfterEach.at(-1) ?? Number.NaN,
      rssAfter: status(pid, 'VmRSS'),
    };
  } finally {
    await s.kill();
  }
}

export async function benchShow(): Promise<Record<string, number>> {
  const file = join(tmpdir(), `routersh-show-${process.pid}.txt`);
  writeFileSync(file, bigShow(N));
  const router = await startChildHostile({ showLines: N });
  try {
    const cat = median(await catTimes(file));
    const r = await routershRun(router.url);
    const show = median(r.times);
    return {
      'cat of 65,536 lines in tmux, median ms': cat,
      'interactive show of 65,536 lines in tmux, median ms': show,
      'show / cat (target <= 2)': show / cat,
      'routersh peak RSS MB (VmHWM, target <= 300)': r.peak,
      'routersh RSS MB at the prompt before': r.rssBefore,
      'routersh RSS MB after the first show': r.rssFirst,
      'routersh RSS MB after the last show': r.rssLast,
      [`routersh RSS MB 3 s after ${RUNS} shows`]: r.rssAfter,
    };
  } finally {
    await router.stop();
    rmSync(file, { force: true });
  }
}
