// The order an undo's requests may go in. An undo of one bulk change (`match-list import` of
// 10,000 entries) is as many requests as entries; sent one at a time through a 500 ms router that
// is 10,000 × 500 ms, also when a confirmed-change window expires. Requests that cannot affect
// one another go at once instead, as the import itself sent them.
//
// inverseOf (journal/diff.ts) names each request's phase and lane: the phases (remove what the
// change added, set back what it changed, re-create what it removed) go one after another, as a
// sync that replaced an entry must remove the new one before adding the old one back; within a
// phase, each setting's lane (a re-created node, then what lies under it) goes in order, and the
// lanes at once. Pure.
import type { RouterRequest } from '../../api/router/types.js';

/** A request's place: `phase:setting-id` (journal/diff.ts). */
export type Lane = string;

/** Requests in flight at most, per undo: the router client's default pool (api/router/client.ts). */
export const UNDO_CONCURRENCY = 16;

const entry = (r: RouterRequest) => r.method === 'POST' && r.options !== undefined;

/**
 * Whether requests of different lanes could affect one another: one's node holds the other's, or
 * both are on one node and one addresses the whole node (DELETE, or no options) rather than an
 * entry of it. Entries of one list (a bulk change: thousands of lanes) never do.
 */
function lanesOverlap(lanes: ReadonlyArray<readonly RouterRequest[]>): boolean {
  // Per node: the lanes with a request on it, and whether one of those addresses the whole node.
  const nodes = new Map<string, { lanes: Set<number>; whole: boolean; words: string[] }>();
  lanes.forEach((lane, i) => {
    for (const r of lane) {
      const k = JSON.stringify(r.words);
      const n = nodes.get(k) ?? { lanes: new Set<number>(), whole: false, words: r.words };
      n.lanes.add(i);
      n.whole ||= !entry(r);
      nodes.set(k, n);
    }
  });
  for (const n of nodes.values()) {
    if (n.lanes.size > 1 && n.whole) return true;
    for (let len = 0; len < n.words.length; len++) {
      const above = nodes.get(JSON.stringify(n.words.slice(0, len)));
      if (above && (above.lanes.size > 1 || !above.lanes.has([...n.lanes][0]!) || n.lanes.size > 1))
        return true;
    }
  }
  return false;
}

/**
 * The requests as waves of lanes: waves go one after another, the lanes of a wave at once, a
 * lane's requests in order. Without lanes (or lanes that do not fit), one lane: the old order.
 * A wave whose lanes overlap after all (journal/diff.ts should never make one) is one lane.
 */
export function undoWaves(requests: readonly RouterRequest[], lanes?: readonly Lane[]): RouterRequest[][][] {
  if (!lanes || lanes.length !== requests.length) return requests.length ? [[[...requests]]] : [];
  // Each wave: its requests in the order given, and by lane.
  const waves: Array<{ all: RouterRequest[]; lanes: Map<Lane, RouterRequest[]> }> = [];
  let phase: string | undefined;
  requests.forEach((r, i) => {
    const lane = lanes[i]!;
    const p = lane.slice(0, lane.indexOf(':'));
    if (p !== phase || waves.length === 0) waves.push({ all: [], lanes: new Map() });
    phase = p;
    const wave = waves.at(-1)!;
    wave.all.push(r);
    const got = wave.lanes.get(lane);
    if (got) got.push(r);
    else wave.lanes.set(lane, [r]);
  });
  return waves.map((wave) => {
    const ls = [...wave.lanes.values()];
    return lanesOverlap(ls) ? [wave.all] : ls;
  });
}
