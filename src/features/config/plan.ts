// The plan of a load (`config load merge|replace|override`): the requests that take the live
// configuration to a file's, each with the requests that undo it, and the plan as diff lines.
// Pure: the live lines and the file's come in, steps go out (transaction.ts sends them).
//
// - merge adds and changes: each file line that is not live is SET (a single-value slot whose
//   value changes is one SET, which replaces it).
// - replace: each entry the file names (the top-most value with lines under it on a line's
//   path: `interface eth1` for `interface eth1 mtu 9000`; the line's own slot when there is
//   none) is made equal to the file: what is live under it and not in the file is removed.
// - override: the whole configuration (or the file's `under`) is made equal to the file.
//
// Creations go in tree order, then deletions in reverse (deepest first; a deletion under a
// node that is itself deleted is dropped: its DELETE removes it). A line holding `***` is
// never sent and never deleted; members are loaded only from a file saved with them.
//
// A SET adds or replaces options and keeps those it is not given (the router merges): a line
// whose file form drops an option of the live one is removed and set again, with the lines
// under it; a revert puts such a line back the same way.
import type { RouterRequest } from '../../api/router/types.js';
import type { ConfigLine, TxStep } from '../../contract/config.js';
import { removeRequest, sameOptions, setRequest } from '../changes/journal/diff.js';
import { holdsRedacted } from './file-lines.js';
import { isTokenLine, lineKey } from './line-key.js';

export type LoadMode = 'merge' | 'replace' | 'override';

export interface PlanOptions {
  /** The file was saved with members: then live members it lacks are removed (replace, override). */
  members: boolean;
  /** The file's `under` words (override makes only that subtree equal): [] for the whole tree. */
  under: readonly string[];
  /** Override only at and under these nodes instead (an automatic checkpoint covers only them). */
  nodes?: readonly (readonly string[])[];
  /** A line as the plan prints it (line-text.ts lineText: secrets as ***). */
  text: (l: ConfigLine) => string;
}

export interface LoadPlan {
  steps: TxStep[];
  /** `- line` (removed, or the value replaced) and `+ line` (set), in the order they are sent. */
  diff: string[];
  notes: string[];
  /** The live lines of the nodes that change (the transaction's `before`: its checkpoint). */
  before: ConfigLine[];
}

const optionsDropped = (old: ConfigLine, now: ConfigLine): boolean =>
  Object.keys(old.options).some((k) => now.options[k] === undefined);

/** The file's lines as a script leaves them: a later line of a key or a single-value slot wins. */
function targetOf(target: readonly ConfigLine[]): ConfigLine[] {
  const byKey = new Map<string, ConfigLine>();
  const slotKey = new Map<string, string>();
  for (const l of target) {
    const k = lineKey(l);
    if (!l.multi) {
      const was = slotKey.get(l.slot);
      if (was !== undefined && was !== k) byKey.delete(was);
      slotKey.set(l.slot, k);
    }
    byKey.delete(k);
    byKey.set(k, l);
  }
  // Back in the file's order (a line moved by a later duplicate keeps its first place).
  const order = new Map<string, number>();
  target.forEach((l, i) => {
    const k = lineKey(l);
    if (!order.has(k)) order.set(k, i);
  });
  return [...byKey.entries()].sort((a, b) => order.get(a[0])! - order.get(b[0])!).map(([, l]) => l);
}

const pathKey = (p: readonly string[]): string => p.join('\u0000');

/** Whether a strict prefix of `path` is in `keys` (pathKey of each). */
function underAny(path: readonly string[], keys: ReadonlySet<string>): boolean {
  if (keys.size === 0) return false;
  let k = '';
  for (let n = 0; n < path.length - 1; n++) {
    k = n === 0 ? path[0]! : `${k}\u0000${path[n]}`;
    if (keys.has(k)) return true;
  }
  return false;
}

