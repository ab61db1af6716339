// What `match-list import|sync` writes to the router, its answers tallied into the summary:
// entries sent (each failure listed; on a cancel, those cut off in flight count as not sent),
// inside one journaled change, so undo and the confirmed-change window see one change.
import { type Entry, entryText } from './input.js';
import { throttled } from './progress.js';
import { type BulkJournal, entryRequest, journaledBulk, sendEntries } from './send.js';
import type { Summary } from './summary.js';
import type { ListTarget, Member, RouterPort } from './target.js';

/** What the writes use of the command's environment (command.ts: MatchListEnv). */
export interface ListWritesEnv {
  router: RouterPort;
  now(): number;
  signal?: AbortSignal;
  progress?: (line: string) => void;
  journal?: BulkJournal;
  line?: string;
  window?: string | undefined;
}

export type EntryRequest = ReturnType<typeof entryRequest>;

export interface ListWrites {
  /** Sends `items` (answers `done0`… of `total` in the progress); resolves to those that succeeded. */
  send<T extends Member & { line?: number }>(
    action: 'SET' | 'UNSET',
    items: T[],
    done0: number,
    total: number,
  ): Promise<T[]>;
  /** Runs `work` (its sends) as one change of the journal holding `requests`. */
  journaled(requests: EntryRequest[], work: () => Promise<void>): Promise<void>;
  /** The request that sets or unsets one entry. */
  req(action: 'SET' | 'UNSET'): (e: Member) => EntryRequest;
  /** The first failure worth retrying soon (`sync --keep` retries it). */
  retry(): string | undefined;
}

export function listWrites(
  args: { cmd: string; list: string; concurrency: number },
  env: ListWritesEnv,
  target: ListTarget,
  base: Summary,
): ListWrites {
  let retry: string | undefined;
  const signal = env.signal ? { signal: env.signal } : {};
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
      ...signal,
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
  const journaled = (requests: EntryRequest[], work: () => Promise<void>) =>
    journaledBulk(
      env.journal,
      {
        line: env.line ?? `match-list ${args.cmd} ${args.list}`,
        words: target.words,
        requests,
        router: env.router,
        ...signal,
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
  return {
    send,
    journaled,
    req: (action) => (e) => entryRequest(target.words, target.key.name, action, e),
    retry: () => retry,
  };
}
