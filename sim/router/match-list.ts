// A firewall match-list (an ipset-like hash:net / hash:net,port with timeouts and counters).
// Expiry is evaluated lazily against the injected clock: every read first drops what expired.
// At 65,536 entries every operation stays O(1) amortised: the map is kept in expiry order (a
// refresh moves the entry to the end; all entries share the list's timeout), so pruning stops
// at the first live entry, and an index by net makes UNSET a lookup, not a scan.
import { bad } from './api-error.js';
import { canonicalNet, hash32 } from './net.js';

export type MatchKey = 'net' | 'net-port';
export const MAX_ELEMENTS = 65536;

export interface MatchEntry {
  net: string;
  port?: string;
  protocol?: string;
  /** When first added: counters grow from here. */
  addedAt: number;
  expiresAt: number;
}

export interface EntryInput {
  net: string;
  port?: string | undefined;
  protocol?: string | undefined;
}

export class MatchList {
  /** In expiry order (oldest first). */
  readonly entries = new Map<string, MatchEntry>();
  /** net → the id of the entry with that net, or the ids (a net-port list): one Set per net would cost most of a 65,536-entry seed. */
  private readonly byNet = new Map<string, string | Set<string>>();
  private timeoutSeconds: number;

  constructor(
    readonly name: string,
    timeout: number,
    public key: MatchKey,
    readonly capacity = MAX_ELEMENTS,
  ) {
    this.timeoutSeconds = timeout;
  }

  get timeout(): number {
    return this.timeoutSeconds;
  }

  /** Existing entries keep their expiry; the map is re-sorted so the order invariant holds. */
  set timeout(seconds: number) {
    this.timeoutSeconds = seconds;
    this.resort();
  }

  /** Map has no O(1) tail: the last entry's expiry is remembered instead. */
  private tailExpiry = Number.NEGATIVE_INFINITY;

  /** After an entry went to the end: only a clock that went back (the seed backdates) breaks the order. */
  private appended(expiresAt: number): void {
    if (expiresAt < this.tailExpiry) this.resort();
    else this.tailExpiry = expiresAt;
  }

  private resort(): void {
    const sorted = [...this.entries].sort((a, b) => a[1].expiresAt - b[1].expiresAt);
    this.entries.clear();
    for (const [k, e] of sorted) this.entries.set(k, e);
    this.tailExpiry = sorted.at(-1)?.[1].expiresAt ?? Number.NEGATIVE_INFINITY;
  }

  /** Drops expired entries from the front; stops at the first live one. */
  prune(now: number): void {
    for (const [k, e] of this.entries) {
      if (e.expiresAt > now) return;
      this.delete(k, e);
    }
  }

  private delete(id: string, e: MatchEntry): void {
    this.entries.delete(id);
    const ids = this.byNet.get(e.net);
    if (ids === id) this.byNet.delete(e.net);
    else if (typeof ids === 'object') {
      ids.delete(id);
      if (ids.size === 0) this.byNet.delete(e.net);
    }
  }

  /** Adds an entry or restarts its timer. Returns true when it was new. */
  add(input: EntryInput, now: number): boolean {
    this.prune(now);
    const entry = this.normalize(input);
    const id = memberId(entry);
    const expiresAt = now + this.timeout * 1000;
    const existing = this.entries.get(id);
    if (existing) {
      existing.expiresAt = expiresAt;
      // Move to the end: it now expires last.
      this.entries.delete(id);
      this.entries.set(id, existing);
      this.appended(expiresAt);
      return false;
    }
    if (this.entries.size >= this.capacity) {
      throw bad(`Match-list ${this.name} is full (${this.capacity} elements)`);
    }
    this.entries.set(id, { ...entry, addedAt: now, expiresAt });
    this.appended(expiresAt);
    this.index(entry.net, id);
    return true;
  }

  private index(net: string, id: string): void {
    const ids = this.byNet.get(net);
    if (ids === undefined) this.byNet.set(net, id);
    else if (typeof ids === 'string') this.byNet.set(net, new Set([ids, id]));
    else ids.add(id);
  }

