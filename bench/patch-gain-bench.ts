// Issue 36: what each start-up patch of patches/ buys. For each, the bundle is built again
// without that one patch (a copy of the checkout and of node_modules, the patch reversed there),
// and the figure it targets is measured alternately with and without it: the CPU a shell has used
// when a key typed at its first prompt is on screen (tmux; every thread's on-CPU time from
// /proc/PID/task/*/schedstat), or the CPU of a whole `-c "show interface"` (user + system, as
// bash's `time` reports it). CPU, not wall time: no machine here is quiet (at load 18 the wall
// times of the same build spread ±40 %), and what these patches save is CPU work before the
// prompt or the request. At least 10 runs (BENCH_RUNS raises it); the gain is
// 1 − with/without, paired run by run, median and range. A patch whose median gain is
// under 5 % of its figure is dropped (patches/README.md). Patches that bound memory, fix a bug
// or that the CommonJS bundle needs (ink's, yoga's) are not start-up patches and are not here.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, pairedRatio, rows, type Summary } from './alternate.js';
import { PROMPT, PROMPT_Q } from './startup-bench.js';
import { Control } from './tmux-control.js';
import { ROOT, startChildSims } from './util.js';

type Figure = 'launch' | '-c';
// undici+7.30.2.patch (node:http loaded on need, figure `-c`) was measured here and dropped on
// 3 Dec: 147 against 149 ms of CPU, gain 0.0 % (−20 to +4.5 %, 16 runs).
const PATCHES: Array<[file: string, figure: Figure]> = [
  ['@alcalzone+ansi-tokenize+0.2.5.patch', 'launch'],
  ['slice-ansi+8.0.0.patch', 'launch'],
  ['string-width+8.3.0.patch', 'launch'],
  ['wrap-ansi++string-width+7.2.0.patch', 'launch'],
];
const RUNS = Math.max(10, Number(process.env.BENCH_RUNS) || 10);
const only = process.env.ROUTERSH_BENCH_PATCH;

function must(cmd: string, args: string[], cwd: string): void {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stdout}${r.stderr}`);
}

/** A copy of the checkout's tracked files and of node_modules, to build variants in. */
function copyCheckout(dir: string): void {
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0');
  for (const f of files.filter(Boolean)) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  // The real folder (a worktree's node_modules may be a link to a shared one, which must not be
  // patched): its own links (.bin) are copied as links.
  cpSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'), {
    recursive: true,
    verbatimSymlinks: true,
  });
}

/** Builds the copy without `patch` and keeps bin/, dist/ and package.json as a runnable build. */
function buildWithout(work: string, patch: string, out: string): string {
  must('patch', ['-R', '-p1', '-s', '-i', join(work, 'patches', patch)], work);
  try {
    must(process.execPath, ['scripts/build.mjs'], work);
    mkdirSync(out, { recursive: true });
    for (const p of ['bin', 'dist', 'package.json']) cpSync(join(work, p), join(out, p), { recursive: true });
  } finally {
    must('patch', ['-p1', '-s', '-i', join(work, 'patches', patch)], work);
  }
  return join(out, 'bin', 'routersh.cjs');
}

/** ms of CPU every thread of process `pid` has run so far. */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`))
    ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
  return ns / 1e6;
}

/** ms of CPU (user + system) of a command run to its end. */
function commandCpuMs(command: string, env: NodeJS.ProcessEnv): number {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%3U %3S'; { time ${command} >/dev/null 2>&1; } 2>&1`], {
    env,
    encoding: 'utf8',
  });
  const [user, sys] = r.stdout.trim().split(' ').map(Number);
  if (r.status !== 0 || user === undefined || sys === undefined)
    throw new Error(`${command}: ${r.stdout}${r.stderr}`);
  return (user + sys) * 1000;
}

/** ms of CPU the shell has used when a key typed at its first prompt is on screen. */
async function launchCpuMs(command: string, env: Record<string, string>): Promise<number> {
  const c = new Control();
  try {
    c.start(command, env, { cols: 120, rows: 40 }, true);
    await c.until(PROMPT, 60_000);
    await c.keys('-l q', PROMPT_Q, 60_000);
    return cpuMs(c.pid());
  } finally {
    c.stop();
  }
}

export async function benchPatchGain(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-patch-gain-'));
  const work = join(dir, 'work');
  const sims = await startChildSims();
  const r: Record<string, number> = { runs: RUNS };
  try {
    copyCheckout(work);
    const env: NodeJS.ProcessEnv = { ...process.env, ROUTERSH_PASSWORD: 'admin' };
    delete env.CI;
    delete env.NODE_EXTRA_CA_CERTS;
    const tmuxEnv = { ROUTERSH_PASSWORD: 'admin', XDG_STATE_HOME: dir, XDG_CONFIG_HOME: dir };
    const connect = `--router ${sims.routerUrl} --user admin`;
    const time = (bin: string, figure: Figure) => async () =>
      figure === '-c'
        ? commandCpuMs(`node ${bin} ${connect} -c 'show interface'`, env)
        : await launchCpuMs(`node ${bin} ${connect}`, tmuxEnv);
    const withBin = join(ROOT, 'bin', 'routersh.cjs');
    for (const [patch, figure] of PATCHES) {
      if (only && !patch.includes(only)) continue;
      const withoutBin = buildWithout(work, patch, join(dir, patch));
      // One run each first: V8's compiled code kept for the next runs (bin/code-cache.cjs).
      await time(withBin, figure)();
      await time(withoutBin, figure)();
      const got = await alternate(
        [
          { name: 'with', run: time(withBin, figure) },
          { name: 'without', run: time(withoutBin, figure) },
        ],
        RUNS,
      );
      const ratio = pairedRatio(got.with as Summary, got.without as Summary);
      const gain = { ...ratio, median: 1 - ratio.median, min: 1 - ratio.max, max: 1 - ratio.min };
      Object.assign(r, rows(`${patch} (${figure}) with, ms of CPU`, got.with as Summary));
      Object.assign(r, rows(`${patch} (${figure}) without, ms of CPU`, got.without as Summary));
      Object.assign(r, rows(`${patch} (${figure}) gain (1 − with/without; keep ≥ 0.05)`, gain));
      process.stderr.write(
        `${patch}: ${figure} with ${(got.with as Summary).median.toFixed(1)} ms, without ${(got.without as Summary).median.toFixed(1)} ms, gain ${(gain.median * 100).toFixed(1)} % (${(gain.min * 100).toFixed(1)} to ${(gain.max * 100).toFixed(1)} %)\n`,
      );
    }
  } finally {
    await sims.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return r;
}