/** Lines indexed by what the plan asks of them: by key, by slot, and what lies under a path. */
class Index {
  readonly byKey = new Map<string, ConfigLine>();
  readonly bySlot = new Map<string, ConfigLine[]>();
  /** A path's key → the lines strictly under it, in tree order. */
  readonly under = new Map<string, ConfigLine[]>();
  /** The paths of Value lines (`interface eth1`). */
  readonly values = new Set<string>();
  constructor(lines: readonly ConfigLine[]) {
    for (const l of lines) {
      this.byKey.set(lineKey(l), l);
      if (!isTokenLine(l)) this.values.add(pathKey(l.path));
      const slot = this.bySlot.get(l.slot);
      if (slot) slot.push(l);
      else this.bySlot.set(l.slot, [l]);
      let k = '';
      for (let n = 0; n < l.path.length - 1; n++) {
        k = n === 0 ? l.path[0]! : `${k}\u0000${l.path[n]}`;
        const below = this.under.get(k);
        if (below) below.push(l);
        else this.under.set(k, [l]);
      }
    }
  }
  below(path: readonly string[]): readonly ConfigLine[] {
    return this.under.get(pathKey(path)) ?? [];
  }
}

/** Which live lines a mode may remove (those the file does not have, below). */
function scopeOf(mode: LoadMode, live: Index, target: readonly ConfigLine[], targets: Index, o: PlanOptions) {
  if (mode === 'merge') return () => false;
  const at = (p: readonly string[]) => (l: ConfigLine) => p.every((w, i) => l.path[i] === w);
  if (mode === 'override') {
    const within = (o.nodes ?? [o.under]).map(at);
    return (l: ConfigLine) => within.some((f) => f(l));
  }
  // replace: each line's entry — the top-most Value line with lines under it on its path, else its slot.
  const isEntry = (p: string[]) => {
    const k = pathKey(p);
    return (live.values.has(k) || targets.values.has(k)) && (live.under.has(k) || targets.under.has(k));
  };
  const entries = new Set<string>();
  const slots = new Set<string>();
  for (const t of target) {
    let entry: string[] | undefined;
    for (let n = 1; n <= t.path.length && !entry; n++) {
      const p = t.path.slice(0, n);
      if (isEntry(p)) entry = p;
    }
    if (entry) entries.add(pathKey(entry));
    else slots.add(t.slot);
  }
  return (l: ConfigLine) => slots.has(l.slot) || underAny(l.path, entries);
}

/** The requests that put `old` and what lay under it back after it was removed. */
function recreate(old: ConfigLine, live: Index): RouterRequest[] {
  const below = isTokenLine(old) && old.unsetOptions ? [] : live.below(old.path);
  return [old, ...below].filter((l) => l.settable && !holdsRedacted(l)).map(setRequest);
}

/** A secret lies under it: removing it would remove the secret, which a load never does. */
const holdsSecret = (old: ConfigLine, live: Index) => live.below(old.path).some(holdsRedacted);

interface Ctx {
  mode: LoadMode;
  live: readonly ConfigLine[];
  index: Index;
  targets: Index;
  o: PlanOptions;
  plan: LoadPlan;
  /** Live keys the plan deals with already (replaced, or removed with their node). */
  handled: Set<string>;
  /** Paths removed and set again (pathKey): the live lines under them are gone. */
  redone: Set<string>;
  before: Set<ConfigLine>;
  fresh: number;
}

function step(c: Ctx, request: RouterRequest, inverse: RouterRequest[], text: string): void {
  c.plan.steps.push({ request, inverse, text, words: [...request.words] });
}

function touched(c: Ctx, l: ConfigLine | undefined): void {
  if (l && !c.before.has(l)) {
    c.before.add(l);
    c.plan.before.push(l);
  }
}

