// Issue 40: a class of 30 on this machine. `class serve --trainees 30 --lesson interfaces` (the
// built binary, a child process); 29 trainees driven by `routersh play` clients (`class join
// --play`, each in a tmux window: the lesson's solution typed key by key into the shell, round
// and round, graded line by line on the server; bench/class-play-room.ts); one more trainee in
// tmux. Rows:
// - that trainee's warm Tab on `interface ` at the screen (keystroke → menu, p50 and p99 per
//   series), with the 29 working and with them holding still (the class idle), alternated
//   ≥ 5 times; their paired ratio (target ≤ 1.5);
// - the board seeing that trainee's passed step: Enter on the step's line → the board's long
//   poll answering with the step done (target ≤ 1 s), under the load;
// - the class server's peak RSS (VmHWM, target ≤ 1 GB) and the machine's load average.
// The class idle: the 29 connected, their processes stopped. CLASS_TRAINEES (default 30),
// CLASS_PLAY_SPEED and CLASS_PLAY_AUTO (play's --speed, default 0.25, and --auto, default 0.5 s)
// and BENCH_RUNS narrow or widen a run. Needs `npm run build` and tmux.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassClient } from '../src/api/class/client.js';
import type { Board } from '../src/contract/class.js';
import { alternate, pairedRatio, RUNS, rows, summarize } from './alternate.js';
import { type PlayRoom, startPlayRoom } from './class-play-room.js';
import { Control, pause } from './tmux-control.js';
import { percentile, ROOT } from './util.js';

const TRAINEES = Number(process.env.CLASS_TRAINEES) || 30;
const TABS = 12;
const WARM = 3;
const SETTLE_MS = 80;
const OPEN = /placeholder/;
const BIN = `${ROOT}bin/routersh.cjs`;
/**
 * play's pace for the 29: --speed and --auto (seconds before Enter). play types 30-60 ms a key
 * at speed 1 (~22 keys/s, no room types so: the 29 shells then took 186% of the two cores);
 * 0.25 is 120-240 ms a key (~66 words a minute, a fast typist) and a 1.6 s beat after each line.
 */
const PLAY_SPEED = Number(process.env.CLASS_PLAY_SPEED) || 0.25;
const PLAY_AUTO_S = Number(process.env.CLASS_PLAY_AUTO ?? 0.5);
/** Rounds of the solution in the 29's script: more than a run types. */
const ROUNDS = 400;
const RESET_POLL_MS = 2000;
/** The lesson's solution, typed round and round. */
const SOLUTION = [
  'interface eth1.100',
  'interface eth1.100 mtu 9000',
  'interface eth1.100 description "VLAN 100 lab"',
  'show interface eth1.100',
  'no interface eth1.100',
];

interface Served {
  url: string;
  child: ChildProcess;
  codes: Map<string, string>;
  token: string;
}

async function serve(dir: string): Promise<Served> {
  const child = spawn(
    process.execPath,
    [
      BIN,
      'class',
      'serve',
      '--trainees',
      String(TRAINEES),
      '--lesson',
      'interfaces',
      '--port',
      '0',
      '--state',
      join(dir, 'class'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, XDG_STATE_HOME: join(dir, 'state') } },
  );
  const screen = await new Promise<string>((resolve, reject) => {
    let s = '';
    child.stdout?.on('data', (d: Buffer) => {
      s += d.toString();
      if (s.includes('Ctrl-C ends the class')) resolve(s);
    });
    child.once('exit', (code) => reject(new Error(`class serve exited (${code}): ${s}`)));
  });
  const url = /^class (https?:\/\/\S+)/m.exec(screen)?.[1] ?? '';
  const roster = /^names and codes: (.+) \(0600\)$/m.exec(screen)?.[1] ?? '';
  const tokenFile = /also in (.+), 0600\)/.exec(screen)?.[1] ?? '';
  const codes = new Map(
    readFileSync(roster, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(' ') as [string, string]),
  );
  return { url, child, codes, token: readFileSync(tokenFile, 'utf8').trim() };
}

