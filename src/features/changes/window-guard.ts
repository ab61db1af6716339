// What the guard process does (commands/guard.ts starts it for one window): wait for the
// window's end, watching whether someone settled it (a confirm, `routersh undo --journal`);
// at the end take the decision to revert (window-decision.ts: never both the shell and the
// guard) and revert with retries. Its exit status says how it ended and is journaled.
import type { JournalRouter } from './journal/journal.js';
import type { Journal } from './journal/journal.js';
import { decide, decided } from './window-decision.js';
import { revertWithRetries } from './window-revert.js';

export interface GuardEnv {
  journal: Journal;
  path: string;
  window: string;
  router: JournalRouter;
  say: (text: string) => void;
  by: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** 0: the window was confirmed, settled elsewhere, or reverted; 1: its revert failed. */
export async function guardWindow(env: GuardEnv): Promise<number> {
  const now = env.now ?? Date.now;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const w = env.journal.window();
  if (!w || w.id !== env.window) {
    // Settled before the guard read the journal (a confirm right after a script ended).
    const d = decided(env.path, env.window);
    env.say(
      d
        ? `window ${env.window} settled by ${d.by}: ${d.kind}; the guard ends`
        : `window ${env.window}: not open in ${env.path}; nothing to guard`,
    );
    return 0;
  }
  env.say(`guarding window ${w.id} of ${env.path} until ${new Date(w.deadline).toISOString()}`);
  for (;;) {
    const d = decided(env.path, w.id);
    if (d) {
      env.say(`window ${w.id} settled by ${d.by}: ${d.kind}; the guard ends`);
      return 0;
    }
    const left = w.deadline - now();
    if (left <= 0) break;
    await sleep(Math.min(1000, left));
  }
  const take = decide(env.path, w.id, { kind: 'revert', by: env.by });
  if (!take.won) {
    env.say(`window ${w.id} settled by ${take.decision.by}: ${take.decision.kind}; the guard ends`);
    return 0;
  }
  const r = await revertWithRetries(env.journal, env.router, w.id, { say: env.say, by: env.by, now, sleep });
  if (r.ok) {
    env.say(`confirmed-change window ${w.id} expired: ${r.text}`);
    return 0;
  }
  return 1;
}
