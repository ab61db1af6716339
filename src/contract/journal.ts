// The change journal's records. A change is what one command wrote (one request, or a bulk
// match-list import/sync holding its entries): the node's settings before, the request(s), the
// router's answer, the settings after. Settings are read from metadata only (SetValues,
// SetOptions), so a change is undoable exactly when the metadata shows its effect.
import type { Envelope, NodeInfo, RouterRequest } from '../api/router/types.js';

/** The router as the journal uses it: one request, its answer. */
export interface JournalRouter {
  send(req: RouterRequest, o: { signal?: AbortSignal }): Promise<Envelope>;
}

/**
 * One thing the metadata says is configured: a value of a Value node (`interface eth0 mtu
 * 1500`: path ends in the value), or an entry of a Token node (`… action match` with its
 * options; `interface eth0 shutdown`).
 */
export interface Setting {
  /** The words that address it: SET recreates it there, DELETE (or UNSET) removes it. */
  path: string[];
  /** Its SetOptions entry (option → values), possibly empty. */
  options: Record<string, string[]>;
  /** Identity: the slot plus the value, stable across reads. */
  id: string;
  /** The slot it lives in: a Value node's parent path + node, or the Token's path. */
  slot: string;
  /** The slot holds several values (MultiValue, or a Token's entries): a SET adds, not replaces. */
  multi: boolean;
  /** Whether SET / DELETE (or UNSET) are possible on its node. */
  settable: boolean;
  unsettable: boolean;
  /** A Token node's entry: removed by UNSET with these options (the Key and other UNSET options). */
  unsetOptions?: string[];
  /** Options a SET accepts on its node (others are not sent back). */
  setOptions: string[];
  /** Options whose values go on the wire as numbers (ValueType %NUM). */
  numeric?: string[];
}

/**
 * What a change addresses within its node. Absent: the node's own value (a Value node: that
 * value, or the whole slot when it holds one value) and what lies under it.
 */
export interface Focus {
  /** The options that identify an entry of a Token node (its Key options, else the request's). */
  keys: string[];
  /** Each addressed entry as the values of those options (entryKey). */
  entries: string[];
}

/**
 * The node a change inside a confirmed-change window holds until its window is settled (one
 * window per node, window-holds.ts): a path, and within it only `entries` (a list's entries) when
 * given. A change to the same path, or one above or below it, is another window's to refuse.
 */
export interface Hold {
  path: string[];
  entries?: string[];
}

/** The other window not yet settled that holds a node (window-holds.ts). */
export interface Holder {
  journal: string;
  window: string;
  deadline: number;
}

/** The settings one GET of a node shows (the node's own slot and its sub-nodes' slots). */
export interface Snapshot {
  settings: Setting[];
}

export interface Answer {
  ok: boolean;
  status: string;
  error?: string;
}

export type ChangeStatus = 'done' | 'failed' | 'unknown' | 'undone';

/** A change as folded from the journal's lines. */
export interface Change {
  id: string;
  /** 1-based, in this session. */
  seq: number;
  session: string;
  router: string;
  at: number;
  /** The command as typed (secrets as ***). */
  line: string;
  /** The request(s), secrets as ***; a bulk change holds all its entries. */
  requests: RouterRequest[];
  /** The node whose metadata was read before and after. */
  words: string[];
  /** The entries of that node the change addresses: before/after hold only those (projection.ts). */
  focus?: Focus;
  /** The node it holds while its window is open (written since issue 37; window-holds.ts). */
  holds?: Hold;
  before?: Snapshot;
  /** Settings under the node, for a DELETE: what re-creates it with its sub-nodes. */
  subtree?: Setting[];
  answer?: Answer;
  after?: Snapshot;
  /** Why it cannot be undone (an action, a secret, metadata that shows nothing). */
  notUndoable?: string;
  /** Inside a confirmed-change window (its id). */
  window?: string;
  /** The process that sent it: while it lives, a change with no answer may still be in flight. */
  pid?: number;
  /** When that process started (journal-open.ts processStart): with the pid, it names one process. */
  pidStart?: string;
  status: ChangeStatus;
  /** When undone, by what (`undo`, `confirm window expired`). */
  undoneBy?: string;
  /** An undo of it was begun (its requests may have reached the router in part). */
  undoBegun?: boolean;
  /** A step of transaction `tx` (issue 38): journaled with its `inverse`, not with reads of its node. */
  tx?: string;
  /** What undoes it, as its transaction's plan computed it from the state before (secrets as ***). */
  inverse?: RouterRequest[];
}

