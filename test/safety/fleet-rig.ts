// The fault harness for fleet runs (issue 39): N fault routers as the hosts of a run, a state
// directory of the run's own, and runChange (session/fleet-run.ts, what `-i … -c` calls for a
// change to more than one host) with each host's session opened the product's way.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { stateDir } from '../../src/config/paths.js';
import type { FleetFlags } from '../../src/config/flags.js';
import type { FleetHost } from '../../src/contract/fleet.js';
import { processAlive } from '../../src/features/changes/process-alive.js';
import { readRun, type RunIndex, runFile } from '../../src/features/fleet/runs/run-index.js';
import { type FleetRunContext, runChange } from '../../src/commands/fleet-run.js';
import { openSession, type Session } from '../../src/session/session.js';
import { BIN } from '../helpers/run-bin.js';
import { simConfig } from '../helpers/sim-config.js';
import { type FaultRouter, startFaultRouter } from './fault-router.js';
import { until } from './guard-proc.js';

export interface Fleet {
  routers: FaultRouter[];
  hosts: FleetHost[];
  env: NodeJS.ProcessEnv;
  stateDir: string;
  /** The clock seam's file: the sessions' and the run guard's wall clock is now + its ms. */
  offsetFile: string;
  said: string[];
  /** Closes its routers (done after the test when made in one). */
  close(): Promise<void>;
}

/**
 * Its routers are closed after the test that made it (registered per test, not by a hook at
 * this module's top: files share modules, isolate: false, and a top-level hook ran for the
 * first importing file only).
 */
export async function fleet(n: number): Promise<Fleet> {
  const routers = await Promise.all(Array.from({ length: n }, () => startFaultRouter()));
  const close = () => Promise.all(routers.map((r) => r.close())).then(() => {});
  try {
    onTestFinished(close);
  } catch {
    // Outside a test (a beforeAll): the caller closes them, `f.close()`.
  }
  const state = mkdtempSync(join(tmpdir(), 'routersh-fleet-'));
  const env = { ...process.env, XDG_STATE_HOME: state };
  const offsetFile = join(state, 'clock-offset');
  writeFileSync(offsetFile, '0\n');
  // Each host's password in a file of its own (0600), as an inventory names it: the run index
  // keeps the file's name, and `fleet undo` reads it for that host only.
  const passwordFile = join(state, 'admin.password');
  writeFileSync(passwordFile, 'admin\n', { mode: 0o600 });
  const hosts = routers.map(
    (r, i): FleetHost => ({
      name: `edge-${String(i + 1).padStart(2, '0')}`,
      router: r.url,
      user: 'admin',
      passwordFile,
      groups: ['all'],
      vars: {},
      origin: {},
    }),
  );
  return { routers, hosts, env, stateDir: stateDir(env), offsetFile, said: [], close };
}

export function runOn(
  f: Fleet,
  lines: string[],
  fleetFlags: FleetFlags,
  signal = new AbortController().signal,
) {
  const clock = { offsetFile: f.offsetFile };
  const sessions = cachedSessions();
  const ctx: FleetRunContext = {
    hosts: f.hosts,
    lines,
    fleet: fleetFlags,
    config: (h) => simConfig(h.router),
    open: (h, o) =>
      sessions.open(h, () =>
        openSession(simConfig(h.router), {
          interactive: false,
          warn: () => {},
          env: f.env,
          journal: 'file',
          yes: true,
          telemetry: 'on-first-use',
          guardPort: o.guardPort,
          clock,
        }),
      ),
    env: f.env,
    stateDir: f.stateDir,
    forks: 10,
    say: (t) => f.said.push(t),
    signal,
    clock,
  };
  return runChange(ctx).finally(() => sessions.closeAll());
}

/** The hosts' sessions, opened once each and closed after the run (as RUN's fleet.session does). */
function cachedSessions() {
  const open = new Map<string, Promise<Session>>();
  return {
    open(h: FleetHost, make: () => Promise<Session>): Promise<Session> {
      if (!open.has(h.name)) open.set(h.name, make());
      return open.get(h.name)!;
    },
    async closeAll() {
      await Promise.allSettled([...open.values()].map(async (s) => (await s).close()));
    },
  };
}

/** The environment of a `routersh fleet …` command on this fleet's state directory (no login). */
export const fleetEnv = (f: Fleet) => ({ XDG_STATE_HOME: f.env.XDG_STATE_HOME! });

/** Moves the wall clock of the sessions and of the run's guard `ms` on (the clock seam). */
export const stepClock = (f: Fleet, ms: number) => writeFileSync(f.offsetFile, `${ms}\n`);

/**
 * Waits until the run's guard has set its signal handlers and read its credentials (its log says
 * it guards the run): a guard signalled while Node still starts ends as with SIGKILL.
 */
export async function guardReady(f: Fleet, run: RunIndex): Promise<void> {
  const log = `${runFile(f.stateDir, run.id)}.guard.log`;
  await until(
    () => existsSync(log) && readFileSync(log, 'utf8').includes('guarding the windows of run'),
    `the guard of run ${run.id} is ready`,
    60_000,
  );
}

/** Waits until the run's guard has ended (it ends once every window is settled). */
export async function guardEnded(f: Fleet, run: RunIndex): Promise<void> {
  const g = readRun(f.stateDir, run.id).guard!;
  await until(() => !processAlive(g.pid, g.pidStart), `the guard of run ${run.id} ends`, 60_000);
}

/** An Ansible YAML inventory of the fleet's hosts (their routers and password file). */
export function inventoryOf(f: Fleet): string {
  const file = join(f.env.XDG_STATE_HOME!, 'inventory.yml');
  const hosts = f.hosts.map(
    (h) =>
      `    ${h.name}:\n      routersh_router: ${h.router}\n      routersh_user: admin\n      routersh_password_file: ${h.passwordFile}\n`,
  );
  writeFileSync(file, `all:\n  hosts:\n${hosts.join('')}`);
  return file;
}

/** `routersh -i INV -c LINE… ARGS`: the run as a user starts it. */
export const cliRun = (f: Fleet, lines: readonly string[], args: readonly string[]): string[] => [
  '-i',
  inventoryOf(f),
  ...lines.flatMap((l) => ['-c', l]),
  ...args,
];

/**
 * Runs the built binary (`argv`) and SIGKILLs it when host `host`'s router holds its write `at`
 * (before or after applying it). Waits for the event; the bound is a hang guard only.
 */
export function killedMakerAt(
  f: Fleet,
  host: number,
  argv: string[],
  at: number,
  phase: 'before' | 'after',
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '/tmp',
        XDG_STATE_HOME: f.env.XDG_STATE_HOME!,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    let sent = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`routersh ${argv.join(' ')} never reached host ${host + 1}'s write ${at}: ${err}`));
    }, 90_000);
    f.routers[host]!.arm({
      at,
      which: 'write',
      hold: {
        phase,
        reached: () => {
          sent = true;
          child.kill('SIGKILL');
        },
      },
    });
    child.on('exit', (_code, ended) => {
      clearTimeout(timer);
      if (sent && ended === 'SIGKILL') resolve(err);
      else reject(new Error(`routersh ended by itself before host ${host + 1}'s write ${at}: ${err}`));
    });
  });
}
