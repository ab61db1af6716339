// The ONE guard of a fleet run (`routersh __guard --run RUN`, started by commands/fleet-run.ts):
// it watches every window the run index names — a set that grows wave by wave — and holds no
// session until a window must be settled (1,000 hosts: 1,000 decision files looked at, not
// 1,000 sessions). At a window's end (wall or monotonic clock, whichever first) it takes the
// run's decision `revert` (unless the run was decided `confirmed`: then it keeps that window) and
// reverts every window of the run, at most REVERTS_AT_ONCE at a time, each through its own
// journal with the retries of a single window's guard. It ends once every window is settled and
// the run is closed (or the routersh that made it is gone). Credentials came by pipe, by host;
// a host's go only to the router its run index entry names.
import type { Clock } from '../contract/clock.js';
import { openJournal } from '../features/changes/journal-open.js';
import { processAlive } from '../features/changes/process-alive.js';
import { decide, decided } from '../features/changes/window-decision.js';
import { revertWithRetries, wait } from '../features/changes/window-revert.js';
import { type RunHost, type RunIndex, readRun, runFile, writeRun } from '../features/fleet/runs/run-index.js';
import { sanitizeLine } from '../term/sanitize.js';
import { configOfCredentials, type RunGuardCredentials } from './guard.js';
import { finishWindowTransactions } from './run-tx-finish.js';
import { openSession } from './session.js';

const STEP_MS = 500;
const REVERTS_AT_ONCE = 8;

export interface RunGuardEnv {
  stateDir: string;
  id: string;
  creds: RunGuardCredentials;
  env: NodeJS.ProcessEnv;
  say: (text: string) => void;
  clock: Clock;
  stop: AbortSignal;
}

const sameRouter = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Keeps the window (the run was confirmed): the decision, then `confirmed` in its journal. */
function keep(h: RunHost, env: RunGuardEnv): RunHost['end'] {
  const d = decide(h.journal!, h.window!, { kind: 'confirmed', by: `run guard ${process.pid}` });
  if (!d.won) return d.decision.kind === 'confirmed' ? 'confirmed' : 'reverted';
  const journal = openJournal({ router: '', user: '' }, { path: h.journal! });
  const w = journal.window();
  if (w && w.id === h.window)
    journal.setWindow({ ...w, state: 'confirmed' }, { by: `run guard ${process.pid}` });
  void journal.close();
  env.say(`${sanitizeLine(h.name)}: window ${h.window} confirmed (the run was confirmed)`);
  return 'confirmed';
}

/** Reverts one host's window through its journal, with its own credentials only. */
async function revert(h: RunHost, env: RunGuardEnv, why: string): Promise<RunHost['end']> {
  const by = `run guard ${process.pid}`;
  const d = decide(h.journal!, h.window!, { kind: 'revert', by });
  if (!d.won) return d.decision.kind === 'confirmed' ? 'confirmed' : 'reverted';
  const c = env.creds.hosts[h.name];
  if (!c || !sameRouter(c.router, h.router)) {
    env.say(
      `${sanitizeLine(h.name)}: no credentials for ${sanitizeLine(h.router)}: not reverted (routersh fleet undo ${env.id})`,
    );
    return 'unsettled';
  }
  const session = await openSession(configOfCredentials(c), {
    interactive: false,
    warn: (m) => env.say(`${sanitizeLine(h.name)}: warning: ${m}`),
    env: env.env,
    journal: { path: h.journal! },
    telemetry: 'on-first-use',
  });
  try {
    const journal = await session.services.journal!.open();
    // A commit killed part-way (the fleet shell's candidate mode): its transaction first; when
    // that cannot be done now the host stays unsettled (`routersh fleet undo` finishes it).
    let finished = true;
    try {
      for (const t of await finishWindowTransactions(
        journal,
        h.window!,
        session.services,
        // Not env.stop: a SIGTERM settles now, and this is the settling (each request has its timeout).
        new AbortController().signal,
      ))
        env.say(`${sanitizeLine(h.name)}: ${sanitizeLine(t)}`);
    } catch (e) {
      finished = false;
      env.say(
        `${sanitizeLine(h.name)}: its transaction not finished: ${sanitizeLine(String((e as Error).message))}`,
      );
    }
    const r = await revertWithRetries(journal, session.services.router, h.window!, {
      say: (t) => env.say(`${sanitizeLine(h.name)}: ${t}`),
      by,
      now: () => env.clock.mono(),
      stop: env.stop,
      why: `window ${h.window} reverted: ${why}`,
    });
    env.say(`${sanitizeLine(h.name)}: ${r.ok ? r.text.split('\n')[0] : 'revert given up: unsettled'}`);
    return r.ok && finished ? 'reverted' : 'unsettled';
  } finally {
    await session.close();
  }
}

