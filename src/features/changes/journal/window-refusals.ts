// Why a change inside a confirmed-change window is not sent (journal.ts): the window it was typed
// in ended on its way or is past its deadline, or another open window holds its node. Texts only:
// the journal writes the record and throws.
import type { Hold, WindowState } from '../../../contract/journal.js';

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/**
 * A change that would be sent outside the window it was typed in (`began`: it ended or was
 * confirmed while the command was on its way), or into a window past its deadline (its revert
 * is under way or about to be): either would leave it with no window to revert it.
 */
export function outOfWindow(
  w: WindowState | undefined,
  began: string | undefined,
  now: number,
): string | undefined {
  if (began !== undefined && w?.id !== began)
    return `not sent: confirmed-change window ${began} ended while this command was on its way; nothing was changed`;
  if (w && now >= w.deadline)
    return `not sent: confirmed-change window ${w.id} ended at ${clock(w.deadline)}; its changes are reverted`;
  return undefined;
}

/** One window per node (window-holds.ts): the node is held by `by`, another open window. */
export function heldByOther(
  hold: Hold,
  by: { window: string; journal: string; deadline: number },
  now: number,
): string {
  // A window past its end not yet reverted (its guard gone, or giving up) holds it still.
  const when =
    by.deadline > now ? ` until ${clock(by.deadline)}` : `, not settled since ${clock(by.deadline)}`;
  return `${hold.path.join(' ')} is held by window ${by.window} (${by.journal})${when}; confirm or revert it first`;
}
