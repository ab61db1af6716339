// A firewall match-list (an ipset-like hash:net / hash:net,port with timeouts and counters).
// Expiry is evaluated lazily against the injected clock: every read first drops what expired.
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
  readonly entries = new Map<string, MatchEntry>();
  private nextExpiry = Number.POSITIVE_INFINITY;

  constructor(
    readonly name: string,
    public timeout: number,
    public key: MatchKey,
    readonly capacity = MAX_ELEMENTS,
  ) {}

  /** Drops expired entries; cheap when nothing is due. */
  prune(now: number): void {
    if (now < this.nextExpiry) return;
    let next = Number.POSITIVE_INFINITY;
    for (const [k, e] of this.entries) {
      if (e.expiresAt <= now) this.entries.delete(k);
      else if (e.expiresAt < next) next = e.expiresAt;
    }
    this.nextExpiry = next;
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
      return false;
    }
    if (this.entries.size >= this.capacity) {
      throw bad(`Match-list ${this.name} is full (${this.capacity} elements)`);
    }
    this.entries.set(id, { ...entry, addedAt: now, expiresAt });
    if (expiresAt < this.nextExpiry) this.nextExpiry = expiresAt;
    return true;
  }

  /** Removes the entries matching the key (for net-port, port/protocol narrow it). Returns how many. */
  remove(input: EntryInput, now: number): number {
    this.prune(now);
    const net = canonicalNet(input.net);
    let removed = 0;
    for (const [id, e] of this.entries) {
      if (e.net !== net) continue;
      if (input.port !== undefined && e.port !== input.port) continue;
      if (input.protocol !== undefined && e.protocol !== input.protocol) continue;
      this.entries.delete(id);
      removed++;
    }
    return removed;
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
  const width = Math.max(18, ...members.map((m) => memberId(m).length));
  for (const m of members) {
    const c = counters(m, now);
    lines.push(
      `  ${memberId(m).padEnd(width)}  timeout ${remainingSeconds(m, now)}  packets ${c.packets}  bytes ${c.bytes}`,
    );
  }
  return lines.join('\n');
}