/** One file line: nothing when live as it is, else its SET (after a removal when it drops options). */
function create(c: Ctx, t: ConfigLine): void {
  const { text } = c.o;
  const k = lineKey(t);
  const gone = underAny(t.path, c.redone);
  const old = gone ? undefined : c.index.byKey.get(k);
  if (holdsRedacted(t)) {
    if (!old) c.plan.notes.push(`not sent (it holds a secret, ***): ${text(t)}`);
    return;
  }
  if (old && sameOptions(old, t)) return;
  if (!t.settable) {
    if (!old && c.targets.below(t.path).length === 0)
      c.plan.notes.push(`cannot be created on its own (the router allows no SET there): ${text(t)}`);
    if (!old) c.plan.diff.push(`+ ${text(t)}`);
    return;
  }
  const inverseOfSet = (): RouterRequest[] => (t.unsettable ? [removeRequest(t)] : []);
  if (old) {
    c.handled.add(k);
    touched(c, old);
    if (c.mode !== 'merge' && optionsDropped(old, t) && !holdsSecret(old, c.index)) {
      // A SET keeps options it is not given: the line is removed and set again, with what is under
      // it (merge only adds and changes: there the router keeps them).
      c.plan.diff.push(`- ${text(old)}`);
      step(c, removeRequest(old), recreate(old, c.index), `- ${text(old)}`);
      c.redone.add(pathKey(old.path));
      for (const l of c.index.below(old.path)) touched(c, l);
      c.plan.diff.push(`+ ${text(t)}`);
      step(c, setRequest(t), inverseOfSet(), `+ ${text(t)}`);
      return;
    }
    const back = optionsDropped(t, old) ? [...inverseOfSet(), ...recreate(old, c.index)] : [setRequest(old)];
    c.plan.diff.push(`- ${text(old)}`, `+ ${text(t)}`);
    step(c, setRequest(t), back, `+ ${text(t)}`);
    return;
  }
  // A single-value slot: the SET replaces the live value, and setting that back undoes it.
  const replaced = t.multi ? undefined : c.index.bySlot.get(t.slot)?.find((l) => !underAny(l.path, c.redone));
  if (replaced) {
    c.handled.add(lineKey(replaced));
    touched(c, replaced);
    c.plan.diff.push(`- ${text(replaced)}`);
  }
  if (t.member) c.fresh++;
  c.plan.diff.push(`+ ${text(t)}`);
  if (!replaced && !t.unsettable)
    c.plan.notes.push(`a revert cannot remove it again (the router allows no DELETE there): ${text(t)}`);
  step(c, setRequest(t), replaced ? [setRequest(replaced)] : inverseOfSet(), `+ ${text(t)}`);
}

/** The live lines the mode removes, deepest first; none under a node removed with them. */
function removals(c: Ctx, target: readonly ConfigLine[]): void {
  const { live, index, o } = c;
  const inScope = scopeOf(c.mode, index, target, c.targets, o);
  const doomed = live.filter(
    (l) =>
      inScope(l) &&
      !c.targets.byKey.has(lineKey(l)) &&
      !c.handled.has(lineKey(l)) &&
      !underAny(l.path, c.redone) &&
      !holdsRedacted(l) &&
      (o.members || !l.member) &&
      // A line with file lines under it stays: removing it would remove them.
      !c.targets.under.has(pathKey(l.path)),
  );
  const deletes = new Set(
    doomed
      .filter((l) => l.unsettable && !holdsSecret(l, index) && removeRequest(l).method === 'DELETE')
      .map((l) => pathKey(l.path)),
  );
  for (let i = doomed.length - 1; i >= 0; i--) {
    const l = doomed[i]!;
    // Removed with its node (its DELETE removes it): a line of the diff, not a request.
    if (underAny(l.path, deletes)) {
      c.plan.diff.push(`- ${o.text(l)}`);
      continue;
    }
    if (!l.unsettable || holdsSecret(l, index)) {
      const why = l.unsettable ? 'a secret (***) lies under it' : 'the router allows no DELETE there';
      c.plan.notes.push(`left (${why}): ${o.text(l)}`);
      continue;
    }
    touched(c, l);
    for (const x of index.below(l.path)) touched(c, x);
    c.plan.diff.push(`- ${o.text(l)}`);
    step(c, removeRequest(l), recreate(l, index), `- ${o.text(l)}`);
  }
}

export function planLoad(
  mode: LoadMode,
  live: readonly ConfigLine[],
  fileLines: readonly ConfigLine[],
  o: PlanOptions,
): LoadPlan {
  const target = targetOf(fileLines.filter((l) => o.members || !l.member));
  const c: Ctx = {
    mode,
    live,
    index: new Index(live),
    targets: new Index(target),
    o,
    plan: { steps: [], diff: [], notes: [], before: [] },
    handled: new Set(),
    redone: new Set(),
    before: new Set(),
    fresh: 0,
  };
  for (const t of target) create(c, t);
  removals(c, target);
  // Said whether or not members were walked: without them in the file, none were.
  if (!o.members) c.plan.notes.push('the file was saved without members: the live members are left alone');
  if (c.fresh > 0)
    c.plan.notes.push(
      `${c.fresh} member${c.fresh === 1 ? ' is' : 's are'} added again with fresh timers (their timeouts start over)`,
    );
  return c.plan;
}
