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
import { isTokenLine, isUnder, lineKey } from './line-key.js';

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

/** Which live lines a mode may remove (those the file does not have, below). */
function scopeOf(mode: LoadMode, live: readonly ConfigLine[], target: readonly ConfigLine[], o: PlanOptions) {
  if (mode === 'merge') return () => false;
  const at = (p: readonly string[]) => (l: ConfigLine) => p.every((w, i) => l.path[i] === w);
  if (mode === 'override') {
    const within = (o.nodes ?? [o.under]).map(at);
    return (l: ConfigLine) => within.some((f) => f(l));
  }
  // replace: each line's entry — the top-most Value line with lines under it on its path, else its slot.
  const all = [...live, ...target];
  const values = new Set(all.filter((l) => !isTokenLine(l)).map((l) => l.path.join('\u0000')));
  const hasUnder = (p: string[]) => all.some((l) => isUnder(l.path, p));
  const paths: string[][] = [];
  const slots = new Set<string>();
  for (const t of target) {
    let entry: string[] | undefined;
    for (let n = 1; n <= t.path.length && !entry; n++) {
      const p = t.path.slice(0, n);
      if (values.has(p.join('\u0000')) && hasUnder(p)) entry = p;
    }
    if (entry) paths.push(entry);
    else slots.add(t.slot);
  }
  return (l: ConfigLine) => slots.has(l.slot) || paths.some((p) => isUnder(l.path, p));
}

/** The requests that put `old` and what lay under it back after it was removed. */
function recreate(old: ConfigLine, live: readonly ConfigLine[]): RouterRequest[] {
  const below = isTokenLine(old) && old.unsetOptions ? [] : live.filter((l) => isUnder(l.path, old.path));
  return [old, ...below].filter((l) => l.settable && !holdsRedacted(l)).map(setRequest);
}

/** A secret lies under it: removing it would remove the secret, which a load never does. */
const holdsSecret = (old: ConfigLine, live: readonly ConfigLine[]) =>
  live.some((l) => isUnder(l.path, old.path) && holdsRedacted(l));

interface Ctx {
  mode: LoadMode;
  live: readonly ConfigLine[];
  liveBy: Map<string, ConfigLine>;
  o: PlanOptions;
  plan: LoadPlan;
  /** Live keys the plan deals with already (replaced, or removed with their node). */
  handled: Set<string>;
  /** Paths removed and set again: the live lines under them are gone. */
  redone: string[][];
  fresh: number;
}

function step(c: Ctx, request: RouterRequest, inverse: RouterRequest[], text: string): void {
  c.plan.steps.push({ request, inverse, text, words: [...request.words] });
}

function touched(c: Ctx, l: ConfigLine | undefined): void {
  if (l && !c.plan.before.includes(l)) c.plan.before.push(l);
}

/** One file line: nothing when live as it is, else its SET (after a removal when it drops options). */
function create(c: Ctx, t: ConfigLine, target: readonly ConfigLine[]): void {
  const { text } = c.o;
  const k = lineKey(t);
  const gone = c.redone.some((p) => isUnder(t.path, p));
  const old = gone ? undefined : c.liveBy.get(k);
  if (holdsRedacted(t)) {
    if (!old) c.plan.notes.push(`not sent (it holds a secret, ***): ${text(t)}`);
    return;
  }
  if (old && sameOptions(old, t)) return;
  if (!t.settable) {
    if (!old && !target.some((l) => isUnder(l.path, t.path)))
      c.plan.notes.push(`cannot be created on its own (the router allows no SET there): ${text(t)}`);
    if (!old) c.plan.diff.push(`+ ${text(t)}`);
    return;
  }
  const inverseOfSet = (): RouterRequest[] => (t.unsettable ? [removeRequest(t)] : []);
  if (old) {
    c.handled.add(k);
    touched(c, old);
    if (c.mode !== 'merge' && optionsDropped(old, t) && !holdsSecret(old, c.live)) {
      // A SET keeps options it is not given: the line is removed and set again, with what is under
      // it (merge only adds and changes: there the router keeps them).
      c.plan.diff.push(`- ${text(old)}`);
      step(c, removeRequest(old), recreate(old, c.live), `- ${text(old)}`);
      c.redone.push(old.path);
      for (const l of c.live) if (isUnder(l.path, old.path)) touched(c, l);
      c.plan.diff.push(`+ ${text(t)}`);
      step(c, setRequest(t), inverseOfSet(), `+ ${text(t)}`);
      return;
    }
    const back = optionsDropped(t, old) ? [...inverseOfSet(), ...recreate(old, c.live)] : [setRequest(old)];
    c.plan.diff.push(`- ${text(old)}`, `+ ${text(t)}`);
    step(c, setRequest(t), back, `+ ${text(t)}`);
    return;
  }
  // A single-value slot: the SET replaces the live value, and setting that back undoes it.
  const replaced = t.multi
    ? undefined
    : c.live.find((l) => l.slot === t.slot && !c.redone.some((p) => isUnder(l.path, p)));
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
  const { live, o } = c;
  const inScope = scopeOf(c.mode, live, target, o);
  const targetKeys = new Set(target.map(lineKey));
  const doomed = live.filter(
    (l) =>
      inScope(l) &&
      !targetKeys.has(lineKey(l)) &&
      !c.handled.has(lineKey(l)) &&
      !c.redone.some((p) => isUnder(l.path, p)) &&
      !holdsRedacted(l) &&
      (o.members || !l.member) &&
      // A line with file lines under it stays: removing it would remove them.
      !target.some((t) => isUnder(t.path, l.path)),
  );
  const deletes = doomed.filter(
    (l) => l.unsettable && !holdsSecret(l, live) && removeRequest(l).method === 'DELETE',
  );
  for (const l of [...doomed].reverse()) {
    // Removed with its node (its DELETE removes it): a line of the diff, not a request.
    if (deletes.some((d) => isUnder(l.path, d.path))) {
      c.plan.diff.push(`- ${o.text(l)}`);
      continue;
    }
    if (!l.unsettable || holdsSecret(l, live)) {
      const why = l.unsettable ? 'a secret (***) lies under it' : 'the router allows no DELETE there';
      c.plan.notes.push(`left (${why}): ${o.text(l)}`);
      continue;
    }
    touched(c, l);
    for (const x of live) if (isUnder(x.path, l.path)) touched(c, x);
    c.plan.diff.push(`- ${o.text(l)}`);
    step(c, removeRequest(l), recreate(l, live), `- ${o.text(l)}`);
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
    liveBy: new Map(live.map((l) => [lineKey(l), l])),
    o,
    plan: { steps: [], diff: [], notes: [], before: [] },
    handled: new Set(),
    redone: [],
    fresh: 0,
  };
  for (const t of target) create(c, t, target);
  removals(c, target);
  // Said whether or not members were walked: without them in the file, none were.
  if (!o.members) c.plan.notes.push('the file was saved without members: the live members are left alone');
  if (c.fresh > 0)
    c.plan.notes.push(
      `${c.fresh} member${c.fresh === 1 ? ' is' : 's are'} added again with fresh timers (their timeouts start over)`,
    );
  return c.plan;
}