function codeFile(dir: string, name: string, code: string): string {
  const f = join(dir, `${name}.code`);
  writeFileSync(f, `${code}\n`, { mode: 0o600 });
  return f;
}

/**
 * The 29 run the lesson, not only its end: while they work, a trainee whose lesson is done is
 * put back at its start (the instructor's reset), polled every RESET_POLL_MS, so their lines
 * keep being graded against their routers. Returns how many lessons were completed so.
 */
function keepRunning(instructor: ClassClient, names: Set<string>, working: () => boolean) {
  let completed = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      await pause(RESET_POLL_MS);
      if (!on || !working()) continue;
      try {
        const b = await instructor.board(undefined);
        for (const t of b.trainees)
          if (names.has(t.name) && t.steps.length > 0 && t.steps.every((x) => x === 'done')) {
            completed++;
            await instructor.reset(t.name);
          }
      } catch (e) {
        if (on) throw e;
      }
    }
  })();
  return {
    completed: () => completed,
    stop: async () => {
      on = false;
      await loop;
    },
  };
}

/** A series of warm Tabs on `interface ` (the first WARM not counted); its p50 and p99. */
async function series(c: Control, prompt: RegExp): Promise<{ p50: number; p99: number }> {
  await c.keys(`-l 'interface '`);
  await pause(300);
  const out: number[] = [];
  for (let i = 0; i < TABS + WARM; i++) {
    const ms = await c.keys('Tab', OPEN, 30_000);
    if (i >= WARM) out.push(ms);
    await c.keys('C-g');
    await c.gone(OPEN);
    await pause(SETTLE_MS);
  }
  await c.keys('C-u');
  await c.gone(new RegExp(`${prompt.source} \\S`));
  await pause(SETTLE_MS);
  out.sort((a, b) => a - b);
  return { p50: percentile(out, 50), p99: percentile(out, 99) };
}

/** Enter on the step's line → the board's long poll answering with the step done (ms). */
async function boardSeesStep(
  c: Control,
  instructor: ClassClient,
  name: string,
): Promise<{ board: number; shell: number }> {
  // Back to the lesson's start: the step is not done, its interface gone.
  await instructor.reset(name);
  let b: Board = await instructor.board(undefined);
  const done = (x: Board) => x.trainees.find((t) => t.name === name)?.steps[0] === 'done';
  while (done(b)) b = await instructor.board(b.version);
  await c.keys(`-l 'interface eth1.100'`);
  await pause(SETTLE_MS);
  const t0 = performance.now();
  await c.keys('Enter');
  // The trainee's own screen showing the step passed: the server's answer to their shell.
  const shell = c.until(/step 1\/5 done/, 60_000).then(() => performance.now() - t0);
  while (!done(b)) b = await instructor.board(b.version);
  const board = performance.now() - t0;
  return { board, shell: await shell };
}

/** CPU seconds a process has used (user + system, /proc/PID/stat). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Where the bench is (stderr: the run's table stays on stdout). */
const say = (m: string) =>
  process.stderr.write(`class-bench ${new Date().toISOString().slice(11, 19)} ${m}\n`);

function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

