// The session's journal: records each change around its send (metadata before, the request, the
// answer, metadata after) and the confirmed-change window. Before and after hold only the
// change's projection (projection.ts); reads are coalesced (node-reads.ts). Nothing grows with
// the session in memory: the changes are read back from the sink when asked for. The router is
// injected; the sink fsyncs each change's record before its request is sent.
import type { Envelope, RouterRequest } from '../../../api/router/types.js';
import { asRoutershError, commandFailedError } from '../../../errors.js';
import { sameSnapshots } from './diff.js';
import type { JournalSink } from './file.js';
import { fold } from './fold.js';
import { holdOf } from './hold.js';
import { keptRequests, redactRequest } from './redact-request.js';
import { type Before, readBefore } from './before-read.js';
import { NodeReads, type Pending } from './node-reads.js';
import { AFTER_UNREAD, NO_EFFECT, SECRET } from './reasons.js';
import { indexWindowState } from '../window-index.js';
import { InFlight } from './in-flight.js';
import { heldByOther, outOfWindow } from './window-refusals.js';
import { settleUnfinished, waitForLiveWriters } from './unfinished.js';
import type {
  Answer,
  Change,
  GuardIdentity,
  Hold,
  Journal,
  JournalEvent,
  JournalMeta,
  JournalRouter,
  RecordOptions,
  Snapshot,
  TxRecord,
  WindowState,
} from '../../../contract/journal.js';

// The types live in contract/journal.ts (Services' journal port names them).
export type {
  FreshNode,
  Journal,
  JournalMeta,
  JournalRouter,
  RecordOptions,
  Settled,
} from '../../../contract/journal.js';

export class FileJournal implements Journal {
  private seq = 0;
  private txSeq = 0;
  private started = false;
  private win: WindowState | undefined;
  /** Set by close() (contract/journal.ts): the window goes on on disk, its guard's to settle. */
  closed = false;
  private readonly reads: NodeReads;
  /** What this process has in flight outside a window (in-flight.ts). */
  private readonly inFlight: InFlight;

  constructor(
    private readonly sink: JournalSink,
    readonly meta: JournalMeta,
    /** Events of an existing file (`routersh undo --journal FILE`, whose sink reads them back). */
    existing: JournalEvent[] = [],
  ) {
    this.started = existing.length > 0;
    const f = fold(existing);
    this.seq = f.changes.reduce((m, c) => Math.max(m, c.seq), 0);
    this.txSeq = f.transactions.length;
    this.win = f.windows.filter((w) => w.state === 'open').at(-1);
    this.reads = new NodeReads((p, after) => this.settle(p, after), meta.now);
    this.inFlight = new InFlight(() => this.sink.path, meta);
  }

  get path(): string | undefined {
    return this.sink.path;
  }

  /** GETs the journal sent for its before/after reads. */
  get readCount(): number {
    return this.reads.reads;
  }

  write(e: JournalEvent, o: { sync?: boolean } = {}): void {
    if (!this.started) {
      this.started = true;
      const { session, router, user } = this.meta;
      this.sink.append({ t: 'session', session, router, user, at: this.meta.now() });
    }
    this.inFlight.before(e);
    this.sink.append(e, o);
    this.inFlight.after(e);
  }

  /** This journal's changes, oldest first, as the file has them (afters still to read are not). */
  changes(): Change[] {
    return fold(this.sink.read()).changes;
  }

  /** This journal's transactions (issue 38), oldest first, as the file has them. */
  transactions(): TxRecord[] {
    return fold(this.sink.read()).transactions;
  }

  /** This journal's changes with every after read: what changes, compare and undo show. */
  async settled(): Promise<Change[]> {
    await this.reads.flush();
    return this.changes();
  }

  window(): WindowState | undefined {
    return this.win?.state === 'open' ? this.win : undefined;
  }

  /** Records the window's state, fsync'd: a confirm counts once it is on disk (the guard reads it there). */
  setWindow(w: WindowState, o: { by?: string; note?: string } = {}): void {
    this.win = w;
    this.write(
      { t: 'window', window: w.id, state: w.state, deadline: w.deadline, at: this.meta.now(), ...o },
      { sync: true },
    );
    // The open-window index follows: a start finds the window there until it is settled.
    if (this.path) indexWindowState(this.path, this.meta.router, w);
  }

  /** A note on the open window (a failed revert attempt), fsync'd; its state is unchanged. */
  noteWindow(note: string, by: string): void {
    const w = this.win;
    if (w) this.setWindow(w, { by, note });
  }

  /** The window as another process settled it (the guard): taken in without writing it again. */
  takeWindow(w: WindowState): void {
    this.win = w;
  }

