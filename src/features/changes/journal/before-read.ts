// A change's "before" (journal.ts): its node read before it is sent, projected on what the
// change touches, and for a DELETE the whole subtree, so that undo re-creates what lay under it.
// Nothing read is nothing undoable: the caller says why.
import type { NodeInfo, RouterRequest } from '../../../api/router/types.js';
import type { Change, JournalRouter, Snapshot } from '../../../contract/journal.js';
import { commandFailedError } from '../../../errors.js';
import type { NodeReads, Pending } from './node-reads.js';
import { subtreeOf } from './snapshot.js';

export interface Before {
  before?: Snapshot;
  focus?: Pending['focus'];
  subtree?: Change['subtree'];
  info?: NodeInfo;
}

export async function readBefore(
  reads: NodeReads,
  words: string[],
  requests: RouterRequest[],
  router: JournalRouter,
  signal: AbortSignal,
  fresh: Parameters<NodeReads['before']>[4],
): Promise<Before> {
  try {
    const got = await reads.before(words, requests, router, signal, fresh);
    if (!got) return {};
    const out: Before = {};
    if (requests.some((r) => r.method === 'DELETE')) {
      const read = async (w: string[]): Promise<NodeInfo | undefined> => {
        const e = await router.send({ method: 'GET', words: w }, { signal });
        if (!e.ok) throw commandFailedError(`${w.join(' ')} could not be read`);
        return e.nodeInfo;
      };
      out.subtree = await subtreeOf(got.view.info, words, read);
    }
    // Only with its whole subtree: a deleted node is re-created with all that lay under it.
    out.focus = got.focus;
    out.before = got.view.project(got.focus);
    out.info = got.view.info;
    return out;
  } catch {
    // Not undoable: the caller says why.
    return {};
  }
}
