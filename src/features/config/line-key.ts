// What makes two configuration lines the same line, whoever read them (the walk from the live
// SetValues, file-lines.ts from a saved file): a Value's line is its slot and value; a Token's
// entry is its slot and the options that name it in an UNSET (a match-list member's `net`), or
// its slot alone when none do (`interface eth0 shutdown`). Not Setting.id: a Token entry's id
// holds the router's own name for it (its SetValues), which a saved line does not carry. Pure.
import type { ConfigLine } from '../../contract/config.js';

const SEP = '\u001f';

/** A Token's line: its path is its slot (slotSettings); a Value's path ends in its value. */
export const isTokenLine = (l: ConfigLine): boolean => l.slot === l.path.join(SEP);

/** Asked several times per line by a plan of 10,000s: computed once (lines are not changed). */
const memo = new WeakMap<ConfigLine, string>();

export function lineKey(l: ConfigLine): string {
  let k = memo.get(l);
  if (k !== undefined) return k;
  if (!isTokenLine(l)) k = `${l.slot}${SEP}${l.path.at(-1) ?? ''}`;
  else {
    const keys = [...(l.unsetOptions ?? [])].sort().filter((o) => l.options[o] !== undefined);
    k = `${l.slot}${SEP}${JSON.stringify(keys.map((o) => [o, l.options[o]]))}`;
  }
  memo.set(l, k);
  return k;
}

/** `path` lies strictly under `prefix`. */
export const isUnder = (path: readonly string[], prefix: readonly string[]): boolean =>
  path.length > prefix.length && prefix.every((w, i) => path[i] === w);
