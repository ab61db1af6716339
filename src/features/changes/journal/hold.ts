// What a change inside a confirmed-change window holds until its window is settled (one window
// per node: window-holds.ts finds who holds what; the journal writes each change's hold). Pure.
import type { NodeInfo } from '../../../api/router/types.js';
import type { Focus, Hold } from '../../../contract/journal.js';
import { canonicalNet } from '../../../lang/ip.js';

/**
 * The node a change of `words` holds, its node read as `info` with the change's `focus`: a
 * single value's slot (`interface eth0 mtu`, whatever value), one value of a multi-valued slot
 * with what lies under it (`interface eth2`), a list's entries (`… action match` and the entries'
 * keys), or a node with all under it (a delete, an unset).
 */
export function holdOf(info: NodeInfo, words: readonly string[], focus: Focus | undefined): Hold {
  if (info.type === 'Value') {
    const parent = words.slice(0, -1);
    return { path: info.multiValue ? [...parent, canonicalNet(words.at(-1) ?? '')] : parent };
  }
  return focus ? { path: [...words], entries: [...focus.entries] } : { path: [...words] };
}

/** Whether two holds meet: one path lies on or under the other, and, on one path, an entry is shared. */
export function overlaps(a: Hold, b: Hold): boolean {
  const n = Math.min(a.path.length, b.path.length);
  for (let i = 0; i < n; i++) if (a.path[i] !== b.path[i]) return false;
  if (a.path.length !== b.path.length || !a.entries || !b.entries) return true;
  const theirs = new Set(b.entries);
  return a.entries.some((e) => theirs.has(e));
}
