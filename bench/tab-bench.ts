// Issue 19: Tab at the screen, keystroke → menu, at 100, 1,000, 10,000 and 65,536 values, for
// the two kinds of list a user completes: sub-node values (`ipv4 firewall match-list <Tab>`:
// the list names) and option values (`… match-list ml00000 action match net <Tab>`: a
// match-list's members). The built binary runs in tmux against the router simulator seeded in a
// child process (tab-sim.ts); the time is from `send-keys Tab` to the first output holding the
// menu's footer ("of N+1": the values and the placeholder). Baseline in the same run: bash
// readline completing the same words (`complete -W "$(cat FILE)"`, show-all-if-ambiguous on,
// completion-query-items 1 so it always answers "Display all N possibilities"), timed from Tab
// to that answer. The line holds the words' common prefix, so every Tab lists. A reference row:
// routersh's plain echo of a typed key. Arms alternate (alternate.ts), each run a series of Tabs
// (p50 and p99 per run, median and range over runs); routersh's peak RSS (VmHWM) per size.
// Needs `npm run build` and tmux. TAB_BENCH_SIZES (e.g. 1000,65536) and TAB_BENCH_TABS (Tabs per
// run, default 20) narrow a run; TAB_BENCH_BASE=/other/checkout adds that checkout's built binary
// as arms of its own in the same alternation (before/after a change).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, RUNS, rows, summarize } from './alternate.js';
import { Control, pause } from './tmux-control.js';
import { listName, member } from './tab-sim.js';
import { percentile, ROOT } from './util.js';

const SIZES = (process.env.TAB_BENCH_SIZES ?? '100,1000,10000,65536').split(',').map(Number);
/** Tabs per run (after the warm-up), so p99 of a run is its worst Tab or next to it. */
const TABS = Number(process.env.TAB_BENCH_TABS) || 20;
const WARM = 5;
const BASE = process.env.TAB_BENCH_BASE;
/** Past Ink's frame throttle (a frame, then a trailing one ≤ 34 ms later): each key from a settled screen. */
const SETTLE_MS = 80;

