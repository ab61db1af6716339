// Sends one request per entry with bounded concurrency over the router client's keep-alive
// pool. A failure is recorded, never thrown, so one bad entry does not stop the rest.
import { getMaxListeners, setMaxListeners } from 'node:events';
import type { NodeInfo, RouterRequest } from '../../api/router/types.js';
import { asRoutershError, commandFailedError, type RoutershError } from '../../errors.js';
import type { Member, RouterPort } from './target.js';

export interface Failure<T> {
  item: T;
  message: string;
  /** Worth trying again soon (see isTransient), not the router refusing the entry. */
  transient: boolean;
}

/**
 * A failure that says nothing about the entry: the router could not be reached, did not answer
 * in time, answered garbage, refused our credentials, or said it cannot serve now (HTTP 5xx,
 * 408, 429). A refusal of the entry itself (a non-OK RequestStatus, another 4xx) is not.
 */
export function isTransient(e: RoutershError): boolean {
  if (e.code === 'transport' || e.code === 'timeout' || e.code === 'protocol' || e.code === 'auth')
    return true;
  if (e.code !== 'rejected') return false;
  const status = e.details['status'];
  return typeof status === 'number' && (status >= 500 || status === 408 || status === 429);
}

/** Runs `work` over `items`, at most `concurrency` at a time; `onDone` after each. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  onDone: (done: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Failure<T>[]> {
  const failures: Failure<T>[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (e) {
        const err = asRoutershError(e);
        failures.push({ item, message: err.message, transient: isTransient(err) });
      }
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return failures;
}

/** The SET (add or refresh) or UNSET (remove, by the key option) of one entry. */
export function entryRequest(
  words: string[],
  key: string,
  action: 'SET' | 'UNSET',
  e: Member,
): RouterRequest {
  const options: Record<string, Array<string | number>> = { [key]: [e.net] };
  if (e.port !== undefined) {
    options['port'] = [Number(e.port)];
    options['protocol'] = [e.protocol ?? ''];
  }
  return { method: 'POST', words, actions: ACTIONS[action], options };
}

// One array per action, shared by every entry's request (nothing writes to a request's actions).
const ACTIONS = { SET: ['SET' as const], UNSET: ['UNSET' as const] };

/** The change journal as a bulk send sees it (src/journal/journal.ts): one change, many entries. */
export interface BulkJournal {
  recordBulk(
    line: string,
    words: string[],
    requests: RouterRequest[],
    router: RouterPort,
    signal: AbortSignal,
    run: () => Promise<{ ok: boolean; status: string }>,
    o?: {
      fresh?: ((words: readonly string[]) => NodeInfo | undefined) | undefined;
      /** The window open when the command began (journal.ts stillInWindow). */
      window?: string | undefined;
    },
  ): Promise<void>;
}

/**
 * Runs `work` (which sends `requests`) as ONE journaled change of the list's entry node: the
 * list is read once before and once after, not per entry. Without a journal, just runs it.
 */
export async function journaledBulk(
  journal: BulkJournal | undefined,
  o: {
    line: string;
    words: string[];
    requests: RouterRequest[];
    router: RouterPort;
    signal?: AbortSignal;
    /** The node as read just before (the list's entry node): its "before", without another GET. */
    fresh?: (words: readonly string[]) => NodeInfo | undefined;
    /** The confirmed-change window open when the command began. */
    window?: string | undefined;
  },
  work: () => Promise<number>,
): Promise<void> {
  if (!journal || o.requests.length === 0) {
    await work();
    return;
  }
  await journal.recordBulk(
    o.line,
    o.words,
    o.requests,
    o.router,
    o.signal ?? new AbortController().signal,
    async () => {
      const failed = await work();
      return { ok: failed === 0, status: failed ? `${failed} of ${o.requests.length} failed` : 'OK' };
    },
    { fresh: o.fresh, window: o.window },
  );
}

export async function sendEntries<T extends Member>(
  router: RouterPort,
  words: string[],
  key: string,
  action: 'SET' | 'UNSET',
  items: readonly T[],
  o: { concurrency: number; onDone?: (done: number) => void; signal?: AbortSignal },
): Promise<Failure<T>[]> {
  const opts = o.signal ? { signal: o.signal } : {};
  // Each request in flight listens on the one signal: raise Node's leak warning bound to match.
  if (o.signal && getMaxListeners(o.signal) < o.concurrency + 10)
    setMaxListeners(o.concurrency + 10, o.signal);
  return pool(
    items,
    o.concurrency,
    async (e) => {
      const env = await router.send(entryRequest(words, key, action, e), opts);
      if (!env.ok) throw commandFailedError(env.errorStatus ?? env.requestStatus);
    },
    o.onDone,
    o.signal,
  );
}
