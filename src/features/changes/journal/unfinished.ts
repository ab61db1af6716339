// What a killed writer left unfinished in a journal, finished by a process that reads it (a
// window's guard, `routersh undo --journal`; journal.ts resolveUnfinished): first wait while a
// live writer may still have a request in flight, then settle each change by a read of its node.
import type { NodeInfo } from '../../../api/router/types.js';
import { diffSnapshots, isEmptyDiff } from './diff.js';
import { NodeView } from './projection.js';
import { AFTER_UNREAD, NO_EFFECT } from './reasons.js';
import type { Change, JournalEvent, JournalRouter } from '../../../contract/journal.js';

/** The longest wait for a live process's change in flight before it is resolved by a read. */
export const IN_FLIGHT_MAX_MS = 5 * 60_000;
const IN_FLIGHT_POLL_MS = 50;
/** The poll backs off to this: a wait of minutes looks a few times a second, not 20. */
const IN_FLIGHT_POLL_MAX_MS = 400;

/**
 * Waits while a live process has a change without its answer or its after: its request may
 * still reach the router, so a read now could show it unapplied and a revert miss it. The
 * writer's own timeout ends the request, and the writer then journals how it went; a dead
 * writer's changes are resolved by reads at once.
 */
export async function waitForLiveWriters(
  j: {
    /** As journal.ts JournalMeta has them: the clock, and others' liveness (absent: no wait). */
    meta: {
      now: () => number;
      alive?: ((pid: number, start?: string) => boolean) | undefined;
      sleep?: ((ms: number) => Promise<void>) | undefined;
    };
    /** The journal file's size, when known: it grows when the writer writes. */
    size: () => number | undefined;
    changes: () => Change[];
  },
  signal: AbortSignal,
): Promise<void> {
  const { alive, sleep } = j.meta;
  if (!alive || !sleep) return;
  const until = j.meta.now() + IN_FLIGHT_MAX_MS;
  const unresolved = (c: Change) =>
    c.pid !== undefined &&
    (c.status === 'unknown' || (c.status === 'done' && !c.after && !c.notUndoable && !c.inverse));
  // The file is read again only when it has grown (the writer wrote an answer or an after): a
  // journal of thousands of changes is not parsed again at every poll. A writer that dies
  // writes nothing: whether it lives is asked at every poll.
  let size = j.size();
  let open = j.changes().filter(unresolved);
  // Each writer asked once a poll, not once per change of it (thousands, from one script).
  const living = () => {
    const asked = new Set<string>();
    return open.some((c) => {
      const who = `${c.pid}@${c.pidStart ?? ''}`;
      if (asked.has(who)) return false;
      asked.add(who);
      return alive(c.pid!, c.pidStart);
    });
  };
  for (let wait = IN_FLIGHT_POLL_MS; ; wait = Math.min(wait * 2, IN_FLIGHT_POLL_MAX_MS)) {
    if (!living() || j.meta.now() >= until || signal.aborted) return;
    await sleep(wait);
    const now = j.size();
    if (now === undefined || now !== size) {
      size = now;
      open = j.changes().filter(unresolved);
    }
  }
}

/**
 * Settles the changes sent but with no answer written, or answered without the after read (or
 * answered "no answer": a reset, a timeout): each node is read now; as before the change, it was
 * not applied; otherwise it was, and the read is its after. Returns how many there were.
 */
export async function settleUnfinished(
  changes: readonly Change[],
  router: JournalRouter,
  signal: AbortSignal,
  write: (e: JournalEvent) => void,
): Promise<number> {
  const open = changes.filter(
    (c) =>
      c.before &&
      (!c.notUndoable || c.notUndoable === AFTER_UNREAD) &&
      !c.after &&
      (c.status === 'unknown' || c.status === 'done' || c.answer?.status === 'no answer'),
  );
  // One read per node: its writer is gone, so the node no longer moves under it, and a killed
  // script of thousands of adds to one list left thousands of changes on that one node.
  const reads = new Map<string, Promise<NodeInfo | undefined>>();
  for (const c of open) {
    const key = JSON.stringify(c.words);
    let read = reads.get(key);
    if (!read) {
      read = router.send({ method: 'GET', words: c.words }, { signal }).then((e) => e.nodeInfo);
      reads.set(key, read);
    }
    const info = await read;
    if (!info) continue;
    const now = new NodeView(info, c.words).project(c.focus);
    const applied = !isEmptyDiff(diffSnapshots(c.before, now));
    if (c.status === 'unknown' || (applied && c.status !== 'done'))
      write({
        t: 'answer',
        id: c.id,
        answer: applied
          ? { ok: true, status: 'applied', error: 'its answer was lost: the node read later shows it' }
          : {
              ok: false,
              status: 'not applied',
              error: 'its answer was lost: the node read later shows none of it',
            },
      });
    write({ t: 'after', id: c.id, after: now, ...(applied ? {} : { notUndoable: NO_EFFECT }) });
  }
  return open.length;
}
