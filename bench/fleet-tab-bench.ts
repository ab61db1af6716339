// Issue 39: Tab in the fleet shell at the screen, over 100 simulated routers whose interfaces
// differ (the menu is the union of their lists, marked `12/100`). Warm: `interface <Tab>` once
// the union of that path is cached, keystroke → menu (target ≤ 50 ms p99). Cold: the first Tab
// on that path in a fresh shell (the root read at start, `interface` not yet), keystroke →
// menu, which the 300 ms budget bounds whatever the slowest host does (target ≤ 300 ms). The
// built binary runs in tmux (control mode: every byte seen as the pane receives it) against
// the fleet in a child process (fleet-tab-sim.ts). Reference row: the single-router shell's Tab
// on the same path against one of the routers. FLEET_TAB_ROUTERS (default 100), FLEET_TAB_TABS
// (Tabs per run, default 20) and BENCH_RUNS narrow or widen a run; FLEET_TAB_BASELINE=BIN (another
// build's bin/routersh.cjs, e.g. main's) adds its cold first Tab, alternated with this build's.
// Needs `npm run build` and tmux.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, RUNS, rows, summarize } from './alternate.js';
import { Control, pause } from './tmux-control.js';
import { percentile, ROOT } from './util.js';

const ROUTERS = Number(process.env.FLEET_TAB_ROUTERS) || 100;
const TABS = Number(process.env.FLEET_TAB_TABS) || 20;
const WARM = 5;
/** Another build's bin/routersh.cjs whose cold first Tab is measured beside this one's. */
const BASELINE = process.env.FLEET_TAB_BASELINE;
/** Past Ink's frame throttle: each key from a settled screen. */
const SETTLE_MS = 80;
/** The menu is open: its placeholder row (`<ifname.vlanid>   placeholder`). */
const OPEN = /placeholder/;

async function startFleet(dir: string): Promise<{ inventory: string; stop: () => void }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `${ROOT}bench/fleet-tab-sim.ts`, String(ROUTERS), dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const inventory = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { inventory: string }).inventory);
    });
    child.once('exit', (code) => reject(new Error(`fleet-tab-sim exited (${code})`)));
  });
  return { inventory, stop: () => child.kill('SIGTERM') };
}

/** A series of Tabs on `interface ` (the first WARM not counted), each menu dismissed before the next. */
async function series(c: Control, prompt: RegExp): Promise<number[]> {
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
  return out.sort((a, b) => a - b);
}

/** A fresh fleet shell's first Tab on `interface ` (the text and the Tab in one write). */
async function coldTab(
  inventory: string,
  dir: string,
  i: number,
  bin = `${ROOT}bin/routersh.cjs`,
): Promise<number> {
  const c = new Control();
  try {
    c.start(`node ${bin} -i ${inventory}`, { XDG_STATE_HOME: join(dir, `cold-${i}`) });
    await c.screen(/^all \(\d+\)> ?$/m, 60_000);
    // The root's union is read at start: let the hosts answer it (100 on a loaded machine take
    // a second or more), so the cold Tab times the path's own lookup, not the start-up's.
    await pause(3000);
    return await c.keys(`-l 'interface \t'`, OPEN, 30_000);
  } finally {
    c.stop();
  }
}

export async function benchFleetTab(): Promise<Record<string, number>> {
  const r: Record<string, number> = {};
  const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-tab-'));
  const fleet = await startFleet(dir);
  const shell = new Control();
  const one = new Control();
  try {
    const firstRouter = /routersh_router: "([^"]+)"/.exec(readFileSync(fleet.inventory, 'utf8'))?.[1] ?? '';
    const firstPassword =
      /routersh_password_file: "([^"]+)"/.exec(readFileSync(fleet.inventory, 'utf8'))?.[1] ?? '';
    shell.start(`node ${ROOT}bin/routersh.cjs -i ${fleet.inventory}`, { XDG_STATE_HOME: join(dir, 'fleet') });
    one.start(
      `node ${ROOT}bin/routersh.cjs --router ${firstRouter} --user admin --password-file ${firstPassword}`,
      {
        XDG_STATE_HOME: join(dir, 'one'),
      },
    );
    await shell.screen(/^all \(\d+\)> ?$/m, 60_000);
    await one.screen(/@127\.0\.0\.1> ?$/m, 30_000);
    const p99s = new Map<string, number[]>();
    const arm = (name: string, run: () => Promise<number[]>) => {
      p99s.set(name, []);
      return {
        name,
        run: async () => {
          const xs = await run();
          p99s.get(name)!.push(percentile(xs, 99));
          return percentile(xs, 50);
        },
      };
    };
    let cold = 0;
    const colds: number[] = [];
    const baseline = BASELINE
      ? [
          {
            name: `baseline build: cold first Tab over ${ROUTERS} routers`,
            run: () => coldTab(fleet.inventory, dir, cold++, BASELINE),
          },
        ]
      : [];
    const got = await alternate(
      [
        arm(`fleet shell: warm Tab over ${ROUTERS} routers`, () => series(shell, /^all \(\d+\)>/m)),
        arm('single-router shell: warm Tab (reference)', () => series(one, /@127\.0\.0\.1>/m)),
        {
          name: `fleet shell: cold first Tab over ${ROUTERS} routers`,
          run: async () => {
            const ms = await coldTab(fleet.inventory, dir, cold++);
            colds.push(ms);
            return ms;
          },
        },
        ...baseline,
      ],
      RUNS,
    );
    for (const [name, s] of Object.entries(got)) {
      const cold = name.includes('cold');
      Object.assign(r, rows(`${name}${cold ? '' : ' p50'} (ms)`, s));
      if (!cold) Object.assign(r, rows(`${name} p99 (ms)`, summarize(p99s.get(name) ?? [])));
    }
    r[`fleet shell: cold first Tab, worst of ${colds.length} (ms)`] = Math.max(...colds);
    r['fleet shell peak RSS, VmHWM (MB)'] = shell.peakRssMb();
  } finally {
    shell.stop();
    one.stop();
    fleet.stop();
  }
  return r;
}

if (process.argv[1]?.endsWith('fleet-tab-bench.ts')) {
  const r = await benchFleetTab();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(80)} ${v.toFixed(2)}\n`);
}