export async function benchClass(): Promise<Record<string, number>> {
  const r: Record<string, number> = {};
  const dir = mkdtempSync(join(tmpdir(), 'routersh-class-bench-'));
  const s = await serve(dir);
  const me = `t${TRAINEES}`;
  const shell = new Control();
  let room: PlayRoom | undefined;
  let running: ReturnType<typeof keepRunning> | undefined;
  const instructor = new ClassClient({ url: s.url, auth: { bearer: s.token } });
  try {
    shell.start(
      `node ${BIN} class join ${s.url} --name ${me} --code-file ${codeFile(dir, me, s.codes.get(me) ?? '')}`,
      {
        XDG_STATE_HOME: join(dir, 'state-me'),
      },
    );
    const prompt = new RegExp(`${me}@127\\.0\\.0\\.1>`);
    await shell.screen(new RegExp(`${prompt.source} ?$`, 'm'), 60_000);
    say(`${me} at the prompt; starting ${TRAINEES - 1} played trainees`);
    const names = Array.from({ length: TRAINEES - 1 }, (_, i) => `t${i + 1}`);
    room = await startPlayRoom({
      dir,
      bin: BIN,
      url: s.url,
      names,
      codeFile: (name) => codeFile(dir, name, s.codes.get(name) ?? ''),
      lines: SOLUTION,
      rounds: ROUNDS,
      speed: PLAY_SPEED,
      autoS: PLAY_AUTO_S,
    });
    say('every played trainee at its prompt');
    let working = true;
    let workingMs = 0;
    let since = performance.now();
    const setWorking = (on: boolean) => {
      if (working) workingMs += performance.now() - since;
      since = performance.now();
      working = on;
      room?.set(on);
    };
    running = keepRunning(instructor, new Set(names), () => working);
    // The server's CPU counted from here, almost all of it while the 29 work (idle: stopped).
    const cpu0 = cpuSeconds(s.child.pid);
    const gone = (pid: number) => {
      try {
        return cpuSeconds(pid);
      } catch {
        return 0; // a client that ended: counted in its own row
      }
    };
    const roomCpu = () => room?.pids.reduce((sum, pid) => sum + gone(pid), 0) ?? 0;
    const roomCpu0 = roomCpu();
    const p99s = new Map<string, number[]>();
    const loads: number[] = [];
    const arm = (name: string, working: boolean) => {
      p99s.set(name, []);
      return {
        name,
        run: async () => {
          say(`series ${working ? 'working' : 'idle'}`);
          setWorking(working);
          // Let the 29 get going (or the server settle) before the series.
          await pause(working ? 3000 : 1000);
          if (working) loads.push(loadavg()[0] ?? 0);
          const x = await series(shell, prompt);
          p99s.get(name)?.push(x.p99);
          return x.p50;
        },
      };
    };
    const busy = `Tab at the screen, ${TRAINEES - 1} trainees working`;
    const idle = 'Tab at the screen, the class idle';
    const got = await alternate([arm(busy, true), arm(idle, false)], RUNS);
    for (const [name, x] of Object.entries(got)) {
      Object.assign(r, rows(`${name} p50 (ms)`, x));
      Object.assign(r, rows(`${name} p99 (ms)`, summarize(p99s.get(name) ?? [])));
    }
    if (got[busy] && got[idle])
      Object.assign(r, rows('Tab p50 working / idle (target <= 1.5)', pairedRatio(got[busy], got[idle])));
    // The board under the load.
    setWorking(true);
    await pause(3000);
    const seen: number[] = [];
    const shown: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      say(`board run ${i + 1}`);
      const x = await boardSeesStep(shell, instructor, me);
      seen.push(x.board);
      shown.push(x.shell);
    }
    Object.assign(r, rows('board sees a passed step, working (ms, target <= 1000)', summarize(seen)));
    Object.assign(r, rows("the trainee's screen shows it passed, working (ms)", summarize(shown)));
    r['class server peak RSS, VmHWM (MB, target <= 1024)'] = peakRssMb(s.child.pid);
    setWorking(false);
    r['class server CPU while working (% of one core)'] =
      (100 * (cpuSeconds(s.child.pid) - cpu0)) / (workingMs / 1000);
    r['load average (1 min) while working, median'] = summarize(loads).median;
    r[`the ${TRAINEES - 1} clients and their tmux: CPU while working (% of one core)`] =
      (100 * (roomCpu() - roomCpu0)) / (workingMs / 1000);
    r['played trainees that ended early'] = room.ended();
    r[`lessons the ${TRAINEES - 1} completed while working`] = running.completed();
    r['their graded lines a second while working, at least (5 a lesson)'] =
      (running.completed() * SOLUTION.length) / (workingMs / 1000);
  } finally {
    await running?.stop();
    room?.stop();
    await instructor.close();
    shell.stop();
    s.child.kill('SIGINT');
  }
  return r;
}

if (process.argv[1]?.endsWith('class-bench.ts')) {
  const r = await benchClass();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(80)} ${v.toFixed(2)}\n`);
}
