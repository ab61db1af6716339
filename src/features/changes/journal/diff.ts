// What a change did, read from its before and after settings; whether the node has since been
// changed by someone else; and the inverse requests that undo it. Pure.
import type { RouterRequest } from '../../../api/router/types.js';
import type { Change, Setting, Snapshot } from '../../../contract/journal.js';

export interface Diff {
  added: Setting[];
  removed: Setting[];
  changed: Array<{ before: Setting; after: Setting }>;
}

const optionsKey = (o: Record<string, string[]>): string =>
  JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

export const sameOptions = (a: Setting, b: Setting): boolean =>
  optionsKey(a.options) === optionsKey(b.options);

const byId = (s: Snapshot | undefined): Map<string, Setting> =>
  new Map((s?.settings ?? []).map((x) => [x.id, x]));

export function diffSnapshots(before: Snapshot | undefined, after: Snapshot | undefined): Diff {
  const b = byId(before);
  const a = byId(after);
  const out: Diff = { added: [], removed: [], changed: [] };
  for (const [id, s] of a) {
    const old = b.get(id);
    if (!old) out.added.push(s);
    else if (!sameOptions(old, s)) out.changed.push({ before: old, after: s });
  }
  for (const [id, s] of b) if (!a.has(id)) out.removed.push(s);
  return out;
}

export const isEmptyDiff = (d: Diff): boolean => !d.added.length && !d.removed.length && !d.changed.length;

/**
 * isEmptyDiff(diffSnapshots(before, after)), answered at the first setting `after` adds when it
 * adds one (an import adds them all: its diff of 65,536 settings was built only to be found
 * non-empty).
 */
export function sameSnapshots(before: Snapshot | undefined, after: Snapshot | undefined): boolean {
  const b = byId(before);
  for (const s of after?.settings ?? []) if (!b.has(s.id)) return false;
  return isEmptyDiff(diffSnapshots(before, after));
}

/** A list entry (a Token's entry with a key option): it may expire on its own (match-lists). */
export const isEntry = (s: Setting): boolean => s.unsetOptions !== undefined;

export interface Drift {
  /** Why the node is no longer as this change left it (someone else changed it), per setting. */
  conflicts: Array<{ id: string; reason: string }>;
  /** Entries this change added that have since expired: nothing to undo for them. */
  expired: Set<string>;
}

/** Compares the node now with the change's "after", on the settings the change touched. */
export function driftOf(change: Change, current: Snapshot, text: (s: Setting) => string): Drift {
  const d = diffSnapshots(change.before, change.after);
  const now = byId(current);
  const out: Drift = { conflicts: [], expired: new Set() };
  for (const s of d.added) {
    const cur = now.get(s.id);
    if (!cur) {
      if (isEntry(s)) out.expired.add(s.id);
      else out.conflicts.push({ id: s.id, reason: `${text(s)} has been removed since` });
    } else if (!sameOptions(cur, s))
      out.conflicts.push({ id: s.id, reason: `${text(s)} has been changed since (now ${text(cur)})` });
  }
  for (const s of d.removed)
    if (now.has(s.id)) out.conflicts.push({ id: s.id, reason: `${text(s)} has been set again since` });
  for (const { after } of d.changed) {
    const cur = now.get(after.id);
    if (!cur || !sameOptions(cur, after))
      out.conflicts.push({ id: after.id, reason: `${text(after)} has been changed since` });
  }
  return out;
}

/**
 * A change whose undo was begun and stopped part-way (a request of it failed, the process was
 * killed): the ids of the settings the node already shows as before the change, when every
 * setting it touched is either as before or as after it; undefined when one is neither (someone
 * else changed it).
 */
export function restoredOf(change: Change, current: Snapshot): Set<string> | undefined {
  const d = diffSnapshots(change.before, change.after);
  const now = byId(current);
  const out = new Set<string>();
  for (const s of d.added) {
    const cur = now.get(s.id);
    if (!cur) out.add(s.id);
    else if (!sameOptions(cur, s)) return undefined;
  }
  for (const s of d.removed) {
    const cur = now.get(s.id);
    if (cur && sameOptions(cur, s)) out.add(s.id);
    else if (cur) return undefined;
  }
  for (const { before, after } of d.changed) {
    const cur = now.get(after.id);
    if (cur && sameOptions(cur, before)) out.add(after.id);
    else if (!cur || !sameOptions(cur, after)) return undefined;
  }
  return out;
}

