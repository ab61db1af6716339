// Issue 9 / 38: an interactive `show` of a 65,536-entry list in tmux against `cat` of the same
// text in the same kind of tmux (target ≤ 1.5×): time from Enter until the last line and the
// prompt are on screen, the two taking turns run by run (bench/alternate.ts) so that the load of
// the machine falls on both; the ratio is paired run by run. Also the CPU each spends per run
// (routersh, or sh's child cat; plus the tmux server that parses the output), which the load
// of a shared machine moves far less than the times; and the routersh process's peak RSS
// (VmHWM, target ≤ 300 MB) and RSS after the output: flat across shows, as the shell keeps no
// output. The router is the hostile harness's `showLines` mode in a process of its own, its
// answer serialized once (test/hostile/router.ts bigShowAnswer): cat has no router to wait for.
// The screen is watched through one tmux control client (bench/tmux-screen.ts), not a `tmux`
// process per look, which took the CPU routersh needed to parse and print.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigShow } from '../test/hostile/router.js';
import { alternate, pairedRatio, rows, summarize } from './alternate.js';
import { TmuxScreen } from './tmux-screen.js';
import { ROOT, startChildHostile } from './util.js';

const N = 65_536;
const lastLine = (s: string) => s.includes(`entry ${N} `);
const CAT_PROMPT = /cat\$ ?$/m;
const PROMPT = /admin@127\.0\.0\.1> ?$/m;
// The line under the prompt while a command runs: the show is done when it is gone. Its text
// is written while the answer arrives (issue 38), and the last line is on the screen before
// the whole answer is parsed: the prompt alone would time that, not the shell being ready.
const RUNNING = 'waiting for the router';
const anyLine = (s: string) => /^entry \d+ /m.test(s);
const done = (s: string) => lastLine(s) && PROMPT.test(s) && !s.includes(RUNNING);

/** CPU ms a process has used (utime + stime), and with `children`, its waited-for children's. */
function cpuMs(pid: number, children = false): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const at = (i: number) => Number(f[i] ?? Number.NaN);
  const ticks = children ? at(13) + at(14) : at(11) + at(12); // fields 16-17 / 14-15 of stat(5)
  return ticks * 10; // USER_HZ is 100 on Linux
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

interface Side {
  /** One run: ms from Enter to the last line and the prompt on screen; its CPU is added to `cpu`. */
  run(): Promise<number>;
  cpu: number[];
  /** ms from Enter to the first line of the output on screen, per run. */
  first: number[];
  tmuxCpu: number[];
  screen: TmuxScreen;
}

/** `cat FILE` in sh: a run clears the screen, types the command, and times its Enter. */
async function catSide(file: string): Promise<Side> {
  const screen = new TmuxScreen(`PS1='cat$ ' sh`);
  await screen.until((x) => CAT_PROMPT.test(x));
  const sh = await screen.panePid();
  const server = await screen.serverPid();
  const side: Side = {
    screen,
    cpu: [],
    first: [],
    tmuxCpu: [],
    async run() {
      await screen.run('send-keys -t b clear Enter');
      await screen.until((x) => !lastLine(x) && CAT_PROMPT.test(x));
      await screen.run(`send-keys -t b -l 'cat ${file}'`);
      await screen.until((x) => x.includes(`cat ${file}`));
      const [c0, s0] = [cpuMs(sh, true), cpuMs(server)];
      const t0 = performance.now();
      await screen.run('send-keys -t b Enter');
      side.first.push((await screen.until(anyLine)) - t0);
      const ms = (await screen.until((x) => lastLine(x) && CAT_PROMPT.test(x))) - t0;
      side.cpu.push(cpuMs(sh, true) - c0);
      side.tmuxCpu.push(cpuMs(server) - s0);
      return ms;
    },
  };
  return side;
}

