// The confirmed-change window as the shell meets it: its time left in the prompt, and the
// question asked when the shell is left with one open.
import { asRoutershError } from '../errors.js';
import type { Services } from '../contract/services.js';
import { promptText } from './editor/prompt-text.js';

/** The prompt as it is now: the open window's tag (`confirm 4m59s`, `unguarded 3m12s`), when one is open. */
export const promptNow = (
  session: { label: string; services: Pick<Services, 'windows' | 'candidate'> },
  context: readonly string[],
): string =>
  promptText(
    session.label,
    context,
    session.services.windows?.tag(Date.now()),
    session.services.candidate?.lines()?.length,
  );

/**
 * The changes of window `id` its revert will not undo (a secret set, a node unread after): said
 * apart before the question, which else promises that they are reverted. Actions change nothing
 * and are not listed. As the journal has their lines: secrets as ***.
 */
export function unreverted(
  changes: readonly { window?: string; status: string; notUndoable?: string; line: string }[],
  id: string,
): string | undefined {
  const kept = changes.filter(
    (c) =>
      c.window === id &&
      (c.status === 'done' || c.status === 'unknown') &&
      c.notUndoable !== undefined &&
      !c.notUndoable.startsWith('the metadata shows no change'),
  );
  return kept.length ? `not reverted by the window: ${kept.map((c) => c.line).join(' · ')}` : undefined;
}

type Choose = (question: string, letters: readonly string[], fallback: string) => Promise<string>;

/**
 * Leaving the shell: with a confirmed-change window open, ask what becomes of its changes —
 * revert now, keep them, or (its guard alive and its end ahead) leave the window running: its
 * guard reverts them at its end. With its guard gone, nothing would revert them after this shell:
 * only revert or keep, revert the default. Past its end with a live guard, the guard is reverting:
 * nothing is asked. `exit` is called at once when no window is open, else once the answer is
 * carried out.
 */
export async function leaveShell(
  services: Services,
  choose: Choose,
  say: (text: string) => void,
  exit: () => void,
): Promise<void> {
  const window = services.journal?.opened()?.window();
  const { windows } = services;
  if (!window || !windows) return exit();
  const at = new Date(window.deadline).toTimeString().slice(0, 8);
  const guarded = windows.guarded();
  if (guarded && Date.now() >= window.deadline) {
    say(`window ${window.id} ended at ${at}: its guard is reverting its changes`);
    return exit();
  }
  const kept = unreverted(services.journal?.opened()?.changes() ?? [], window.id);
  if (kept) say(kept);
  const answer = await choose(
    guarded
      ? `window open: r revert now · k keep (confirm) · l leave it running until ${at}, then its guard reverts [r/k/L]`
      : windows.unguarded()
        ? 'window open, its guard is gone and nothing reverts it after this shell: r revert now · k keep (confirm) [R/k]'
        : 'window open, nothing reverts it after this shell: r revert now · k keep (confirm) [R/k]',
    guarded ? ['r', 'k', 'l'] : ['r', 'k'],
    guarded ? 'l' : 'r',
  );
  // Its guard went while the question was open (or the window ended): "leave it running" no longer holds.
  if (answer === 'l' && (!windows.guarded() || Date.now() >= window.deadline))
    return leaveShell(services, choose, say, exit);
  if (answer === 'r') {
    say("reverting the window's changes…");
    await windows.revertNow(say).catch((e: unknown) => say(asRoutershError(e).message));
  } else if (answer === 'k') {
    const o = await windows
      .confirmNow()
      .catch((e: unknown) => ({ kind: 'error', error: asRoutershError(e) }) as const);
    say(o.kind === 'text' ? o.text.trimEnd() : o.kind === 'error' ? o.error.message : '');
  } else say(windows.settleHint());
  exit();
}
