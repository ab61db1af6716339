// What makes two configuration lines the same line, whoever read them (the walk from the live
// SetValues, file-lines.ts from a saved file): a Value's line is its slot and value; a Token's
// entry is its slot and the options that name it in an UNSET (a match-list member's `net`), or
// its slot alone when none do (`interface eth0 shutdown`). Not Setting.id: a Token entry's id
// holds the router's own name for it (its SetValues), which a saved line does not carry. Pure.
import type { ConfigLine } from '../../contract/config.js';

const SEP = '\u001f';

/** A Token's line: its path is its slot (slotSettings); a Value's path ends in its value. */
export const isTokenLine = (l: ConfigLine): boolean => l.slot === l.path.join(SEP);

export function lineKey(l: ConfigLine): string {
  if (!isTokenLine(l)) return `${l.slot}${SEP}${l.path.at(-1) ?? ''}`;
  const keys = [...(l.unsetOptions ?? [])].sort().filter((k) => l.options[k] !== undefined);
  return `${l.slot}${SEP}${JSON.stringify(keys.map((k) => [k, l.options[k]]))}`;
}

/** `path` lies strictly under `prefix`. */
export const isUnder = (path: readonly string[], prefix: readonly string[]): boolean =>
  path.length > prefix.length && prefix.every((w, i) => path[i] === w);
