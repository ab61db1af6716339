// `match-list import|export|sync`, run the same way by the shell built-in and by
// `routersh match-list …`: read and check the feed, compare it with the list, send, summarise.
// Everything outside (the router, the input, the clock, progress) is injected.
import { cancelledError, commandFailedError, type RoutershError, validationError } from '../../errors.js';
import type { MatchListArgs } from './args.js';
import { feedOptions, readFeed } from './feed.js';
import { type Entry, entryId, entryText } from './input.js';
import { keepSynced, sleepFor } from './keep.js';
import { planSync, planText } from './plan.js';
import { throttled } from './progress.js';
import { type BulkJournal, entryRequest, journaledBulk, sendEntries } from './send.js';
import { badLineText, type Summary, summaryJson, summaryText } from './summary.js';
import { loadTarget, type RouterPort } from './target.js';

export interface MatchListEnv {
  router: RouterPort;
  /** The text of FILE (`-`: stdin). */
  readInput(file: string): Promise<string>;
  /** Wall-clock milliseconds (`sync --keep` reckons expiry and stamps its reports with it). */
  now(): number;
  signal?: AbortSignal;
  /** A progress line to show in place (a terminal only); undefined: no progress. */
  progress?: (line: string) => void;
  /** `sync --keep`: a line per round (default: none), and the wait between rounds. */
  report?: (line: string) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
  /** The shell's change journal: an import or sync is one change holding its entries. */
  journal?: BulkJournal;
  /** The command as typed, for the journal. */
  line?: string;
  /** The confirmed-change window open when the command began: its changes are sent only inside it. */
  window?: string | undefined;
}

export interface MatchListResult {
  text: string;
  json: unknown;
  /** Set when the command did not do all it was asked (bad input, failed entries). */
  error?: RoutershError;
  /** Whether anything was written (the caller invalidates cached metadata). */
  wrote: boolean;
}

const MAX_LISTED = 10;

function refusal(bad: Summary['invalid'], list: string): RoutershError {
  const shown = bad.slice(0, MAX_LISTED).map(badLineText);
  const more = bad.length > MAX_LISTED ? [`… and ${bad.length - MAX_LISTED} more`] : [];
  return validationError(
    [
      `${bad.length} bad line${bad.length === 1 ? '' : 's'} in the input for match-list ${list}; nothing sent (--keep-going sends the good ones)`,
      ...shown,
      ...more,
    ].join('\n'),
  );
}