function wireOptions(
  s: Setting,
  names: readonly string[],
): Record<string, Array<string | number>> | undefined {
  const out: Record<string, Array<string | number>> = {};
  for (const name of names) {
    const v = s.options[name];
    if (v === undefined) continue;
    out[name] = s.numeric?.includes(name) ? v.map((x) => (/^-?\d+$/.test(x) ? Number(x) : x)) : [...v];
  }
  return Object.keys(out).length ? out : undefined;
}

export function setRequest(s: Setting): RouterRequest {
  const options = wireOptions(s, s.setOptions);
  return { method: 'POST', words: [...s.path], actions: ['SET'], ...(options ? { options } : {}) };
}

export function removeRequest(s: Setting): RouterRequest {
  if (s.unsetOptions) {
    const options = wireOptions(s, s.unsetOptions);
    return { method: 'POST', words: [...s.path], actions: ['UNSET'], ...(options ? { options } : {}) };
  }
  return { method: 'DELETE', words: [...s.path] };
}

/**
 * `lanes`: each request's `phase:setting` (undo-lanes.ts): the phases go in order, a setting's
 * requests in order, different settings' requests of a phase at once.
 */
export type Inverse = { requests: RouterRequest[]; lanes: string[]; notes: string[] } | { refused: string };

const under = (s: Setting, prefix: readonly string[]) =>
  s.path.length > prefix.length && prefix.every((w, i) => s.path[i] === w);

/**
 * The requests that put the node back as it was before `change`: added settings removed,
 * changed ones set back, removed ones re-created (a deleted node with its sub-nodes), in that
 * order. `skip`: ids of settings with nothing left to undo (added entries expired since, or
 * settings an undo stopped part-way has restored already).
 */
export function inverseOf(
  change: Change,
  text: (s: Setting) => string,
  skip: ReadonlySet<string> = new Set(),
): Inverse {
  if (change.notUndoable) return { refused: change.notUndoable };
  if (change.status === 'undone') return { refused: 'already undone' };
  // A transaction's step: its plan computed what undoes it (issue 38), one request after another.
  if (change.inverse) {
    if (!change.inverse.length) return { refused: 'its plan had nothing to undo it with' };
    const lane = `0:${change.id}`;
    return { requests: [...change.inverse], lanes: change.inverse.map(() => lane), notes: [] };
  }
  if (!change.before || !change.after)
    return { refused: 'its metadata was not read (the router did not answer)' };
  const d = diffSnapshots(change.before, change.after);
  const requests: RouterRequest[] = [];
  const lanes: string[] = [];
  const send = (phase: number, s: Setting, ...rs: RouterRequest[]) => {
    requests.push(...rs);
    lanes.push(...rs.map(() => `${phase}:${s.id}`));
  };
  const notes: string[] = [];
  // A single-valued slot whose value was replaced (mtu 1500 → 9000): setting the old one back is enough.
  const replaced = new Set<string>();
  for (const r of d.removed) {
    const adds = d.added.filter((a) => a.slot === r.slot);
    if (!r.multi && adds.length === 1 && d.removed.filter((x) => x.slot === r.slot).length === 1)
      replaced.add(adds[0]!.id);
  }
  for (const a of d.added) {
    if (replaced.has(a.id) || skip.has(a.id)) continue;
    if (!a.unsettable) return { refused: `${text(a)} cannot be removed (the router allows no DELETE there)` };
    send(0, a, removeRequest(a));
  }
  for (const { before, after } of d.changed) {
    if (skip.has(after.id)) continue;
    // A SET only adds or replaces options: one the change added cannot be taken away by it.
    const extra = Object.keys(after.options).filter((k) => before.options[k] === undefined);
    if (extra.length)
      return { refused: `${text(after)}: option ${extra.join(', ')} cannot be removed again` };
    send(1, after, setRequest(before));
  }
  for (const r of d.removed) {
    const below = (change.subtree ?? []).filter((s) => under(s, r.path) && s.settable);
    // Re-created already (an undo stopped part-way): what lies under it is set again, as
    // recorded — the read shows one level, and setting a recorded value twice is harmless.
    if (skip.has(r.id)) {
      send(2, r, ...below.map(setRequest));
      continue;
    }
    if (!r.settable && below.length === 0)
      return { refused: `${text(r)} cannot be re-created (the router allows no SET there)` };
    if (r.settable) send(2, r, setRequest(r));
    send(2, r, ...below.map(setRequest));
    if (isEntry(r)) notes.push(`${text(r)} is added again: its timeout starts over`);
  }
  if (requests.length === 0) {
    if (skip.size) return { requests, lanes, notes: ['what it added has expired since: nothing to send'] };
    return { refused: 'the metadata shows no change to undo' };
  }
  return { requests, lanes, notes };
}