  /**
   * Records the process that guards window `window`, fsync'd: on disk before the window's first
   * change, so any process that reads the journal can tell whether its guard lives.
   */
  setGuard(window: string, guard: GuardIdentity): void {
    if (this.win?.id === window) this.win = { ...this.win, guard };
    const { pid, pidStart } = guard;
    this.write(
      { t: 'guard', window, pid, ...(pidStart ? { pidStart } : {}), at: this.meta.now() },
      { sync: true },
    );
  }

  /** A transaction's next id: this session's, numbered as begun (`SESSION.t1`). */
  nextTx(): string {
    return `${this.meta.session}.t${++this.txSeq}`;
  }

  /** Records one change around `send`: before, request, answer, after. Returns the answer. */
  async record(
    line: string,
    request: RouterRequest,
    router: JournalRouter,
    signal: AbortSignal,
    o: RecordOptions = {},
  ): Promise<Envelope> {
    let env: Envelope | undefined;
    await this.recordBulk(
      line,
      request.words,
      [request],
      router,
      signal,
      async () => {
        env = await router.send(request, { signal });
        return {
          ok: env.ok,
          status: env.requestStatus,
          ...(env.errorStatus ? { error: env.errorStatus } : {}),
        };
      },
      o,
    );
    return env as Envelope;
  }

  /**
   * Records a change of one node made of several requests (a match-list import or sync: the
   * list read once before and once after, not per entry). `run` sends them and says how it went.
   */
  async recordBulk(
    line: string,
    words: string[],
    requests: RouterRequest[],
    router: JournalRouter,
    signal: AbortSignal,
    run: () => Promise<Answer>,
    { fresh, plain, window: began, step }: RecordOptions = {},
  ): Promise<void> {
    if (step) return this.recordStep(line, requests, step, run, began, plain);
    const { kept, secretInPath, secret } = keptRequests(requests, plain);
    const { before, focus, subtree, info } = secretInPath
      ? ({} as Before)
      : await readBefore(this.reads, words, requests, router, signal, fresh);
    let notUndoable: string | undefined = secret ? SECRET : undefined;
    if (!secretInPath && !before) notUndoable ??= 'its node could not be read before the change';
    this.stillInWindow(began);
    // Inside a confirmed-change window every change must be revertible at its end.
    if (!before && !secret && this.window())
      throw commandFailedError(
        `not sent: ${words.join(' ')} could not be read first, and a change inside a confirmed-change window must be revertible`,
      );
    // Inside a window, the node it holds (one window per node): written with it, checked below. A
    // secret holds nothing: the window cannot revert it (and its entry would name the secret).
    const hold = info && !secret && this.window() ? holdOf(info, words, focus) : undefined;
    // Numbered as written: a change refused above leaves no gap in the session's numbers.
    const id = `${this.meta.session}.${++this.seq}`;
    // The one fsync per change: its record is on disk before its request is sent.
    this.write(
      {
        t: 'change',
        id,
        seq: this.seq,
        at: this.meta.now(),
        line,
        requests: kept,
        words: kept[0]?.words ?? words,
        // A secret's entry would name it (`snmp community X`: its options are the entry's keys).
        ...(focus && !secret ? { focus } : {}),
        ...(hold ? { holds: hold } : {}),
        ...(before ? { before } : {}),
        ...(subtree?.length ? { subtree } : {}),
        ...(notUndoable ? { notUndoable } : {}),
        ...(this.window() ? { window: this.win!.id } : {}),
        ...(this.meta.pid ? { pid: this.meta.pid } : {}),
        ...(this.meta.pidStart ? { pidStart: this.meta.pidStart } : {}),
      },
      { sync: true },
    );
    const w = this.window();
    // Checked once its record is on disk: two windows that write theirs at once each see the
    // other's, and both refuse; neither is sent over the other.
    if (w && hold) await this.refuseHeld(id, hold, w);
    // Its record is on disk: a revert that decides from now on reads it and waits for its answer
    // (resolveUnfinished). One that decided before would miss it: then it is not sent.
    const failure = await this.sendRecorded(id, w, run);
    if (secretInPath || !before) this.write({ t: 'after', id, ...(notUndoable ? { notUndoable } : {}) });
    else {
      this.reads.add(words, { id, focus, before, notUndoable });
      // Only list entries (a focus) coalesce: any other next change to this node would need
      // this after as its before, so it is read at once. So is every after inside a
      // confirmed-change window: a shell killed in it leaves a file `undo --journal` can finish.
      if (!focus || this.window() || failure) await this.reads.flush();
    }
    if (failure) throw failure;
  }

