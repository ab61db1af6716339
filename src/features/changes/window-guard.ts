// What the guard process does (commands/guard.ts starts it for one window): wait for the
// window's end, watching whether someone settled it (a confirm, `routersh undo --journal`);
// at the end take the decision to revert (window-decision.ts: never both the shell and the
// guard) and revert with retries. Its exit status says how it ended and is journaled.
// The end is whichever comes first of the journal's wall-clock deadline and a monotonic one
// counted from the guard's start: a wall clock stepped back delays nothing, and one found past
// the deadline (a laptop resumed from suspend, where the monotonic clock stood still) reverts
// at once. `stop` (SIGTERM, SIGINT) ends the wait at once: the window is settled as at its
// end — a confirm taken before wins — with one bounded attempt (window-revert.ts).
import type { Clock } from '../../contract/clock.js';
import { formatDuration } from '../../term/format-time.js';
import type { Journal, JournalRouter } from './journal/journal.js';
import { decide, decided } from './window-decision.js';
import { revertWithRetries, wait } from './window-revert.js';

export interface GuardEnv {
  journal: Journal;
  path: string;
  window: string;
  router: JournalRouter;
  say: (text: string) => void;
  by: string;
  clock: Clock;
  /** Aborted, its reason the signal's name, when the guard must settle the window now. */
  stop?: AbortSignal;
  sleep?: (ms: number, stop?: AbortSignal) => Promise<void>;
}

/** How often the wait looks at both clocks and the decision file. */
const STEP_MS = 500;
/** A wall clock that moved this much against the monotonic one was stepped (or the machine slept). */
const STEPPED_MS = 2000;

/**
 * Says when the wall clock moved against the guard's own count (a step, NTP, a suspend), and
 * which deadline holds now; returns the new gap between the two clocks.
 */
function noteStep(env: GuardEnv, w: { id: string; deadline: number }, monoEnd: number, gap: number): number {
  const now = env.clock.wall() - env.clock.mono();
  const moved = now - gap;
  if (Math.abs(moved) < STEPPED_MS) return gap;
  const wallLeft = w.deadline - env.clock.wall();
  const monoLeft = monoEnd - env.clock.mono();
  const then =
    wallLeft <= 0
      ? "it is past the window's deadline: the window ends now"
      : wallLeft < monoLeft
        ? `the window ends at its deadline, in ${formatDuration(wallLeft)}`
        : `the window still ends in ${formatDuration(monoLeft)} by the guard's own clock`;
  env.say(
    `the wall clock moved ${moved < 0 ? 'back' : 'forward'} ${formatDuration(Math.abs(moved))}: ${then}`,
  );
  return now;
}

/** 0: the window was confirmed, settled elsewhere, or reverted; 1: its revert failed. */
export async function guardWindow(env: GuardEnv): Promise<number> {
  const { clock } = env;
  const sleep = env.sleep ?? wait;
  const w = env.journal.window();
  if (!w || w.id !== env.window) {
    // Settled before the guard read the journal (a confirm right after a script ended).
    const d = decided(env.path, env.window, env.say);
    env.say(
      d
        ? `window ${env.window} settled by ${d.by}: ${d.kind}; the guard ends`
        : `window ${env.window}: not open in ${env.path}; nothing to guard`,
    );
    return 0;
  }
  // The monotonic deadline: as much time from now as the wall clock says is left.
  const monoEnd = clock.mono() + (w.deadline - clock.wall());
  let gap = clock.wall() - clock.mono();
  env.say(`guarding window ${w.id} of ${env.path} until ${new Date(w.deadline).toISOString()}`);
  /** The signal that ended the wait before the window's end, if one did. */
  let signalled: string | undefined;
  for (;;) {
    const d = decided(env.path, w.id, env.say);
    if (d) {
      env.say(`window ${w.id} settled by ${d.by}: ${d.kind}; the guard ends`);
      return 0;
    }
    if (env.stop?.aborted) {
      signalled = String(env.stop.reason);
      break;
    }
    gap = noteStep(env, w, monoEnd, gap);
    const left = Math.min(w.deadline - clock.wall(), monoEnd - clock.mono());
    if (left <= 0) break;
    await sleep(Math.min(STEP_MS, left), env.stop);
  }
  const take = decide(env.path, w.id, { kind: 'revert', by: env.by }, env.say);
  if (!take.won) {
    env.say(`window ${w.id} settled by ${take.decision.by}: ${take.decision.kind}; the guard ends`);
    return 0;
  }
  const r = await revertWithRetries(env.journal, env.router, w.id, {
    say: env.say,
    by: env.by,
    now: () => clock.mono(),
    ...(env.stop ? { stop: env.stop } : {}),
    ...(signalled ? { why: `window ${w.id} reverted: its guard got ${signalled}` } : {}),
  });
  if (r.ok) {
    env.say(
      `confirmed-change window ${w.id} ${signalled ? `reverted on ${signalled}` : 'expired'}: ${r.text}`,
    );
    return 0;
  }
  return 1;
}
