// `routersh fleet undo RUN [--yes]`: reverts every host the run changed — each through its own
// journal, as `routersh undo --journal FILE` finishes a window (window-revert.ts revertWindow:
// planned from the journal and the live metadata, a change already undone skipped), one attempt
// per host. The run is decided `revert` first, so its guard never keeps what this reverts.
// Credentials: the files the run index names for that host (the inventory's), else
// ROUTERSH_PASSWORD / ROUTERSH_TOKEN — sent only to the router the index names for the host.
import type { Config } from '../config/config.js';
import type { CommandIo } from '../contract/command-io.js';
import {
  asRoutershError,
  commandFailedError,
  configError,
  type Ending,
  failed,
  OK,
  usageError,
} from '../errors.js';
import { processAlive } from '../features/changes/process-alive.js';
import { decide, decided } from '../features/changes/window-decision.js';
import { revertWindow } from '../features/changes/window-revert.js';
import { type RunHost, type RunIndex, runFile, summary, writeRun } from '../features/fleet/runs/run-index.js';
import { hostConfig } from '../session/fleet.js';
import { finishWindowTransactions } from '../session/run-tx-finish.js';
import { openSession } from '../session/session.js';
import type { FleetHost, FleetRunSession } from '../contract/fleet.js';
import { sanitizeLine } from '../term/sanitize.js';

/**
 * The host's connection as the run had it (session/fleet.ts hostConfig): the router and the
 * credential files the run index names for it, else ROUTERSH_PASSWORD / ROUTERSH_TOKEN.
 */
function connectionOf(h: RunHost, env: NodeJS.ProcessEnv, timeoutMs: number): Readonly<Config> {
  const base: Config = {
    auth: env.ROUTERSH_TOKEN && !env.ROUTERSH_PASSWORD ? 'token' : 'basic',
    insecure: false,
    timeoutMs,
    json: false,
    color: false,
    keepGoing: false,
    ...(env.ROUTERSH_PASSWORD ? { password: env.ROUTERSH_PASSWORD } : {}),
    ...(env.ROUTERSH_TOKEN ? { token: env.ROUTERSH_TOKEN } : {}),
  };
  const host: FleetHost = {
    name: h.name,
    router: h.router,
    groups: [],
    vars: {},
    origin: {},
    ...(h.user !== undefined ? { user: h.user } : {}),
    ...(h.passwordFile !== undefined ? { passwordFile: h.passwordFile } : {}),
    ...(h.tokenFile !== undefined ? { tokenFile: h.tokenFile } : {}),
  };
  const cfg = hostConfig(base, host);
  if (cfg.password === undefined && !cfg.token)
    throw configError(
      `no password for ${sanitizeLine(h.user ?? 'token')} at ${sanitizeLine(h.router)}: the run names no password file for ${sanitizeLine(h.name)} (set ROUTERSH_PASSWORD)`,
    );
  return cfg;
}

/**
 * A session on the host the run names, journaling to `journal`: the fleet shell lends its own
 * (the journal the run wrote; the shell closes it), else one is opened for the revert alone.
 */
export type UndoOpener = (host: string) => Promise<FleetRunSession>;

/** Reverts one host's window of the run; where it ended. */
async function revertHost(
  h: RunHost,
  run: RunIndex,
  io: UndoIo,
  timeoutMs: number,
  lent?: UndoOpener,
): Promise<RunHost> {
  if (!h.journal || !h.window) return h;
  let session: FleetRunSession;
  try {
    session = lent
      ? { services: (await lent(h.name)).services, close: async () => {} }
      : await openSession(connectionOf(h, io.env, timeoutMs), {
          interactive: false,
          warn: (m) => io.err(`warning: ${sanitizeLine(h.name)}: ${sanitizeLine(m)}\n`),
          env: io.env,
          journal: { path: h.journal },
          telemetry: 'on-first-use',
        });
  } catch (e) {
    const why = asRoutershError(e).message;
    io.err(`% ${sanitizeLine(h.name)}: not reverted: ${sanitizeLine(why)}\n`);
    return { ...h, end: 'unsettled', why };
  }
  try {
    const journal = await session.services.journal!.open();
    // A commit killed part-way (the fleet shell's candidate mode): its transaction first.
    const signal = new AbortController().signal;
    for (const t of await finishWindowTransactions(journal, h.window, session.services, signal))
      io.out(`${sanitizeLine(h.name)}: ${sanitizeLine(t)}\n`);
    const text = await revertWindow(journal, session.services.router, h.window, {
      by: 'routersh fleet undo',
      why: `run ${run.id} undone (routersh fleet undo)`,
    });
    io.out(`${sanitizeLine(h.name)}: ${sanitizeLine(text.split('\n')[0] ?? '')}\n`);
    return { ...h, end: 'reverted' };
  } catch (e) {
    const why = asRoutershError(e).message;
    io.err(`% ${sanitizeLine(h.name)}: not reverted: ${sanitizeLine(why)}\n`);
    return { ...h, end: 'unsettled', why };
  } finally {
    await session.close();
  }
}

