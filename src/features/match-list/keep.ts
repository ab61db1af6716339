// `match-list sync --keep`: stays running and re-adds the feed's entries at half the list's
// timeout, so a feed stays blocked without a permanent list. Each round re-reads the file (a
// feed that changed is followed: new entries added, dropped ones removed) and reports one line.
import { commandFailedError } from '../../errors.js';
import type { InputArgs } from './args.js';
import { checkEntries } from './check.js';
import { parseInput } from './input.js';
import { planSync } from './plan.js';
import { sendEntries } from './send.js';
import { type ListTarget, loadTarget, type RouterPort } from './target.js';

export interface KeepEnv {
  router: RouterPort;
  readInput(file: string): Promise<string>;
  /** Resolves true after `ms`, false as soon as the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
  report(line: string): void;
  signal?: AbortSignal;
}

/** Refresh at half the timeout (at least every second): one late round still leaves time. */
export const keepInterval = (timeoutSeconds: number): number => Math.max(1000, timeoutSeconds * 500);

export function sleepFor(ms: number, signal?: AbortSignal): Promise<boolean> {
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

/** Runs rounds until the signal aborts; returns how many ran. */
export async function keepSynced(args: InputArgs, target: ListTarget, env: KeepEnv): Promise<number> {
  if (target.timeoutSeconds === undefined) {
    throw commandFailedError(
      `match-list ${args.list}: the router does not name the list's timeout; --keep cannot tell when to re-add`,
    );
  }
  const every = keepInterval(target.timeoutSeconds);
  let rounds = 0;
  while (await env.sleep(every, env.signal)) {
    const raw = await env.readInput(args.file);
    const parsed = parseInput(raw, { csv: args.csv });
    const lines = raw.split(/\r?\n/);
    const { good, bad } = await checkEntries(parsed.entries, target, (n) => lines[n - 1] ?? '');
    const now = await loadTarget(env.router, args.list, env.signal);
    const plan = planSync(good, now.members);
    const o = { concurrency: args.concurrency, ...(env.signal ? { signal: env.signal } : {}) };
    const setFailed = await sendEntries(env.router, target.words, target.key.name, 'SET', good, o);
    const unsetFailed = await sendEntries(env.router, target.words, target.key.name, 'UNSET', plan.remove, o);
    rounds++;
    const adding = new Set(plan.add);
    const added = plan.add.length - setFailed.filter((f) => adding.has(f.item)).length;
    env.report(
      `round ${rounds}: ${good.length - setFailed.length - added} refreshed, ${added} added, ${plan.remove.length - unsetFailed.length} removed, ${setFailed.length + unsetFailed.length} failed${bad.length + parsed.bad.length ? `, ${bad.length + parsed.bad.length} bad lines skipped` : ''}`,
    );
  }
  return rounds;
}
