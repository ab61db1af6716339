// `match-list sync --keep`: stays running and re-adds the feed's entries at half the list's
// timeout, so a feed stays blocked without a permanent list. Each round re-reads the file (a
// feed that changed is followed: new entries added, dropped ones removed) and reports one line.
//
// It runs for weeks, so a round can fail: the router answers 503, resets the connection, does
// not answer in time. The retry policy (README, *Blacklist operations*):
// - a round fails when the list cannot be read, or when an entry's SET/UNSET fails for a reason
//   that says nothing about the entry (send.ts isTransient). A refusal of one entry by the
//   router is counted in the round's line, not retried early.
// - after a failed round the next one comes after 1 s, doubling with each failure in a row, but
//   never later than half the time left before the earliest entry (by routersh's reckoning: the
//   time of its last successful SET plus the list's timeout) expires, never sooner than 1 s, and
//   never later than the normal interval. So the retries close in on the expiry instead of
//   sleeping past it.
// - it gives up (a command failure, exit status 1) only once the entries have expired AND at
//   least GIVE_UP_ROUNDS rounds in a row failed. Every failure is reported with its time.
// - the signal (Ctrl-C, the caller's abort) ends it at once, in a wait or mid-round: no failure,
//   no report of the round cut short.
// - a FILE that cannot be read, or a CSV broken mid-way, does not fail the round: the entries
//   read before are refreshed (nothing removed on the strength of a half-read file), and said so.
import { asRoutershError, commandFailedError } from '../../errors.js';
import type { InputArgs } from './args.js';
import { type Feed, feedOptions, readFeed } from './feed.js';
import { entryId } from './input.js';
import { planSync } from './plan.js';
import { type Failure, sendEntries } from './send.js';
import { badLineText } from './summary.js';
import { type ListTarget, loadTarget, type Member, type RouterPort } from './target.js';

export interface KeepEnv {
  router: RouterPort;
  readInput(file: string): Promise<string>;
  /** Resolves true after `ms`, false as soon as the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
  /** Wall-clock milliseconds: reports carry the time, and expiry is reckoned with it. */
  now(): number;
  report(line: string): void;
  signal?: AbortSignal;
}

/** What the first sync left behind. */
export interface KeepStart {
  feed: Feed;
  /** When each entry (by entryId) was last written with a SET the router answered OK. */
  refreshed: Map<string, number>;
  /** Set when the first sync failed for a reason worth retrying soon: the first such error. */
  retry?: string;
}

/** The first wait after a failure; doubled with each failure in a row. */
export const RETRY_FIRST_MS = 1000;
/** Failed rounds in a row (with the entries expired) before giving up. */
export const GIVE_UP_ROUNDS = 10;

/** Refresh at half the timeout (at least every second): one late round still leaves time. */
export const keepInterval = (timeoutSeconds: number): number => Math.max(1000, timeoutSeconds * 500);

/**
 * The wait before the next round after `failures` failed rounds in a row (≥ 1): 1 s doubling,
 * at most the normal interval, and at most half of `left` (the time until the earliest entry
 * expires; undefined or ≤ 0: expired) but at least 1 s.
 */
export function retryWait(o: { every: number; failures: number; left: number | undefined }): number {
  const backoff = Math.min(o.every, RETRY_FIRST_MS * 2 ** Math.min(Math.max(o.failures, 1) - 1, 40));
  if (o.left === undefined || o.left <= 0) return Math.max(RETRY_FIRST_MS, backoff);
  return Math.max(RETRY_FIRST_MS, Math.min(backoff, Math.floor(o.left / 2)));
}

/** setTimeout's longest delay: a longer one fires at once (a list timeout over ~49 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function sleepFor(ms: number, signal?: AbortSignal): Promise<boolean> {
  let left = ms;
  for (; left > MAX_TIMER_MS; left -= MAX_TIMER_MS) {
    if (!(await sleepOnce(MAX_TIMER_MS, signal))) return false;
  }
  return sleepOnce(left, signal);
}

function sleepOnce(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (v: boolean) => {
      clearTimeout(t);
      signal?.removeEventListener('abort', onAbort);
      resolve(v);
    };
    const onAbort = () => done(false);
    const t = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `2026-11-22T12:00:50Z`: the time at the head of each report line. */
export const stamp = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `1 s`, `1m30s`, `2h5m`: a wait or a time left, as people read it. */
export function span(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h ? `${h}h${m ? `${m}m` : ''}` : `${m}m${r ? `${r}s` : ''}`;
}

/** The earliest expiry of the feed's entries that routersh wrote; undefined: none written. */
function earliestExpiry(feed: Feed, refreshed: Map<string, number>, timeoutMs: number): number | undefined {
  let min: number | undefined;
  for (const e of feed.good) {
    const t = refreshed.get(entryId(e));
    if (t !== undefined && (min === undefined || t + timeoutMs < min)) min = t + timeoutMs;
  }
  return min;
}