async function startSim(size: number): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `${ROOT}bench/tab-sim.ts`, String(size)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { router: string }).router);
    });
    child.once('exit', (code) => reject(new Error(`tab-sim exited (${code})`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

function lcp(words: string[]): string {
  let p = words[0] ?? '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}

interface Kind {
  label: string;
  words: string[];
  /** The routersh line up to the word completed. */
  line: string;
  /** The bash command name completing these words. */
  cmd: string;
}

/** One series of Tabs that each open the list (the first WARM are not counted). */
async function series(
  c: Control,
  marker: string,
  dismiss: () => Promise<unknown>,
  n = TABS,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n + WARM; i++) {
    const ms = await c.keys('Tab', marker, 30_000);
    if (i >= WARM) out.push(ms);
    // The dismissal is drawn before the next Tab (on a loaded machine a frame may otherwise
    // fold the close and the reopening into one, which draws nothing new).
    await dismiss();
    await pause(SETTLE_MS);
  }
  return out.sort((a, b) => a - b);
}

/** An arm whose run is a series: it returns the run's p50, and keeps its p99 aside. */
function seriesArm(name: string, one: () => Promise<number[]>, p99s: Map<string, number[]>) {
  p99s.set(name, []);
  return {
    name,
    run: async () => {
      const xs = await one();
      p99s.get(name)!.push(percentile(xs, 99));
      return percentile(xs, 50);
    },
  };
}

async function benchSize(size: number, r: Record<string, number>): Promise<void> {
  const sim = await startSim(size);
  const shell = new Control();
  const base = new Control();
  const bash = new Control();
  const dir = mkdtempSync(join(tmpdir(), 'routersh-tab-'));
  try {
    const kinds: Kind[] = [
      {
        label: 'sub-node values',
        words: Array.from({ length: size }, (_, i) => listName(i)),
        line: 'ipv4 firewall match-list ',
        cmd: 'x',
      },
      {
        label: 'match-list members (option values)',
        words: Array.from({ length: size }, (_, i) => member(i)),
        line: `ipv4 firewall match-list ${listName(0)} action match net `,
        cmd: 'y',
      },
    ];
    // TAB_BENCH_BASE=/path/to/other/checkout adds its binary as arms of its own (before/after).
    const programs: Array<[string, Control]> = [['routersh', shell]];
    if (BASE) programs.push(['routersh (base)', base]);
    for (const [who, c] of programs)
      c.start(
        `node ${who === 'routersh' ? ROOT : `${BASE}/`}bin/routersh.cjs --router ${sim.url} --user admin`,
        {
          ROUTERSH_PASSWORD: 'admin',
          XDG_STATE_HOME: join(dir, `state-${who === 'routersh' ? 0 : 1}`),
        },
      );
    if (BASE) await base.screen(/admin@127\.0\.0\.1>/, 30_000);
    bash.start('bash --norc --noprofile', { PS1: '$ ' });
    await shell.screen(/admin@127\.0\.0\.1>/, 30_000);
    await bash.screen(/^\$\s*$/m, 5000);
    const setup = kinds
      .map((k, i) => {
        writeFileSync(join(dir, `words${i}`), `${k.words.join('\n')}\n`);
        return `complete -W "$(cat ${join(dir, `words${i}`)})" ${k.cmd}`;
      })
      .join('; ');
    await bash.keys(
      `-l '${setup}; bind "set show-all-if-ambiguous on"; bind "set completion-query-items 1"; clear'`,
    );
    await bash.keys('Enter');
    await bash.screen(/^\$\s*$/m, 30_000);

    const p99s = new Map<string, number[]>();
    const arms = [];
    // Each arm types its line, runs its series, and clears the line again (Ctrl-U in both).
    for (const k of kinds) {
      const prefix = lcp(k.words);
      const marker = `of ${size + 1}`;
      for (const [who, c] of programs)
        arms.push(
          seriesArm(
            `${who}: Tab over ${k.label}`,
            async () => {
              await c.keys(`-l '${k.line}${prefix}'`);
              await pause(300);
              const open = new RegExp(`of ${size + 1}\\s*$`, 'm');
              const xs = await series(c, marker, async () => {
                await c.keys('C-g');
                await c.gone(open);
              });
              await c.keys('C-u');
              await c.gone(/127\.0\.0\.1> \S/);
              await pause(SETTLE_MS);
              return xs;
            },
            p99s,
          ),
        );
      arms.push(
        seriesArm(
          `bash readline: Tab over the same words (${k.label})`,
          async () => {
            await bash.keys(`-l '${k.cmd} ${prefix}'`);
            await pause(100);
            const xs = await series(bash, `Display all ${size}`, () =>
              bash.keys('n', `${k.cmd} ${prefix}`, 30_000),
            );
            await bash.keys('C-u');
            await pause(SETTLE_MS);
            return xs;
          },
          p99s,
        ),
      );
    }
    arms.push(
      seriesArm(
        'routersh: plain echo of a key (reference)',
        async () => {
          const out: number[] = [];
          for (let i = 0; i < TABS + WARM; i++) {
            const ms = await shell.keys('-l z', 'z');
            if (i >= WARM) out.push(ms);
            await shell.keys('BSpace');
            await shell.gone(/127\.0\.0\.1> z/);
            await pause(SETTLE_MS);
          }
          return out.sort((a, b) => a - b);
        },
        p99s,
      ),
    );
    const got = await alternate(arms, RUNS);
    for (const [name, s] of Object.entries(got)) {
      Object.assign(r, rows(`${size}: ${name} p50 (ms)`, s));
      Object.assign(r, rows(`${size}: ${name} p99 (ms)`, summarize(p99s.get(name) ?? [])));
    }
    r[`${size}: routersh peak RSS, VmHWM (MB)`] = shell.peakRssMb();
    if (BASE) r[`${size}: routersh (base) peak RSS, VmHWM (MB)`] = base.peakRssMb();
  } finally {
    shell.stop();
    if (BASE) base.stop();
    bash.stop();
    sim.stop();
  }
}

export async function benchTab(): Promise<Record<string, number>> {
  const r: Record<string, number> = {};
  for (const size of SIZES) await benchSize(size, r);
  return r;
}

if (process.argv[1]?.endsWith('tab-bench.ts')) {
  const r = await benchTab();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(100)} ${v.toFixed(2)}\n`);
}
