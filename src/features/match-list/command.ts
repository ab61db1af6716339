// `match-list import|export|sync`, run the same way by the shell built-in and by
// `routersh match-list …`: read and check the feed, compare it with the list, send, summarise.
// Everything outside (the router, the input, the clock, progress) is injected.
import { cancelledError, commandFailedError, type RoutershError, validationError } from '../../errors.js';
import type { MatchListArgs } from './args.js';
import { entryId, entryText } from './input.js';
import { keepSynced, sleepFor } from './keep.js';
import { planSync, planText } from './plan.js';
import { type Feed, feedOptions, readFeed } from './feed.js';
import { type ListWrites, listWrites } from './list-writes.js';
import type { BulkJournal } from './send.js';
import { badLineText, type Summary, summaryJson, summaryText } from './summary.js';
import { type ListTarget, loadTarget, type Member, type RouterPort } from './target.js';

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

type InputCmd = Exclude<MatchListArgs, { cmd: 'export' }>;

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
  const feed = await readChecked(args, env, target);
  const base: Summary = {
    list: args.list,
    entries: feed.entries,
    duplicates: feed.duplicates,
    invalid: feed.invalid,
    added: 0,
    refreshed: 0,
    removed: 0,
    failed: [],
    dryRun: args.cmd === 'sync' && args.dryRun,
    elapsedMs: 0,
  };
  const run: Run = {
    args,
    env,
    target,
    feed,
    base,
    writes: listWrites(args, env, target, base),
    refreshed: new Map(),
  };
  const plan = args.cmd === 'import' ? await importFeed(run) : await syncOnce(run, args);
  const kept = args.cmd === 'sync' && args.keep && !env.signal?.aborted ? await keepInSync(run, started) : '';
  base.elapsedMs = env.now() - started;
  return result(args, base, plan, kept);
}

/** The feed, read and checked: bad lines refuse it (unless --keep-going), a cut one refuses a sync. */
async function readChecked(args: InputCmd, env: MatchListEnv, target: ListTarget): Promise<Feed> {
  const raw = await env.readInput(args.file);
  // Judged after loadTarget: its requests made the connection whose local address is ours.
  const feed = await readFeed(raw, target, feedOptions(args, env.router));
  if (feed.invalid.length && !args.keepGoing) throw refusal(feed.invalid, args.list);
  if (feed.broken && args.cmd === 'sync') {
    throw validationError(
      `match-list ${args.list}: ${badLineText(feed.broken)}\nthe rest of the file could not be read, so sync cannot tell which members the feed still lists; nothing sent`,
    );
  }
  return feed;
}

/** One import or sync under way: what it read, what it tallies, how it writes. */
interface Run {
  args: InputCmd;
  env: MatchListEnv;
  target: ListTarget;
  feed: Feed;
  base: Summary;
  writes: ListWrites;
  /** When each entry was last written (`sync --keep` reckons their expiry from it). */
  refreshed: Map<string, number>;
}

const written = (run: Run, items: readonly Member[], at: number) => {
  for (const e of items) run.refreshed.set(entryId(e), at);
};

async function importFeed({ feed, target, base, writes }: Run): Promise<undefined> {
  await writes.journaled(feed.good.map(writes.req('SET')), async () => {
    const ok = await writes.send('SET', feed.good, 0, feed.good.length);
    for (const e of ok) {
      if (target.present.has(entryId(e))) base.refreshed++;
      else base.added++;
    }
  });
  return undefined;
}

/** The sync's one pass: its plan (--dry-run), or its adds and removes sent; the plan's text. */
async function syncOnce(
  run: Run,
  args: Extract<MatchListArgs, { cmd: 'sync' }>,
): Promise<string | undefined> {
  const { env, feed, base, writes } = run;
  const p = planSync(feed.good, run.target.members, feed.held);
  if (args.dryRun) {
    base.added = p.add.length;
    base.removed = p.remove.length;
    return planText(p, entryText);
  }
  const total = p.add.length + p.remove.length;
  const at = env.now();
  await writes.journaled(
    [...p.add.map(writes.req('SET')), ...p.remove.map(writes.req('UNSET'))],
    async () => {
      const added = await writes.send('SET', p.add, 0, total);
      written(run, added, at);
      base.added = added.length;
      base.removed = (await writes.send('UNSET', p.remove, p.add.length, total)).length;
    },
  );
  if (args.keep && !env.signal?.aborted) {
    // Entries already in the list may be about to expire: --keep restarts their timeout now
    // (a refresh, not a change: outside the journal).
    const adding = new Set(p.add);
    const present = feed.good.filter((e) => !adding.has(e));
    const again = env.now();
    const ok = await writes.send('SET', present, total, total + present.length);
    written(run, ok, again);
    base.refreshed = ok.length;
  }
  return undefined;
}

/** `sync --keep`: the first pass reported, then rounds until the signal; the closing line. */
async function keepInSync({ args, env, target, feed, base, writes, refreshed }: Run, started: number) {
  env.report?.(summaryText({ ...base, elapsedMs: env.now() - started }, true));
  const retry = writes.retry();
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
  // The failures of the first sync were reported and retried by the rounds: stopping a
  // --keep run (the signal) is its normal end.
  base.failed.length = 0;
  return `kept in sync for ${rounds} round${rounds === 1 ? '' : 's'}\n`;
}

function result(args: InputCmd, base: Summary, plan: string | undefined, kept: string): MatchListResult {
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