/** 0: every window settled (kept or reverted); 1: some revert did not finish. */
export async function guardRun(env: RunGuardEnv): Promise<number> {
  const file = runFile(env.stateDir, env.id);
  const ends = new Map<string, RunHost['end']>();
  /** The hosts this guard settled itself: only their ends are its to write. */
  const mine = new Map<string, RunHost['end']>();
  const inFlight = new Map<string, Promise<void>>();
  const monoEnd = new Map<string, number>();
  env.say(`guarding the windows of run ${env.id}`);
  let run: RunIndex;
  for (;;) {
    run = readRun(env.stateDir, env.id);
    let runD = decided(file, 'run', env.say);
    for (const h of run.hosts) {
      if (!h.journal || !h.window || h.deadline === undefined || ends.has(h.name) || inFlight.has(h.name))
        continue;
      const d = decided(h.journal, h.window, env.say);
      // Settled by another (the run's maker, `fleet confirm|undo`): theirs to finish.
      if (d) {
        ends.set(h.name, d.kind === 'confirmed' ? 'confirmed' : 'reverted');
        continue;
      }
      if (!monoEnd.has(h.name)) monoEnd.set(h.name, env.clock.mono() + (h.deadline - env.clock.wall()));
      const due =
        h.deadline <= env.clock.wall() || monoEnd.get(h.name)! <= env.clock.mono() || env.stop.aborted;
      if (runD?.kind === 'confirmed') {
        ends.set(h.name, keep(h, env));
        mine.set(h.name, ends.get(h.name)!);
        continue;
      }
      if (runD?.kind !== 'revert' && !due) continue;
      if (!runD) {
        const why = env.stop.aborted
          ? `the guard got ${String(env.stop.reason)}`
          : `window ${h.window} of ${h.name} ended`;
        runD = decide(file, 'run', { kind: 'revert', by: `run guard ${process.pid}` }).decision;
        env.say(
          `run ${env.id}: ${sanitizeLine(why)}: the run is ${runD.kind === 'revert' ? 'reverted' : 'confirmed'}`,
        );
        if (runD.kind === 'confirmed') continue;
      }
      if (inFlight.size >= REVERTS_AT_ONCE) continue;
      const going = revert(h, env, `run ${env.id} reverted`)
        .catch((e: unknown) => {
          env.say(`${sanitizeLine(h.name)}: revert failed: ${e instanceof Error ? e.message : String(e)}`);
          return 'unsettled' as const;
        })
        .then((end) => {
          ends.set(h.name, end);
          mine.set(h.name, end);
          inFlight.delete(h.name);
        });
      inFlight.set(h.name, going);
    }
    const open = run.hosts.filter((h) => h.window && !ends.has(h.name));
    const maker = processAlive(run.pid, run.pidStart);
    if (open.length === 0 && inFlight.size === 0 && (run.closed || !maker)) break;
    await wait(STEP_MS, env.stop.aborted ? undefined : env.stop);
  }
  // The routersh that made the run is done with it (closed) or gone: the index says where the
  // hosts this guard settled ended.
  const fresh = readRun(env.stateDir, env.id);
  if (mine.size > 0 && (fresh.closed || !processAlive(run.pid, run.pidStart))) {
    const hosts = fresh.hosts.map((h) => (mine.has(h.name) ? { ...h, end: mine.get(h.name)! } : h));
    const some = (e: RunHost['end']) => hosts.some((h) => h.end === e);
    const state = some('unsettled')
      ? 'unsettled'
      : some('confirmed')
        ? 'confirmed'
        : some('reverted')
          ? 'reverted'
          : fresh.state;
    writeRun(env.stateDir, { ...fresh, hosts, closed: true, state });
  }
  const bad = [...ends.values()].some((e) => e === 'unsettled');
  env.say(`run ${env.id}: every window settled${bad ? '; some revert did not finish' : ''}`);
  return bad ? 1 : 0;
}