/** routersh at its prompt: a run types `show interface`, times its Enter, then Ctrl-L. */
async function showSide(routerUrl: string, root = ROOT): Promise<Side & { pid: number }> {
  const screen = new TmuxScreen(
    `ROUTERSH_PASSWORD=admin XDG_STATE_HOME=${tmpdir()}/routersh-bench-state node ${root}bin/routersh.cjs --router ${routerUrl} --user admin --no-pager`,
  );
  await screen.until((x) => PROMPT.test(x), 20_000);
  const pid = nodePid(await screen.panePid());
  const server = await screen.serverPid();
  const side = {
    screen,
    pid,
    cpu: [] as number[],
    first: [] as number[],
    tmuxCpu: [] as number[],
    async run() {
      await screen.run('send-keys -t b C-l');
      await screen.until((x) => !lastLine(x) && PROMPT.test(x));
      await screen.run(`send-keys -t b -l 'show interface'`);
      await screen.until((x) => /> show interface\s*$/m.test(x));
      const [c0, s0] = [cpuMs(pid), cpuMs(server)];
      const t0 = performance.now();
      await screen.run('send-keys -t b Enter');
      side.first.push((await screen.until(anyLine)) - t0);
      const ms = (await screen.until(done)) - t0;
      side.cpu.push(cpuMs(pid) - c0);
      side.tmuxCpu.push(cpuMs(server) - s0);
      return ms;
    },
  };
  return side;
}

export async function benchShow(): Promise<Record<string, number>> {
  const file = join(tmpdir(), `routersh-show-${process.pid}.txt`);
  writeFileSync(file, bigShow(N));
  const router = await startChildHostile({ showLines: N });
  const sides: TmuxScreen[] = [];
  try {
    const cat = await catSide(file);
    sides.push(cat.screen);
    const show = await showSide(router.url);
    sides.push(show.screen);
    // SHOW_BENCH_BASE=DIR (a built checkout, e.g. a worktree of the commit before): a third arm,
    // that build's show, alternated with the two in the same runs.
    const baseDir = process.env['SHOW_BENCH_BASE'];
    const base = baseDir ? await showSide(router.url, `${baseDir.replace(/\/?$/, '/')}`) : undefined;
    if (base) sides.push(base.screen);
    const rssBefore = status(show.pid, 'VmRSS');
    const r = await alternate([
      { name: 'cat', run: () => cat.run() },
      { name: 'show', run: () => show.run() },
      ...(base ? [{ name: 'base', run: () => base.run() }] : []),
    ]);
    const peak = status(show.pid, 'VmHWM');
    const rssLast = status(show.pid, 'VmRSS');
    await new Promise((res) => setTimeout(res, 3000)); // idle: the collector runs, memory goes back
    const [catMs, showMs, baseMs] = [r['cat'], r['show'], r['base']];
    if (!catMs || !showMs) throw new Error('an arm did not run');
    const baseRows =
      base && baseMs
        ? {
            ...rows(`SHOW_BENCH_BASE show / cat, paired`, pairedRatio(baseMs, catMs)),
            ...rows('show / SHOW_BENCH_BASE show, paired', pairedRatio(showMs, baseMs)),
            ...rows('CPU ms per run: SHOW_BENCH_BASE routersh', summarize(base.cpu)),
            ...rows('first line on screen, ms: SHOW_BENCH_BASE show', summarize(base.first)),
          }
        : {};
    return {
      ...rows('cat of 65,536 lines in tmux, ms', catMs),
      ...rows('interactive show of 65,536 lines in tmux, ms', showMs),
      ...rows('show / cat, paired (target <= 1.5)', pairedRatio(showMs, catMs)),
      ...rows('first line on screen, ms: cat', summarize(cat.first)),
      ...rows('first line on screen, ms: show', summarize(show.first)),
      ...rows('CPU ms per run: cat', summarize(cat.cpu)),
      ...rows('CPU ms per run: routersh', summarize(show.cpu)),
      ...rows('CPU ms per run: tmux server, cat', summarize(cat.tmuxCpu)),
      ...rows('CPU ms per run: tmux server, show', summarize(show.tmuxCpu)),
      ...baseRows,
      'routersh peak RSS MB (VmHWM, target <= 300)': peak,
      'routersh RSS MB at the prompt before': rssBefore,
      'routersh RSS MB after the last show': rssLast,
      'routersh RSS MB 3 s after the shows': status(show.pid, 'VmRSS'),
    };
  } finally {
    for (const s of sides) s.kill();
    await router.stop();
    rmSync(file, { force: true });
  }
}
