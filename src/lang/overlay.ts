// The predicted state of a dry run: what the lines checked so far would have created and
// deleted, laid over the live metadata. Entries are values of a node's collection (the
// `eth5` of `interface eth5`, keyed by the parent path) or, for nodes whose entries are named
// by Key options (`match net 1.2.3.4`), the key values. The live SetValues are read only
// where the overlay knows nothing; under a path the overlay created, the live metadata
// describes a node that does not exist yet, so only the overlay counts there. Pure data.
import { pathKey } from './cache.js';

/** present: exists (live or predicted); absent: known not to; unknown: cannot tell. */
export type EntryState = 'present' | 'absent' | 'unknown';

export interface EntryAnswer {
  state: EntryState;
  /** Whether an earlier line decided it (created or deleted), not the live metadata. */
  predicted: boolean;
  /** Absent because it would be under this path, which an earlier line creates (so it is empty). */
  under?: string[];
}

const KEYED = '\u0001keyed';

/** The identity of a keyed entry: its key options' values, in name order. */
export function keyTuple(
  options: Readonly<Record<string, readonly unknown[]>>,
  keys: readonly string[],
): string {
  return JSON.stringify([...keys].sort().map((k) => [k, (options[k] ?? []).map(String)]));
}

const isUnder = (words: readonly string[], prefix: readonly string[]) =>
  words.length >= prefix.length && prefix.every((p, i) => words[i] === p);

export class Overlay {
  /** Collection (parent path + value kind) → value → present (true) or deleted (false). */
  private readonly entries = new Map<string, { words: string[]; values: Map<string, boolean> }>();
  /** Paths that exist only by prediction (an earlier line creates them). */
  private readonly created: string[][] = [];
  /** Paths whose contents a line changed unpredictably (a bulk import or sync). */
  private readonly unknown: string[][] = [];

  /** An entry of the collection at `parent` (live: the node's SetValues). */
  entry(parent: readonly string[], value: string, live: readonly string[]): EntryAnswer {
    return this.lookup(pathKey(parent), parent, value, live);
  }

  /** A keyed entry at `path` (live: the key tuples of the node's SetOptions). */
  keyed(path: readonly string[], tuple: string, live: readonly string[]): EntryAnswer {
    return this.lookup(pathKey(path) + KEYED, path, tuple, live);
  }

  /** `parent value` exists from now on; `live` tells whether it did before. */
  add(parent: readonly string[], value: string, live: readonly string[]): void {
    const before = this.entry(parent, value, live);
    this.record(pathKey(parent), parent, value, true);
    if (before.state !== 'present') this.created.push([...parent, value]);
  }

  addKeyed(path: readonly string[], tuple: string): void {
    this.record(pathKey(path) + KEYED, path, tuple, true);
  }

  removeKeyed(path: readonly string[], tuple: string): void {
    this.record(pathKey(path) + KEYED, path, tuple, false);
  }

  /** `words` is deleted with everything under it; when it names an entry, that entry is gone. */
  remove(words: readonly string[], o: { entry: boolean }): void {
    this.forgetUnder(words);
    if (o.entry && words.length > 0)
      this.record(pathKey(words.slice(0, -1)), words.slice(0, -1), words.at(-1)!, false);
  }

  /** Everything under `words` changed in ways a dry run cannot predict. */
  markUnknown(words: readonly string[]): void {
    this.forgetUnder(words);
    this.unknown.push([...words]);
  }

  /** The longest path the overlay created (not live) that `words` starts with, if any. */
  createdPrefix(words: readonly string[]): string[] | undefined {
    let best: string[] | undefined;
    for (const c of this.created) if (isUnder(words, c) && c.length > (best?.length ?? 0)) best = c;
    return best;
  }

  private lookup(
    key: string,
    parent: readonly string[],
    value: string,
    live: readonly string[],
  ): EntryAnswer {
    const known = this.entries.get(key)?.values.get(value);
    if (known !== undefined) return { state: known ? 'present' : 'absent', predicted: true };
    if (this.unknown.some((u) => isUnder(parent, u))) return { state: 'unknown', predicted: true };
    // Under a created path the live answer describes nothing: only the overlay's entries exist.
    const under = this.createdPrefix(parent);
    if (under) return { state: 'absent', predicted: true, under };
    if (live.includes(value)) return { state: 'present', predicted: false };
    // An empty list may mean "none" or "this router does not list them": cannot tell.
    return { state: live.length > 0 ? 'absent' : 'unknown', predicted: false };
  }

  private record(key: string, words: readonly string[], value: string, present: boolean): void {
    let c = this.entries.get(key);
    if (!c) {
      c = { words: [...words], values: new Map() };
      this.entries.set(key, c);
    }
    c.values.set(value, present);
  }

  private forgetUnder(words: readonly string[]): void {
    for (const [key, c] of this.entries) if (isUnder(c.words, words)) this.entries.delete(key);
    const keep = (list: string[][]) => {
      const kept = list.filter((p) => !isUnder(p, words));
      list.splice(0, list.length, ...kept);
    };
    keep(this.created);
    keep(this.unknown);
  }
}
