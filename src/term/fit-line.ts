// One line that must fit the terminal's width, cut where losing text costs least: a title
// keeps its range and cuts its expression; a pane's footer keeps its status and `q back`, and
// drops the least needed keys first.
import { displayWidth, truncateToWidth } from './text-width.js';

/**
 * `head` then `tail` in `width` columns: the head is cut with `…` first (down to `minHead`
 * columns), and only then the whole line.
 */
export function fitHeadTail(head: string, tail: string, width: number, minHead = 8): string {
  const w = Math.max(0, width);
  if (displayWidth(head) + displayWidth(tail) <= w) return head + tail;
  const room = w - displayWidth(tail);
  if (room >= Math.min(minHead, displayWidth(head))) return truncateToWidth(head, room) + tail;
  return truncateToWidth(head + tail, w);
}

/** A key of a footer, e.g. `p pause`; the higher `priority`, the longer it stays. */
export interface FooterKey {
  text: string;
  priority: number;
}

const KEY_GAP = '  ';

/**
 * `STATUS · KEY  KEY  …  LAST` in `width` columns. Keys that do not fit are left out, lowest
 * priority first (the rest keep their order); `last` (`q back`) always shows: when even the
 * status is too wide, the status is cut with `…`.
 */
export function fitFooter(status: string, keys: readonly FooterKey[], last: string, width: number): string {
  const w = Math.max(0, width);
  const sep = status === '' ? '' : ' · ';
  const fixed = displayWidth(status) + displayWidth(sep) + displayWidth(last);
  const byPriority = keys.map((k, i) => ({ ...k, i })).sort((a, b) => b.priority - a.priority || a.i - b.i);
  const kept = new Set<number>();
  let used = fixed;
  for (const k of byPriority) {
    const cost = displayWidth(k.text) + KEY_GAP.length;
    if (used + cost > w) continue;
    kept.add(k.i);
    used += cost;
  }
  const shown = keys.filter((_, i) => kept.has(i)).map((k) => k.text);
  const tail = [...shown, last].join(KEY_GAP);
  if (fixed <= w) return `${status}${sep}${tail}`;
  // The status alone is too wide: it is cut, `last` stays.
  return fitHeadTail(status, `${sep}${last}`, w, 1);
}