  /**
   * A transaction's step (issue 38): no read of its node before or after — its plan read the
   * state before and computed `inverse` from it — so a step costs its request and one fsync'd
   * line, as a bare loop would. The transaction reverts it through `inverse`; `undo`, `changes`
   * and a window's revert read it like any change. A step that sets a secret is not undoable.
   */
  private async recordStep(
    line: string,
    requests: RouterRequest[],
    step: NonNullable<RecordOptions['step']>,
    run: () => Promise<Answer>,
    began: string | undefined,
    plain: RecordOptions['plain'],
  ): Promise<void> {
    this.stillInWindow(began);
    const redacted = requests.map((r) => redactRequest(r, plain));
    const secret = redacted.some((r) => r.secretInPath || r.secretOption);
    const id = `${this.meta.session}.${++this.seq}`;
    const w = this.window();
    this.write(
      {
        t: 'change',
        id,
        seq: this.seq,
        at: this.meta.now(),
        line,
        requests: redacted.map((r) => r.request),
        words: redacted[0]?.request.words ?? [],
        ...(secret ? { notUndoable: SECRET } : {}),
        ...(w ? { window: w.id } : {}),
        ...(this.meta.pid ? { pid: this.meta.pid } : {}),
        ...(this.meta.pidStart ? { pidStart: this.meta.pidStart } : {}),
        tx: step.tx,
        inverse: step.inverse.map((r) => redactRequest(r, plain).request),
      },
      { sync: !this.sink.synced },
    );
    // On disk before it is sent, as every record: the steps in flight share one fsync (group commit).
    await this.sink.synced?.();
    step.recorded?.(id);
    const failure = await this.sendRecorded(id, w, run);
    if (failure) throw failure;
  }

  /**
   * Sends a change whose record is on disk and writes its answer: not sent when its window was
   * settled meanwhile (a revert that decided before the record would miss it). Resolves to what
   * `run` threw, for the caller to throw once its own lines are written.
   */
  private async sendRecorded(
    id: string,
    w: WindowState | undefined,
    run: () => Promise<Answer>,
  ): Promise<unknown> {
    const settled = w && this.meta.settled?.(w.id);
    if (w && settled)
      this.notSent(
        id,
        `confirmed-change window ${w.id} was settled (${settled.kind} by ${settled.by}) before it was sent`,
      );
    let answer: Answer;
    let failure: unknown;
    try {
      answer = await run();
    } catch (e) {
      failure = e;
      answer = { ok: false, status: 'no answer', error: asRoutershError(e).message };
    }
    this.write({ t: 'answer', id, answer });
    return failure;
  }

  private notSent(id: string, why: string): never {
    this.write({ t: 'answer', id, answer: { ok: false, status: 'not sent', error: why } });
    this.write({ t: 'after', id, notUndoable: 'it was not sent' });
    throw commandFailedError(`not sent: ${why}`);
  }

  /** One window per node (window-holds.ts): refuses the change when another open window holds its node. */
  private async refuseHeld(id: string, hold: Hold, w: WindowState): Promise<void> {
    const path = this.path;
    if (!path || !this.meta.heldBy) return;
    const by = await this.meta.heldBy({ journal: path, window: w.id, router: this.meta.router }, hold);
    if (by) this.notSent(id, heldByOther(hold, by, this.meta.now()));
  }

  private stillInWindow(began: string | undefined): void {
    const why = outOfWindow(this.window(), began, this.meta.now());
    if (why) throw commandFailedError(why);
  }

  /**
   * Finishes the changes a killed process left unfinished (unfinished.ts): once no live writer
   * may still have a request in flight, each node is read and each change settled by it. Only
   * GETs are sent. Returns how many were resolved. Used where the writer is gone: a window's
   * revert and `routersh undo --journal`.
   */
  async resolveUnfinished(router: JournalRouter, signal: AbortSignal): Promise<number> {
    await this.reads.flush();
    await waitForLiveWriters(
      { meta: this.meta, size: () => this.sink.size?.(), changes: () => this.changes() },
      signal,
    );
    return settleUnfinished(this.changes(), router, signal, (e) => this.write(e));
  }

  /** Writes a pending change's after (the projection of the read that followed it). */
  private settle(p: Pending, after: Snapshot | undefined): void {
    const why = p.notUndoable ?? (!after ? AFTER_UNREAD : undefined);
    const none = after && sameSnapshots(p.before, after) ? NO_EFFECT : undefined;
    const reason = why ?? none;
    this.write({
      t: 'after',
      id: p.id,
      ...(after ? { after } : {}),
      ...(reason ? { notUndoable: reason } : {}),
    });
  }

  /** Our own writes outside a recorded change (an undo): the last read no longer holds. */
  forgetReads(): void {
    this.reads.forget();
  }

  /** Reads the afters still pending, then closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    await this.reads.flush().catch(() => {});
    this.sink.close();
  }

  markUndo(id: string, by: string, requests: RouterRequest[]): void {
    this.reads.forget();
    this.write(
      { t: 'undo', id, by, requests: requests.map((r) => redactRequest(r).request), at: this.meta.now() },
      { sync: true },
    );
  }

  markUndone(id: string, ok: boolean, note: string): void {
    this.write({ t: 'undone', id, ok, note, at: this.meta.now() });
  }
}
