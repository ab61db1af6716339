// `routersh fleet undo RUN [--yes]`: reverts every host the run changed — each through its own
// journal, as `routersh undo --journal FILE` finishes a window (window-revert.ts revertWindow:
// planned from the journal and the live metadata, a change already undone skipped), one attempt
// per host. The run is decided `revert` first, so its guard never keeps what this reverts.
// Credentials: the files the run index names for that host (the inventory's), else
// ROUTERSH_PASSWORD / ROUTERSH_TOKEN — sent only to the router the index names for the host.
import { readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import type { CommandIo } from '../contract/command-io.js';
import { isTerminal } from '../contract/command-io.js';
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
import { openSession } from '../session/session.js';
import { sanitizeLine } from '../term/sanitize.js';
import type { FleetArgs } from './fleet.js';

const firstLine = (path: string): string => readFileSync(path, 'utf8').split('\n')[0]!.trim();

/** The host's connection: the run index's router and credential files (secrets read now, never kept). */
function hostConfig(h: RunHost, env: NodeJS.ProcessEnv, timeoutMs: number): Config {
  const token = h.tokenFile
    ? firstLine(h.tokenFile)
    : h.passwordFile
      ? undefined
      : env.ROUTERSH_TOKEN || undefined;
  const password = h.passwordFile
    ? firstLine(h.passwordFile)
    : token
      ? undefined
      : env.ROUTERSH_PASSWORD || undefined;
  if (!token && password === undefined)
    throw configError(
      `no password for ${sanitizeLine(h.user ?? 'token')} at ${sanitizeLine(h.router)}: the run names no password file for ${sanitizeLine(h.name)} (set ROUTERSH_PASSWORD)`,
    );
  return {
    router: h.router,
    auth: token ? 'token' : 'basic',
    insecure: false,
    timeoutMs,
    json: false,
    color: false,
    keepGoing: false,
    ...(h.user !== undefined ? { user: h.user } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(token ? { token } : {}),
  };
}

/** Reverts one host's window of the run; where it ended. */
async function revertHost(h: RunHost, run: RunIndex, io: CommandIo, timeoutMs: number): Promise<RunHost> {
  if (!h.journal || !h.window) return h;
  const d = decide(h.journal, h.window, { kind: 'revert', by: 'routersh fleet undo' });
  const guard = run.guard;
  if (
    !d.won &&
    d.decision.kind === 'revert' &&
    d.decision.by.startsWith('run guard') &&
    guard &&
    processAlive(guard.pid, guard.pidStart)
  )
    return { ...h, why: `its run's guard (${guard.pid}) is reverting it` };
  const session = await openSession(hostConfig(h, io.env, timeoutMs), {
    interactive: false,
    warn: (m) => io.err(`warning: ${sanitizeLine(h.name)}: ${sanitizeLine(m)}\n`),
    env: io.env,
    journal: { path: h.journal },
    telemetry: 'on-first-use',
  });
  try {
    const journal = await session.services.journal!.open();
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

export async function undoRun(state: string, run: RunIndex, args: FleetArgs, io: CommandIo): Promise<Ending> {
  const touched = run.hosts.filter((h) => h.journal && h.window && h.end !== 'reverted');
  if (touched.length === 0) {
    io.out(`run ${run.id}: nothing to revert\n${sanitizeLine(summary(run))}\n`);
    return OK;
  }
  if (!args.yes && !isTerminal(io))
    throw usageError(
      `fleet undo would revert ${touched.length} host(s) of run ${run.id}: add --yes in a script`,
    );
  const timeoutMs = args.timeout !== undefined ? Number(args.timeout) * 1000 : 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw usageError(`--timeout wants seconds, not '${args.timeout}'`);
  const before = decided(runFile(state, run.id), 'run');
  decide(runFile(state, run.id), 'run', { kind: 'revert', by: 'routersh fleet undo' });
  if (before?.kind === 'confirmed')
    io.err(`note: run ${run.id} was confirmed: its changes are reverted now\n`);
  const ends = new Map<string, RunHost>();
  // Hosts one after another: a revert is planned from each host's journal and live metadata.
  for (const h of touched) ends.set(h.name, await revertHost(h, run, io, timeoutMs));
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
