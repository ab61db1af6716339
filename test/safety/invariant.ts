// The invariant of the safety net (issue 17 §6), checked from outside: the router's own data
// (fault-router.ts observe) against what the journal file says. Each scenario change touches a
// slice of its own, so each change can be judged alone: its slice shows the state before it or
// after it, and the journal — read with the product's decoder, as `undo --journal` reads it —
// claims the same, or says it cannot know (an answer lost; the next undo reads the node). Every
// write the router received is accounted for by the journal: a change's request once per record,
// an undo's once per journaled attempt (a retry of a revert to a recorded state, harmless).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { diffSnapshots, isEmptyDiff } from '../../src/features/changes/journal/diff.js';
import { fold, parseJournal } from '../../src/features/changes/journal/fold.js';
import type { JournalEvent } from '../../src/contract/journal.js';
import type { Recorded } from '../hostile/harness.js';
import { type FaultRouter, isWrite, observe } from './fault-router.js';

/** The scenario's changes; change j touches slice SLICES[j] only. */
export const LINES = [
  'interface eth0 mtu 9000',
  'no ip route 0.0.0.0/0',
  // Written with its /32, which the router stores and shows without: the journal must find it.
  'ipv4 firewall match-list blacklist action match net 192.0.2.1/32',
  // Its undo is four requests: the interface, then its description, MTU and address.
  'no interface eth1',
];
export const SLICES = ['eth0', 'routes', 'blacklist', 'eth1'] as const;
export type Slices = Record<(typeof SLICES)[number], unknown>;

export type Claim = 'applied' | 'not' | 'unknown';

export const slices = (r: FaultRouter): Slices => JSON.parse(observe(r.state)) as Slices;

export function journalFile(stateHome: string): string {
  const dir = join(stateHome, 'routersh', 'journal');
  const f = readdirSync(dir).find((x) => x.endsWith('.jsonl'));
  if (!f) throw new Error(`no journal in ${dir}`);
  return join(dir, f);
}

export const events = (file: string): JournalEvent[] => parseJournal(readFileSync(file, 'utf8'));

/** What the journal says of each change (by seq, 1-based; a change it never recorded: 'not'). */
export function claims(file: string): Claim[] {
  const ev = events(file);
  const { changes } = fold(ev);
  return LINES.map((_, i) => {
    const c = changes.find((x) => x.seq === i + 1);
    if (!c) return 'not';
    // An undo begun whose last attempt has no answer (killed, reset, timed out): nobody knows yet.
    const mine = ev.filter((e) => 'id' in e && e.id === c.id);
    const lastUndo = mine.findLastIndex((e) => e.t === 'undo');
    if (lastUndo >= 0) {
      const end = mine.slice(lastUndo).find((e) => e.t === 'undone');
      // Or stopped part-way (a request of several refused): in between until the next undo.
      if (!end || (end.t === 'undone' && !end.ok)) return 'unknown';
    }
    if (c.status === 'undone') return 'not';
    if (c.status === 'done') return 'applied';
    if (c.status === 'unknown') return 'unknown';
    if (c.after) return isEmptyDiff(diffSnapshots(c.before, c.after)) ? 'not' : 'applied';
    return c.answer?.status === 'no answer' ? 'unknown' : 'not';
  });
}

const reqKey = (method: string, words: string[], actions?: unknown, options?: unknown) =>
  JSON.stringify([
    method,
    words,
    method === 'POST' ? (actions ?? ['SET']) : null,
    Object.entries((options ?? {}) as Record<string, unknown[]>)
      .map(([k, v]) => [k, v.map(String)])
      .sort(),
  ]);

function wireKey(r: Recorded): string {
  const path = new URL(r.url, 'http://x').pathname.replace(/^\/api\/?/, '');
  const words = path.split('/').filter(Boolean).map(decodeURIComponent);
  const body = r.body.trim() ? (JSON.parse(r.body) as { Actions?: string[]; Options?: unknown }) : {};
  return reqKey(r.method, words, body.Actions, body.Options);
}

/** Writes the router received that the journal does not account for (each record covers one sending). */
export function unjournaledWrites(router: FaultRouter, file: string): string[] {
  const budget = new Map<string, number>();
  for (const e of events(file))
    if (e.t === 'change' || e.t === 'undo')
      for (const r of e.requests) {
        const k = reqKey(r.method, r.words, r.actions, r.options);
        budget.set(k, (budget.get(k) ?? 0) + 1);
      }
  const out: string[] = [];
  for (const w of router.requests.filter(isWrite)) {
    const k = wireKey(w);
    const left = budget.get(k) ?? 0;
    if (left === 0) out.push(`${w.method} ${w.url} ${w.body}`);
    else budget.set(k, left - 1);
  }
  return out;
}

/**
 * The invariant: each slice is as before or as after its change, and the journal claims the same
 * (or that it cannot know); every write is journaled; every request carried the named login.
 * `settled`: no undo may be left part-way (after a recovery), and the journal must know.
 */
export function expectInvariant(
  router: FaultRouter,
  file: string | undefined,
  s0: Slices,
  s1: Slices,
  o: { settled?: boolean; why: string },
): Claim[] {
  const now = slices(router);
  const said = file ? claims(file) : LINES.map(() => 'not' as Claim);
  SLICES.forEach((k, j) => {
    const claim = said[j]!;
    const is = JSON.stringify(now[k]);
    const before = JSON.stringify(s0[k]);
    const after = JSON.stringify(s1[k]);
    const where = `${o.why}: change ${j + 1} (${LINES[j]}) shows ${is}, journal says ${claim}`;
    if (claim === 'unknown' && !o.settled) return;
    expect([before, after], where).toContain(is);
    if (o.settled) expect(claim, where).not.toBe('unknown');
    if (claim === 'applied') expect(is, where).toBe(after);
    if (claim === 'not') expect(is, where).toBe(before);
  });
  if (file)
    expect(unjournaledWrites(router, file), `${o.why}: writes the journal does not account for`).toEqual([]);
  const anon = router.requests.filter(
    (r) => r.headers['authorization'] === undefined && r.url.startsWith('/api'),
  );
  expect(anon, `${o.why}: requests without the named login`).toEqual([]);
  return said;
}

/** The state of the file's last window once it is no longer open (or 'open' after 18 s). */
export async function windowEnd(file: string): Promise<string> {
  const end = Date.now() + 18_000;
  let state = 'open';
  while (Date.now() < end) {
    state = fold(events(file)).windows.at(-1)?.state ?? 'open';
    if (state !== 'open') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return state;
}
