// The shell's watch over a window its guard keeps (confirm.ts starts it): it follows the
// journal file and says what the guard did (each failed attempt, the end), and it watches the
// guard itself — the journal names its process (pid and start). A guard that exited having
// settled the window (its decision file and journal say so) is not gone: the journal's next
// lines say how it ended. One that is gone with the window open and undecided hands the window
// back to the shell (`gone`), which reverts at the deadline while it is open. One tick a
// second (a quarter second past the deadline), unref'd: it never keeps the process alive.
import type { GuardIdentity, JournalEvent, WindowState } from '../../contract/journal.js';
import type { Journal } from './journal/journal.js';
import { readJournalFile } from './journal/file.js';
import { decided } from './window-decision.js';
import { OVERDUE_MS } from './window-status.js';

export interface WatchEnv {
  journal: Journal;
  id: string;
  deadline: number;
  guard: GuardIdentity;
  notify: (text: string) => void;
  /** The window was settled by another process (the guard, `routersh confirm`): the cache is stale. */
  settled: () => void;
  /**
   * The guard is gone with the window open: the shell keeps it from now on. `reverting`: the
   * guard had decided to revert and died before the journal said it was done.
   */
  gone: (reverting: boolean) => void;
  /** Where the tick's timer goes (confirm.ts clears it on a confirm). */
  timer: (t: ReturnType<typeof setTimeout>) => void;
}

const read = (path: string): JournalEvent[] => {
  try {
    return readJournalFile(path);
  } catch {
    return [];
  }
};

/** What the journal's new lines say of the window: its end, if another process wrote one (each note is said). */
function ended(env: WatchEnv, events: readonly JournalEvent[]): WindowState['state'] | undefined {
  for (const e of events) {
    if (e.t !== 'window' || e.window !== env.id || e.by === 'shell') continue;
    if (e.note) env.notify(e.note);
    if (e.state !== 'open') return e.state;
  }
  return undefined;
}

function say(env: WatchEnv, state: WindowState['state'], by: string | undefined, all: JournalEvent[]): void {
  const { id, journal } = env;
  if (state === 'reverted') {
    const n = all.filter((x) => x.t === 'undone' && x.ok).length;
    env.notify(`confirmed-change window expired: reverted ${n} change(s) (by ${by ?? 'the guard'})`);
  } else if (state === 'confirmed')
    env.notify(`confirmed-change window ${id} confirmed (by ${by ?? 'another routersh'})`);
  else
    env.notify(
      `confirmed-change window ${id} is unsettled: its revert did not finish — revert it: routersh undo --journal ${journal.path}`,
    );
}

export function watchGuard(env: WatchEnv): void {
  const { journal, id, deadline, guard } = env;
  const path = journal.path!;
  const alive = journal.meta.alive;
  let seen = read(path).length;
  /** The guard's end was seen: it is not looked for again. */
  let exited = false;
  const tick = () => {
    // Settled here (confirm, the shell's revert), or the session closed: its watch ends.
    if (journal.closed || journal.window()?.id !== id) return;
    // Liveness first, then the file: whatever a dead guard wrote is in the file read after.
    const dead = !exited && alive !== undefined && !alive(guard.pid, guard.pidStart);
    const events = read(path);
    const state = ended(env, events.slice(seen));
    seen = events.length;
    if (state) {
      const last = events.findLast((e) => e.t === 'window' && e.window === id);
      journal.takeWindow({ id, deadline, state, guard });
      say(env, state, last?.t === 'window' ? last.by : undefined, events);
      env.settled();
      return;
    }
    if (dead) {
      exited = true;
      // Decided by another (a confirm from another terminal, an undo): whoever decided writes
      // the end, and the lines above will say it. Nothing decided, or its own revert cut short:
      // gone. The watch goes on (a confirm from another terminal still ends the window here).
      const d = decided(path, id);
      if (!d || d.by === `guard ${guard.pid}`) env.gone(d !== undefined);
    }
    if (Date.now() > deadline + OVERDUE_MS) return;
    const t = setTimeout(tick, Date.now() < deadline ? Math.min(1000, deadline - Date.now() + 50) : 250);
    t.unref?.();
    env.timer(t);
  };
  const t = setTimeout(tick, 1000);
  t.unref?.();
  env.timer(t);
}
