// A router's whole state as JSON and back (issue 40): a class server keeps each trainee's
// router at the lesson's start to reset it, and writes it to --state to survive a restart.
// One form for both: a snapshot is a round trip through the saved form, so what a reset
// restores is exactly what a restart reads. Restored in place: the simulator, its auth and
// its engine keep their reference to the one RouterState object.
import { type MatchEntry, type MatchKey, MatchList } from './match-list.js';
import type { ForwardRule, Interface, Route, RouterState, User } from './state.js';
import type { Community, NatRule, PortForward, ShapedState } from './tree-shaped/state.js';

export interface SavedMatchList {
  name: string;
  timeout: number;
  key: MatchKey;
  capacity: number;
  entries: MatchEntry[];
}

export interface SavedShaped {
  domainName?: string;
  nameServers: string[];
  /** dest → next hops (address, distance or null) and blackhole. */
  routes: Array<[string, { nextHops: Array<[string, number | null]>; blackhole: boolean }]>;
  communities: Array<[string, Community]>;
  contact?: string;
  location?: string;
  natRules: Array<[number, NatRule]>;
  forwards: Array<[string, PortForward]>;
}

export interface SavedRouterState {
  version: 1;
  hostname: string;
  bootAt: number;
  interfaces: Interface[];
  users: User[];
  matchLists: SavedMatchList[];
  rules: ForwardRule[];
  routes: Route[];
  shaped?: SavedShaped;
}

const copy = <T>(x: T): T => structuredClone(x);

export function saveState(s: RouterState): SavedRouterState {
  return {
    version: 1,
    hostname: s.hostname,
    bootAt: s.bootAt,
    interfaces: copy([...s.interfaces.values()]),
    users: copy([...s.users.values()]),
    matchLists: [...s.matchLists.values()].map((l) => ({
      name: l.name,
      timeout: l.timeout,
      key: l.key,
      capacity: l.capacity,
      entries: copy([...l.entries.values()]),
    })),
    rules: copy([...s.rules.values()]),
    routes: copy(s.routes),
    ...(s.shaped ? { shaped: saveShaped(s.shaped) } : {}),
  };
}

function saveShaped(h: ShapedState): SavedShaped {
  return copy({
    ...(h.domainName !== undefined ? { domainName: h.domainName } : {}),
    nameServers: h.nameServers,
    routes: [...h.routes].map(([dest, r]) => [
      dest,
      { nextHops: [...r.nextHops].map(([a, d]) => [a, d ?? null]), blackhole: r.blackhole },
    ]),
    communities: [...h.communities],
    ...(h.contact !== undefined ? { contact: h.contact } : {}),
    ...(h.location !== undefined ? { location: h.location } : {}),
    natRules: [...h.natRules],
    forwards: [...h.forwards],
  } satisfies SavedShaped);
}

/** A fresh RouterState from the saved form (a copy: the saved object stays untouched). */
export function loadState(saved: SavedRouterState): RouterState {
  checkSaved(saved);
  const v = copy(saved);
  const lists = new Map<string, MatchList>();
  for (const l of v.matchLists) {
    const list = new MatchList(l.name, l.timeout, l.key, l.capacity);
    list.load(l.entries);
    lists.set(l.name, list);
  }
  const state: RouterState = {
    hostname: v.hostname,
    bootAt: v.bootAt,
    interfaces: new Map(v.interfaces.map((i) => [i.name, i])),
    users: new Map(v.users.map((u) => [u.name, u])),
    matchLists: lists,
    rules: new Map(v.rules.map((r) => [r.num, r])),
    routes: v.routes,
  };
  if (v.shaped) state.shaped = loadShaped(v.shaped);
  return state;
}

function loadShaped(h: SavedShaped): ShapedState {
  return {
    ...(h.domainName !== undefined ? { domainName: h.domainName } : {}),
    nameServers: h.nameServers,
    routes: new Map(
      h.routes.map(([dest, r]) => [
        dest,
        { nextHops: new Map(r.nextHops.map(([a, d]) => [a, d ?? undefined])), blackhole: r.blackhole },
      ]),
    ),
    communities: new Map(h.communities),
    ...(h.contact !== undefined ? { contact: h.contact } : {}),
    ...(h.location !== undefined ? { location: h.location } : {}),
    natRules: new Map(h.natRules),
    forwards: new Map(h.forwards),
  };
}

/** Puts `saved` into `target` in place (every field replaced; a field the save lacks removed). */
export function restoreState(target: RouterState, saved: SavedRouterState): void {
  const fresh = loadState(saved);
  Object.assign(target, fresh);
  if (!fresh.shaped) delete target.shaped;
}

/** The saved form's shape, before anything is built from it (a --state file may be damaged). */
function checkSaved(s: unknown): asserts s is SavedRouterState {
  const o = s as Record<string, unknown> | null;
  const arrays = ['interfaces', 'users', 'matchLists', 'rules', 'routes'];
  if (
    typeof o !== 'object' ||
    o === null ||
    o['version'] !== 1 ||
    typeof o['hostname'] !== 'string' ||
    typeof o['bootAt'] !== 'number' ||
    arrays.some((k) => !Array.isArray(o[k]))
  )
    throw new Error('not a saved router state (version 1)');
  for (const l of o['matchLists'] as unknown[]) {
    const m = l as Record<string, unknown> | null;
    if (
      typeof m !== 'object' ||
      m === null ||
      typeof m['name'] !== 'string' ||
      typeof m['timeout'] !== 'number' ||
      (m['key'] !== 'net' && m['key'] !== 'net-port') ||
      typeof m['capacity'] !== 'number' ||
      !Array.isArray(m['entries'])
    )
      throw new Error('a saved match-list is damaged');
  }
}