/** A transaction (issue 38: a load, a commit) as folded from its `tx` and `txend` lines. */
export interface TxRecord {
  id: string;
  at: number;
  /** The command as typed (`config load merge FILE`), and the commit's comment. */
  line: string;
  comment?: string;
  /** Steps planned. */
  steps: number;
  window?: string;
  pid?: number;
  pidStart?: string;
  /** Absent while it runs, or when its process was killed before it ended. */
  end?: { state: 'committed' | 'reverted' | 'unsettled'; sent: number; note?: string; at: number };
}

export interface WindowState {
  id: string;
  deadline: number;
  /**
   * `unsettled`: its guard gave up before the revert finished (a signal cut its one bounded
   * attempt short, or its retries ran out); the journal's note says why. `failed`: the same,
   * as older journals say it.
   */
  state: 'open' | 'confirmed' | 'reverted' | 'failed' | 'unsettled';
  /** The process that keeps it (its `guard` line): while it lives, the window is guarded. */
  guard?: GuardIdentity;
}

/** One process named across processes and time: a window's guard as its spawner journals it. */
export interface GuardIdentity {
  pid: number;
  /** When it started (process-alive.ts processStart): with the pid, it names one process. */
  pidStart?: string;
}

/** One line of a journal file. */
export type JournalEvent =
  | { t: 'session'; session: string; router: string; user: string; at: number }
  | {
      t: 'change';
      id: string;
      seq: number;
      at: number;
      line: string;
      requests: RouterRequest[];
      words: string[];
      focus?: Focus;
      holds?: Hold;
      before?: Snapshot;
      subtree?: Setting[];
      notUndoable?: string;
      window?: string;
      pid?: number;
      pidStart?: string;
      /** A transaction's step: the transaction's id, and what undoes the step. */
      tx?: string;
      inverse?: RouterRequest[];
    }
  /** A transaction begun (fsync'd before its first step): its steps are the changes tagged with its id. */
  | {
      t: 'tx';
      tx: string;
      at: number;
      line: string;
      comment?: string;
      steps: number;
      window?: string;
      pid?: number;
      pidStart?: string;
    }
  /** A transaction ended: every step answered OK, every sent step reverted, or not (the note says which steps stand). */
  | {
      t: 'txend';
      tx: string;
      state: 'committed' | 'reverted' | 'unsettled';
      sent: number;
      note?: string;
      at: number;
    }
  | { t: 'answer'; id: string; answer: Answer }
  | { t: 'after'; id: string; after?: Snapshot; notUndoable?: string }
  | { t: 'undo'; id: string; by: string; requests: RouterRequest[]; at: number }
  | { t: 'undone'; id: string; ok: boolean; note?: string; at: number }
  | {
      t: 'window';
      window: string;
      state: WindowState['state'];
      deadline: number;
      at: number;
      /** Who wrote it (`shell`, `guard 1234`, `routersh confirm`), and what happened (a failed attempt). */
      by?: string;
      note?: string;
    }
  /** The guard process of `window`, written (fsync'd) by whoever spawned it: while it lives, the window is guarded. */
  | { t: 'guard'; window: string; pid: number; pidStart?: string; at: number };

/** The resolver's read of a node, when it has just made it and nothing we wrote has touched it since. */
export type FreshNode = (words: readonly string[]) => NodeInfo | undefined;

/** How a confirmed-change window was settled (window-decision.ts), as the journal needs it. */
export interface Settled {
  kind: string;
  by: string;
}