/** Runs rounds until the signal aborts; returns how many ran. Throws when it gives up. */
export async function keepSynced(
  args: InputArgs,
  target: ListTarget,
  env: KeepEnv,
  start: KeepStart,
): Promise<number> {
  if (target.timeoutSeconds === undefined) {
    throw commandFailedError(
      `match-list ${args.list}: the router does not name the list's timeout; --keep cannot tell when to re-add`,
    );
  }
  let timeoutMs = target.timeoutSeconds * 1000;
  let every = keepInterval(target.timeoutSeconds);
  let feed = start.feed;
  let refreshed = start.refreshed;
  let failures = 0;
  let rounds = 0;
  let wait = every;
  let shownBad = feed.invalid.map(badLineText).join('\n');
  const aborted = () => env.signal?.aborted === true;

  /** A failed round: counts it, gives up or says when the next one comes. */
  const failed = (at: number, what: string, error: string): void => {
    failures++;
    const expiry = earliestExpiry(feed, refreshed, timeoutMs);
    const expired = expiry === undefined || expiry <= at;
    const when =
      expiry === undefined
        ? 'no entry of the feed is in the list'
        : expired
          ? `the entries expired at ${stamp(expiry)}`
          : `the earliest entry expires in ${span(expiry - at)}, at ${stamp(expiry)}`;
    if (expired && failures >= GIVE_UP_ROUNDS) {
      const line = `${stamp(at)} match-list ${args.list}: giving up after ${failures} failed rounds in a row: ${when}; last error: ${error}`;
      env.report(line);
      throw commandFailedError(line);
    }
    wait = retryWait({ every, failures, left: expiry === undefined ? undefined : expiry - at });
    env.report(`${stamp(at)} ${what}: ${error}; retrying in ${span(wait)} (${when})`);
  };

  if (start.retry !== undefined) failed(env.now(), 'the first sync failed', start.retry);

  while (await env.sleep(wait, env.signal)) {
    const label = `round ${rounds + 1}`;
    // The feed: when it cannot be read whole, the entries read before are refreshed.
    try {
      const next = await readFeed(await env.readInput(args.file), target, feedOptions(args, env.router));
      if (next.broken) {
        env.report(
          `${stamp(env.now())} ${label}: ${args.file} line ${next.broken.line}: ${next.broken.reason}; refreshing the ${feed.good.length} entries read before`,
        );
      } else feed = next;
    } catch (e) {
      if (aborted()) break;
      env.report(
        `${stamp(env.now())} ${label}: ${asRoutershError(e).message}; refreshing the ${feed.good.length} entries read before`,
      );
    }
    const bad = feed.invalid.map(badLineText).join('\n');
    if (bad !== shownBad && bad !== '') {
      for (const b of feed.invalid) env.report(`${stamp(env.now())} ${label}: skipped ${badLineText(b)}`);
    }
    shownBad = bad;
    // The list.
    let now: ListTarget;
    try {
      now = await loadTarget(env.router, args.list, env.signal);
    } catch (e) {
      if (aborted()) break;
      rounds++;
      failed(env.now(), `${label} failed`, asRoutershError(e).message);
      continue;
    }
    if (now.timeoutSeconds !== undefined) {
      timeoutMs = now.timeoutSeconds * 1000;
      every = keepInterval(now.timeoutSeconds);
    }
    const plan = planSync(feed.good, now.members, feed.held);
    const o = { concurrency: args.concurrency, ...(env.signal ? { signal: env.signal } : {}) };
    const at = env.now();
    const setFailed = await sendEntries(env.router, target.words, target.key.name, 'SET', feed.good, o);
    const unsetFailed: Failure<Member>[] = aborted()
      ? []
      : await sendEntries(env.router, target.words, target.key.name, 'UNSET', plan.remove, o);
    if (aborted()) break;
    rounds++;
    const notSet = new Set(setFailed.map((f) => f.item));
    const next = new Map<string, number>();
    for (const e of feed.good) {
      const id = entryId(e);
      const before = refreshed.get(id);
      if (!notSet.has(e)) next.set(id, at);
      else if (before !== undefined) next.set(id, before);
    }
    refreshed = next;
    const adding = new Set(plan.add);
    const added = plan.add.length - setFailed.filter((f) => adding.has(f.item)).length;
    const skipped = feed.invalid.length;
    const line = `${label}: ${feed.good.length - setFailed.length - added} refreshed, ${added} added, ${plan.remove.length - unsetFailed.length} removed, ${setFailed.length + unsetFailed.length} failed${skipped ? `, ${skipped} bad line${skipped === 1 ? '' : 's'} skipped` : ''}`;
    const transient = [...setFailed, ...unsetFailed].filter((f) => f.transient);
    if (transient.length === 0) {
      failures = 0;
      wait = every;
      env.report(`${stamp(at)} ${line}`);
    } else {
      failed(env.now(), `${line}; ${transient.length} not answered`, transient[0]!.message);
    }
  }
  return rounds;
}