/** Waits (at most GUARD_WAIT_MS, or an interrupt) for the run's guard to end. */
async function guardGone(run: RunIndex, io: UndoIo): Promise<void> {
  const g = run.guard;
  if (!g || !processAlive(g.pid, g.pidStart)) return;
  io.err(`note: run ${run.id}'s guard (${g.pid}) is reverting some hosts: waiting for it\n`);
  const stop = new AbortController();
  const off = io.onInterrupt(() => stop.abort());
  try {
    const end = Date.now() + GUARD_WAIT_MS;
    while (processAlive(g.pid, g.pidStart) && Date.now() < end && !stop.signal.aborted)
      await new Promise((r) => setTimeout(r, 200));
  } finally {
    off();
  }
}

/** A guard retries a revert for 10 minutes: past that (and a margin) it is not waited for. */
const GUARD_WAIT_MS = 11 * 60_000;

/** What undoRun uses of its caller: a command's io, or the fleet shell's notes. */
export type UndoIo = Pick<CommandIo, 'out' | 'err' | 'env' | 'onInterrupt'> & {
  /** Whether a question could be asked (without --yes): absent, the io's streams say. */
  readonly stdin?: CommandIo['stdin'];
  readonly stdout?: CommandIo['stdout'];
};

export async function undoRun(
  state: string,
  run: RunIndex,
  args: { yes: boolean; timeout?: string; open?: UndoOpener },
  io: UndoIo,
): Promise<Ending> {
  const touched = run.hosts.filter((h) => h.journal && h.window && h.end !== 'reverted');
  if (touched.length === 0) {
    io.out(`run ${run.id}: nothing to revert\n${sanitizeLine(summary(run))}\n`);
    return OK;
  }
  if (!args.yes && !(io.stdin?.isTTY === true && io.stdout?.isTTY === true))
    throw usageError(
      `fleet undo would revert ${touched.length} host(s) of run ${run.id}: add --yes in a script`,
    );
  const timeoutMs = args.timeout !== undefined ? Number(args.timeout) * 1000 : 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw usageError(`--timeout wants seconds, not '${args.timeout}'`);
  const before = decided(runFile(state, run.id), 'run');
  // Every window decided first, then the run: the guard, seeing them settled, keeps out of them.
  const guardOwns = touched.filter(
    (h) => !decide(h.journal!, h.window!, { kind: 'revert', by: 'routersh fleet undo' }).won,
  );
  decide(runFile(state, run.id), 'run', { kind: 'revert', by: 'routersh fleet undo' });
  // Windows its guard took already: let it finish, then finish after it (what it reverted is skipped).
  if (guardOwns.length > 0) await guardGone(run, io);
  if (before?.kind === 'confirmed')
    io.err(`note: run ${run.id} was confirmed: its changes are reverted now\n`);
  const ends = new Map<string, RunHost>();
  // Hosts one after another: a revert is planned from each host's journal and live metadata.
  for (const h of touched) ends.set(h.name, await revertHost(h, run, io, timeoutMs, args.open));
  const hosts = run.hosts.map((h) => ends.get(h.name) ?? h);
  const bad = hosts.some((h) => h.end === 'unsettled');
  const after: RunIndex = { ...run, hosts, closed: true, state: bad ? 'unsettled' : 'reverted' };
  writeRun(state, after);
  io.out(`${sanitizeLine(summary(after))}\n`);
  return bad
    ? failed(
        commandFailedError(`run ${run.id}: some hosts were not reverted: run fleet undo ${run.id} again`),
      )
    : OK;
}