  /**
   * Seeding (seed.ts): adds members known to be new, canonical and fitting, all at `now` — no
   * prune, no per-entry checks, so 65,536 of them take milliseconds.
   */
  seedFresh(members: ReadonlyArray<Omit<MatchEntry, 'addedAt' | 'expiresAt'>>, now: number): void {
    const expiresAt = now + this.timeout * 1000;
    for (const m of members) {
      const id = memberId(m);
      // Built field by field: an object spread here costs more than the rest of the seed.
      const e: MatchEntry = { net: m.net, addedAt: now, expiresAt };
      if (m.port !== undefined) e.port = m.port;
      if (m.protocol !== undefined) e.protocol = m.protocol;
      this.entries.set(id, e);
      this.index(m.net, id);
    }
    this.appended(expiresAt);
  }

  /**
   * A saved list's entries back (snapshot.ts: a class's reset and --state), each with its own
   * times; the map is kept in expiry order and indexed as add() keeps it.
   */
  load(entries: readonly MatchEntry[]): void {
    this.entries.clear();
    this.byNet.clear();
    const sorted = [...entries].sort((a, b) => a.expiresAt - b.expiresAt);
    for (const e of sorted) {
      const id = memberId(e);
      this.entries.set(id, { ...e });
      this.index(e.net, id);
    }
    this.tailExpiry = sorted.at(-1)?.expiresAt ?? Number.NEGATIVE_INFINITY;
  }

  /** Removes the entries matching the key (for net-port, port/protocol narrow it). Returns how many. */
  remove(input: EntryInput, now: number): number {
    this.prune(now);
    const net = canonicalNet(input.net);
    let removed = 0;
    const ids = this.byNet.get(net);
    for (const id of typeof ids === 'string' ? [ids] : [...(ids ?? [])]) {
      const e = this.entries.get(id);
      if (!e) continue;
      if (input.port !== undefined && e.port !== input.port) continue;
      if (input.protocol !== undefined && e.protocol !== input.protocol) continue;
      this.delete(id, e);
      removed++;
    }
    return removed;
  }

  size(now: number): number {
    this.prune(now);
    return this.entries.size;
  }

  members(now: number): MatchEntry[] {
    this.prune(now);
    return [...this.entries.values()];
  }

  /** Plausible kernel footprint: a fixed header plus a per-element cost. */
  sizeInMemory(now: number): number {
    this.prune(now);
    return 1176 + this.entries.size * (this.key === 'net-port' ? 104 : 88);
  }

  private normalize(input: EntryInput): Omit<MatchEntry, 'addedAt' | 'expiresAt'> {
    const net = canonicalNet(input.net);
    if (this.key === 'net') return { net };
    if (input.port === undefined || input.protocol === undefined) {
      throw bad(`Match-list ${this.name} has key net-port: options port and protocol are required`);
    }
    return { net, port: input.port, protocol: input.protocol };
  }
}

/** How a member is written in SetValues and the monitor: `net` or `net,proto:port`. */
export function memberId(e: { net: string; port?: string; protocol?: string }): string {
  return e.port === undefined ? e.net : `${e.net},${e.protocol}:${e.port}`;
}

/** Synthetic traffic counters that grow with the entry's age. */
export function counters(e: MatchEntry, now: number): { packets: number; bytes: number } {
  const h = hash32(memberId(e));
  const perSecond = ((h % 20) + 1) / 10;
  const avgSize = 60 + (h % 1400);
  const packets = Math.floor((Math.max(0, now - e.addedAt) / 1000) * perSecond);
  return { packets, bytes: packets * avgSize };
}

export function remainingSeconds(e: MatchEntry, now: number): number {
  return Math.max(0, Math.ceil((e.expiresAt - now) / 1000));
}

/** The CLI monitor text of one list. */
export function monitorText(list: MatchList, referenced: number, now: number): string {
  const members = list.members(now);
  const lines = [
    `Match-list: ${list.name}`,
    `Key: ${list.key === 'net' ? 'net' : 'net, port'}`,
    `Number of entries: ${members.length}`,
    `Referenced: ${referenced}`,
    `Size in memory: ${list.sizeInMemory(now)} bytes`,
    `Max elements: ${list.capacity}`,
    `Default timeout: ${list.timeout} s`,
    'Members:',
  ];
  let width = 18;
  for (const m of members) width = Math.max(width, memberId(m).length);
  for (const m of members) {
    const c = counters(m, now);
    lines.push(
      `  ${memberId(m).padEnd(width)}  timeout ${remainingSeconds(m, now)}  packets ${c.packets}  bytes ${c.bytes}`,
    );
  }
  return lines.join('\n');
}