export interface JournalMeta {
  session: string;
  router: string;
  user: string;
  now: () => number;
  /** This process, written with each change: another process waits for it while it lives. */
  pid?: number;
  /** When this process started, written beside its pid: a reused pid is not mistaken for it. */
  pidStart?: string;
  /**
   * The other open window of this user that holds `hold` on this router, if any (one window per
   * node): asked for each change inside window `mine.window`, after its record is on disk.
   */
  heldBy?: (
    mine: { journal: string; window: string; router: string },
    hold: Hold,
  ) => Promise<Holder | undefined>;
  /** What settled window `id`, if anything has (its decision file). */
  settled?: (id: string) => Settled | undefined;
  /** Whether process `pid` (started at `start`, when known) is alive: a change it wrote without an answer may be in flight. */
  alive?: (pid: number, start?: string) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

export interface RecordOptions {
  fresh?: FreshNode | undefined;
  /** Whether an option's value is plain (shown by the metadata), not a secret. */
  plain?: ((name: string, value: string) => boolean) | undefined;
  /** The confirmed-change window open when the command began: the change is sent only inside it. */
  window?: string | undefined;
  /**
   * A transaction's step (issue 38): its node is not read before or after (the plan read it, and
   * computed `inverse` from that), and the change is journaled with both.
   */
  step?:
    | {
        tx: string;
        inverse: RouterRequest[];
        /** Called with the change's id once its record is written (before it is sent). */
        recorded?: (id: string) => void;
      }
    | undefined;
}

/**
 * The session's change journal, as Services' journal port hands it out (session/ opens it; its
 * implementation is features/changes/journal/journal.ts, FileJournal).
 */
export interface Journal {
  readonly meta: JournalMeta;
  /** The file, when the journal has one. */
  readonly path: string | undefined;
  /** GETs the journal sent for its before/after reads. */
  readonly readCount: number;
  write(e: JournalEvent, o?: { sync?: boolean }): void;
  /** This journal's changes, oldest first, as the file has them (afters still to read are not). */
  changes(): Change[];
  /** This journal's changes with every after read: what changes, compare and undo show. */
  settled(): Promise<Change[]>;
  /** This journal's transactions (issue 38), oldest first, as the file has them. */
  transactions(): TxRecord[];
  /** The open confirmed-change window, if any. */
  window(): WindowState | undefined;
  /** Records the window's state, fsync'd. */
  setWindow(w: WindowState, o?: { by?: string; note?: string }): void;
  /** A note on the open window (a failed revert attempt), fsync'd; its state is unchanged. */
  noteWindow(note: string, by: string): void;
  /** The window as another process settled it (the guard): taken in without writing it again. */
  takeWindow(w: WindowState): void;
  /** Records the process that guards the open window `window` (its `guard` line), fsync'd. */
  setGuard(window: string, guard: GuardIdentity): void;
  /** Records one change around sending `request`: before, request, answer, after. */
  record(
    line: string,
    request: RouterRequest,
    router: JournalRouter,
    signal: AbortSignal,
    o?: RecordOptions,
  ): Promise<Envelope>;
  /** A transaction's next id (`SESSION.tN`), unique in this journal. */
  nextTx(): string;
  /** Records a change of one node made of several requests; `run` sends them. */
  recordBulk(
    line: string,
    words: string[],
    requests: RouterRequest[],
    router: JournalRouter,
    signal: AbortSignal,
    run: () => Promise<Answer>,
    o?: RecordOptions,
  ): Promise<void>;
  /** Settles the changes a gone process left without an answer; resolves to how many. */
  resolveUnfinished(router: JournalRouter, signal: AbortSignal): Promise<number>;
  forgetReads(): void;
  close(): Promise<void>;
  /**
   * Closed with its session: nothing of this process acts on its window any more (the watch of
   * its guard, a revert at the deadline).
   */
  readonly closed: boolean;
  markUndo(id: string, by: string, requests: RouterRequest[]): void;
  markUndone(id: string, ok: boolean, note: string): void;
}
