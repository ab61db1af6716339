// The journal's metadata reads, coalesced. A change's "before" is the projection of a read of its
// node: the metadata cache's entry when the resolver has just read it (a list entry's change),
// else the last read of the node while it is current, else one GET. Its "after" is not read at
// once: consecutive changes to one node share one read, made when the next change goes to
// another node or addresses an entry a pending change addresses (that read is then also its
// "before"), when the base is older than BASE_MS or PENDING_MAX changes wait, after IDLE_MS
// without a change, and when changes/compare/undo or the end of the session need it.
import type { NodeInfo, RouterRequest } from '../../../api/router/types.js';
import { pathKey } from '../../../lang/cache.js';
import { focusOf, NodeView } from './projection.js';
import type { Focus, Snapshot } from '../../../contract/journal.js';

export interface ReadRouter {
  send(
    req: RouterRequest,
    o: { signal?: AbortSignal },
  ): Promise<{ nodeInfo?: NodeInfo | undefined; ok?: boolean }>;
}

/** A change sent whose "after" is still to be read. */
export interface Pending {
  id: string;
  focus: Focus | undefined;
  before: Snapshot;
  notUndoable: string | undefined;
}

export const IDLE_MS = 250;
export const BASE_MS = 5000;
export const PENDING_MAX = 10_000;

interface Base {
  key: string;
  view: NodeView;
  at: number;
}

export class NodeReads {
  private base: Base | undefined;
  private pending: Pending[] = [];
  private pendingKey: string | undefined;
  private pendingWords: string[] = [];
  private router: ReadRouter | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private touched = new Touched();
  /** GETs this object sent (the bench and tests read it). */
  reads = 0;

  constructor(
    /** Writes each pending change's after (undefined: the node could not be read). */
    private readonly settle: (p: Pending, after: Snapshot | undefined) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The node as it is before a change of `requests` to `words`: its view and the change's focus.
   * Undefined when it cannot be read.
   */
  async before(
    words: string[],
    requests: readonly RouterRequest[],
    router: ReadRouter,
    signal: AbortSignal,
    fresh?: (words: readonly string[]) => NodeInfo | undefined,
  ): Promise<{ view: NodeView; focus: Focus | undefined } | undefined> {
    this.router = router;
    // An idle flush under way: its read is this change's base.
    if (this.flushing) await this.flushing;
    const key = pathKey(words);
    const old = (b: Base | undefined) => !b || this.now() - b.at >= BASE_MS;
    if (
      this.pending.length &&
      (this.pendingKey !== key || old(this.base) || this.pending.length >= PENDING_MAX)
    )
      await this.flush();
    let view = this.base?.key === key && !old(this.base) ? this.base.view : undefined;
    if (view && this.pending.length && this.touched.overlaps(focusOf(view.info, requests))) {
      // The same entry again: this change's before is the previous one's after, one read for both.
      await this.flush();
      view = this.base?.key === key ? this.base.view : undefined;
    }
    if (!view) {
      // The resolver's read of this very line serves for a list entry's change, never for a
      // node whose sub-nodes a write below it may have altered (the cache marks the node
      // written and its ancestors, not what lies below it).
      const cached = fresh?.(words);
      const info =
        cached && focusOf(cached, requests)
          ? cached
          : await this.read(words, router, signal).catch(() => undefined);
      if (!info) return undefined;
      view = new NodeView(info, words);
      this.base = { key, view, at: this.now() };
    }
    return { view, focus: focusOf(view.info, requests) };
  }

  /** A change was sent: its after is read later (now, inside a confirmed-change window). */
  add(words: readonly string[], p: Pending): void {
    this.pendingKey = pathKey(words);
    this.pendingWords = [...words];
    this.pending.push(p);
    this.touched.add(p.focus);
    // One idle timer, re-armed per change (refresh) rather than a new one each time.
    if (this.timer) this.timer.refresh();
    else {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, IDLE_MS);
      this.timer.unref?.();
    }
  }

  /** Reads the pending changes' node once and settles each; the read becomes the new base. */
  flush(): Promise<void> {
    this.flushing ??= this.flushNow().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.length || !this.router) return;
    const batch = this.pending;
    const words = this.pendingWords;
    this.pending = [];
    this.touched = new Touched();
    // Not cancelled with a command: once requests went out, their effect is worth knowing.
    const info = await this.read(words, this.router).catch(() => undefined);
    const view = info ? new NodeView(info, words) : undefined;
    this.base = view ? { key: this.pendingKey!, view, at: this.now() } : undefined;
    for (const p of batch) this.settle(p, view?.project(p.focus));
  }

  /** Forgets the base: the next change reads its node again (an undo wrote to it). */
  forget(): void {
    this.base = undefined;
  }

  private async read(
    words: string[],
    router: ReadRouter,
    signal?: AbortSignal,
  ): Promise<NodeInfo | undefined> {
    this.reads++;
    return (await router.send({ method: 'GET', words }, signal ? { signal } : {})).nodeInfo;
  }
}

/** The entries the pending changes address, for the overlap test in O(entries of one change). */
class Touched {
  private keys: string | undefined;
  private whole = false;
  private readonly entries = new Set<string>();

  add(f: Focus | undefined): void {
    if (!f || (this.keys !== undefined && this.keys !== f.keys.join())) this.whole = true;
    else {
      this.keys = f.keys.join();
      for (const e of f.entries) this.entries.add(e);
    }
  }

  overlaps(f: Focus | undefined): boolean {
    if (this.whole || !f || this.keys !== f.keys.join()) return true;
    return f.entries.some((e) => this.entries.has(e));
  }
}