export async function runMatchList(args: MatchListArgs, env: MatchListEnv): Promise<MatchListResult> {
  const started = env.now();
  const target = await loadTarget(env.router, args.list, env.signal);
  if (args.cmd === 'export') {
    const json = target.members.map((m) => ({ ...m }));
    return { text: target.members.map((m) => `${entryText(m)}\n`).join(''), json, wrote: false };
  }
  const raw = await env.readInput(args.file);
  // Judged after loadTarget: its requests made the connection whose local address is ours.
  const feed = await readFeed(raw, target, feedOptions(args, env.router));
  const invalid = feed.invalid;
  if (invalid.length && !args.keepGoing) throw refusal(invalid, args.list);
  if (feed.broken && args.cmd === 'sync') {
    throw validationError(
      `match-list ${args.list}: ${badLineText(feed.broken)}\nthe rest of the file could not be read, so sync cannot tell which members the feed still lists; nothing sent`,
    );
  }

  const base: Summary = {
    list: args.list,
    entries: feed.entries,
    duplicates: feed.duplicates,
    invalid,
    added: 0,
    refreshed: 0,
    removed: 0,
    failed: [],
    dryRun: args.cmd === 'sync' && args.dryRun,
    elapsedMs: 0,
  };
  /** The first failure worth retrying soon (`sync --keep` retries it). */
  let retry: string | undefined;
  const send = async <T extends Omit<Entry, 'line'> & { line?: number }>(
    action: 'SET' | 'UNSET',
    items: T[],
    done0: number,
    total: number,
  ) => {
    const tick = env.progress ? throttled(total, env.now, env.progress) : undefined;
    let answered = 0;
    const failures = await sendEntries(env.router, target.words, target.key.name, action, items, {
      concurrency: args.concurrency,
      onDone: (n: number) => {
        answered = n;
        tick?.(done0 + n);
      },
      ...(env.signal ? { signal: env.signal } : {}),
    });
    if (env.signal?.aborted) {
      // Requests cut off in flight were not answered: they count as not sent, not as failures.
      const cut = new Set(failures.filter((f) => /cancel/i.test(f.message)).map((f) => f.item));
      base.cancelled = { sent: (base.cancelled?.sent ?? done0) + answered - cut.size, total };
      failures.splice(0, failures.length, ...failures.filter((f) => !cut.has(f.item)));
    }
    retry ??= failures.find((f) => f.transient)?.message;
    const failedIds = new Set(failures.map((f) => f.item));
    base.failed.push(
      ...failures.map((f) => ({
        entry: entryText(f.item),
        ...(f.item.line !== undefined ? { line: f.item.line } : {}),
        error: f.message,
      })),
    );
    return items.filter((i) => !failedIds.has(i));
  };

  let plan: string | undefined;
  const journaled = (requests: ReturnType<typeof entryRequest>[], work: () => Promise<void>) =>
    journaledBulk(
      env.journal,
      {
        line: env.line ?? `match-list ${args.cmd} ${args.list}`,
        words: target.words,
        requests,
        router: env.router,
        ...(env.signal ? { signal: env.signal } : {}),
        window: env.window,
        // loadTarget read the entry node a moment ago: that is the change's before.
        fresh: (w) => (w.join('\u001f') === target.words.join('\u001f') ? target.node : undefined),
      },
      async () => {
        const before = base.failed.length;
        await work();
        return base.failed.length - before;
      },
    );
  const req = (action: 'SET' | 'UNSET') => (e: Omit<Entry, 'line'>) =>
    entryRequest(target.words, target.key.name, action, e);
  const refreshed = new Map<string, number>();
  const written = (items: readonly Omit<Entry, 'line'>[], at: number) => {
    for (const e of items) refreshed.set(entryId(e), at);
  };
  if (args.cmd === 'import') {
    await journaled(feed.good.map(req('SET')), async () => {
      const ok = await send('SET', feed.good, 0, feed.good.length);
      for (const e of ok) {
        if (target.present.has(entryId(e))) base.refreshed++;
        else base.added++;
      }
    });
  } else {
    const p = planSync(feed.good, target.members, feed.held);
    if (args.dryRun) {
      plan = planText(p, entryText);
      base.added = p.add.length;
      base.removed = p.remove.length;
    } else {
      const total = p.add.length + p.remove.length;
      const at = env.now();
      await journaled([...p.add.map(req('SET')), ...p.remove.map(req('UNSET'))], async () => {
        const added = await send('SET', p.add, 0, total);
        written(added, at);
        base.added = added.length;
        base.removed = (await send('UNSET', p.remove, p.add.length, total)).length;
      });
      if (args.keep && !env.signal?.aborted) {
        // Entries already in the list may be about to expire: --keep restarts their timeout now
        // (a refresh, not a change: outside the journal).
        const adding = new Set(p.add);
        const present = feed.good.filter((e) => !adding.has(e));
        const again = env.now();
        const ok = await send('SET', present, total, total + present.length);
        written(ok, again);
        base.refreshed = ok.length;
      }
    }
  }
  let kept = '';
  if (args.cmd === 'sync' && args.keep && !env.signal?.aborted) {
    env.report?.(summaryText({ ...base, elapsedMs: env.now() - started }, true));
    const rounds = await keepSynced(
      args,
      target,
      {
        router: env.router,
        readInput: env.readInput,
        sleep: env.sleep ?? sleepFor,
        now: env.now,
        report: env.report ?? (() => {}),
        ...(env.signal ? { signal: env.signal } : {}),
      },
      { feed, refreshed, ...(retry !== undefined ? { retry } : {}) },
    );
    kept = `kept in sync for ${rounds} round${rounds === 1 ? '' : 's'}\n`;
    // The failures of the first sync were reported and retried by the rounds: stopping a
    // --keep run (the signal) is its normal end.
    base.failed.length = 0;
  }
  base.elapsedMs = env.now() - started;
  const summary = summaryText(base, args.cmd === 'sync');
  const text = `${plan ? `${plan}\n` : ''}${summary}\n${kept}`;
  const json = {
    ...summaryJson(base),
    ...(plan !== undefined ? { plan: plan.split('\n').filter(Boolean) } : {}),
  };
  const wrote = !base.dryRun && base.added + base.refreshed + base.removed > 0;
  // Every caller shows the text, then the error: the error names the outcome and leaves the
  // summary to the text (it held the summary too, which a script's run printed twice).
  if (base.cancelled)
    return { text, json, wrote, error: cancelledError(`match-list ${args.list}: cancelled`) };
  if (base.failed.length) {
    return {
      text,
      json,
      wrote,
      error: commandFailedError(
        `match-list ${args.list}: ${base.failed.length} of the entries failed (the summary above)`,
      ),
    };
  }
  return { text, json, wrote };
}
