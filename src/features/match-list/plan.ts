// What to send: pure comparisons of the feed with the list's members.
import { type Entry, entryId } from './input.js';
import type { Member } from './target.js';

export interface SyncPlan {
  add: Entry[];
  remove: Member[];
  /** Entries of the feed already in the list (left alone). */
  unchanged: number;
}

/**
 * `held`: entries the feed lists that are not sent (refused by policy.ts): never added, and
 * never removed either — an entry the feed lists is never planned for removal.
 */
export function planSync(
  entries: readonly Entry[],
  members: readonly Member[],
  held: readonly Member[] = [],
): SyncPlan {
  const wanted = new Set([...entries, ...held].map(entryId));
  const present = new Set(members.map(entryId));
  const add = entries.filter((e) => !present.has(entryId(e)));
  const remove = members.filter((m) => !wanted.has(entryId(m)));
  return { add, remove, unchanged: entries.length - add.length };
}

/** `+ addr` / `- addr` lines of a dry run. */
export function planText(plan: SyncPlan, show: (e: Member) => string): string {
  return [...plan.add.map((e) => `+ ${show(e)}`), ...plan.remove.map((m) => `- ${show(m)}`)].join('\n');
}
