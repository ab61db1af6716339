// `routersh __guard --journal FILE --window ID` (hidden; session/guard.ts starts it, detached):
// reads the session's credentials from its stdin (a pipe), builds its session the one way
// (session/session.ts, taking over FILE as its journal) and guards the window.
// Signals: SIGTERM and SIGINT (a logout on systemd, a plain `kill`) settle the window at once —
// one revert attempt bounded well inside the ~90 s before systemd's SIGKILL, then `reverted` or
// `unsettled` in the journal, and the guard ends; a second one starts nothing more. SIGHUP is
// ignored: the guard has no terminal, so a hang-up is never about it.
import { parseArgs } from 'node:util';
import { commandFailedError, type Ending, failed, OK, usageError } from '../errors.js';
import { guardWindow } from '../features/changes/window-guard.js';
import { STOP_REVERT_MS } from '../features/changes/window-revert.js';
import { clockOf, clockSpecFrom } from '../session/clock.js';
import { configOfCredentials, type GuardCredentials, type RunGuardCredentials } from '../session/guard.js';
import { stateDir } from '../config/paths.js';
import { openSession } from '../session/session.js';
import type { Command } from './command.js';
import { baselineWasmOnly, bulkHeap } from './v8-flags.js';

type Args = { journal: string; window: string } | { run: string };

const MAX_CREDENTIALS = 1 << 20;

async function readPipe(stdin: NodeJS.ReadStream, max: number): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.length > max) throw usageError(`guard: credentials over ${max >> 20} MiB`);
  }
  return text;
}

async function readCredentials(stdin: NodeJS.ReadStream): Promise<GuardCredentials> {
  const c = JSON.parse(await readPipe(stdin, MAX_CREDENTIALS)) as GuardCredentials;
  if (typeof c.router !== 'string') throw usageError('guard: no router in the credentials');
  return c;
}

/**
 * From now on SIGTERM and SIGINT abort the returned signal (its reason: the signal's name) and
 * SIGHUP is only logged. Past the bounded attempt and a margin, the guard exits whatever is left
 * (a journal flush that hangs): it must be gone before a SIGKILL comes.
 */
function stopOnSignals(say: (text: string) => void): AbortSignal {
  const stopper = new AbortController();
  const stop = (sig: NodeJS.Signals) => {
    if (stopper.signal.aborted) return say(`${sig} again: the one revert attempt goes on`);
    say(`${sig}: the window is settled now (one revert attempt of at most ${STOP_REVERT_MS / 1000} s)`);
    setTimeout(() => {
      say(`still running ${(STOP_REVERT_MS + 15_000) / 1000} s after ${sig}: the guard exits`);
      process.exit(1);
    }, STOP_REVERT_MS + 15_000).unref();
    stopper.abort(sig);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('SIGHUP', () => say('SIGHUP ignored: the guard goes on'));
  return stopper.signal;
}

export const command: Command<Args> = {
  parse(argv) {
    const { values } = parseArgs({
      args: argv,
      options: { journal: { type: 'string' }, window: { type: 'string' }, run: { type: 'string' } },
      strict: true,
    });
    // A fleet run's one guard: every window its run index names (session/fleet-run-guard.ts).
    if (values.run !== undefined) return { run: values.run };
    if (!values.journal || !values.window) throw usageError('__guard needs --journal FILE --window ID');
    return { journal: values.journal, window: values.window };
  },
  async run(args, io) {
    const say = (text: string) => io.err(`${new Date().toISOString()} ${text}\n`);
    // First: a signal that comes while the credentials are read still settles the window.
    const stop = stopOnSignals(say);
    if ('run' in args) return guardRunCommand(args.run, io, say, stop);
    const { journal: path, window } = args;
    baselineWasmOnly();
    // The revert of a window holding a 65,536-entry import is the undo of one: 585 MB of RSS
    // under V8's defaults (world test, 28 Nov), as `undo --journal` took before it set these.
    bulkHeap();
    const c = await readCredentials(io.stdin);
    const cfg = configOfCredentials(c);
    const by = `guard ${process.pid}`;
    const session = await openSession(cfg, {
      interactive: false,
      warn: (m) => say(`warning: ${m}`),
      env: io.env,
      journal: { path },
      telemetry: 'on-first-use',
    });
    try {
      const journal = await session.services.journal!.open();
      const router = session.services.router;
      const clock = clockOf(clockSpecFrom(c.clock));
      const status = await guardWindow({ journal, path, window, router, say, by, clock, stop });
      say(`the guard ends with status ${status}`);
      return status === 0 ? OK : failed(commandFailedError('the revert failed: see the journal'));
    } finally {
      await session.close();
    }
  },
};

/** A fleet run's guard: the hosts' credentials (by name) from the pipe, then guardRun. */
async function guardRunCommand(
  id: string,
  io: Parameters<Command<Args>['run']>[1],
  say: (text: string) => void,
  stop: AbortSignal,
): Promise<Ending> {
  baselineWasmOnly();
  // 1,000 hosts' credentials: a few hundred bytes each.
  const c = JSON.parse(await readPipe(io.stdin, 64 * MAX_CREDENTIALS)) as RunGuardCredentials;
  if (typeof c.hosts !== 'object' || c.hosts === null) throw usageError('guard: no hosts in the credentials');
  const { guardRun } = await import('../session/fleet-run-guard.js');
  const clock = clockOf(clockSpecFrom(c.clock));
  const status = await guardRun({ stateDir: stateDir(io.env), id, creds: c, env: io.env, say, clock, stop });
  say(`the guard ends with status ${status}`);
  return status === 0 ? OK : failed(commandFailedError('a revert did not finish: routersh fleet undo RUN'));
}
