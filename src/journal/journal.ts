// The session's journal: records each change around its send (metadata before, the request, the
// answer, metadata after), keeps the folded changes in memory, and the confirmed-change window.
// The router is injected; the sink writes (and fsyncs) each line before the next step.
import { randomBytes } from 'node:crypto';
import type { Envelope, NodeInfo, RouterRequest } from '../api/router/types.js';
import { asRoutershError } from '../errors.js';
import { diffSnapshots, isEmptyDiff } from './diff.js';
import type { JournalSink } from './file.js';
import { fold } from './fold.js';
import { redactRequest } from './redact-request.js';
import { snapshotOf, subtreeOf } from './snapshot.js';
import type { Answer, Change, JournalEvent, Snapshot, WindowState } from './types.js';

export interface JournalRouter {
  send(req: RouterRequest, o: { signal?: AbortSignal }): Promise<Envelope>;
}

/** Whether a request writes (SET, UNSET, DELETE); GET and SHOW never do. */
export const isChange = (r: RouterRequest): boolean =>
  r.method === 'DELETE' ||
  (r.method === 'POST' && (r.actions ?? ['SET']).some((a) => a === 'SET' || a === 'UNSET'));

const NO_EFFECT = 'the metadata shows no change (an action, or a value the router does not show)';
const SECRET = 'it sets a secret, which the metadata does not show and the journal never stores';

export const newSessionId = (): string => randomBytes(3).toString('hex');

export class Journal {
  private readonly events: JournalEvent[] = [];
  private seq = 0;
  private started = false;
  private win: WindowState | undefined;

  constructor(
    private readonly sink: JournalSink,
    readonly meta: { session: string; router: string; user: string; now: () => number },
    /** Events of an existing file (`routersh undo --journal FILE`): its changes, continued. */
    existing: JournalEvent[] = [],
  ) {
    this.events.push(...existing);
    this.started = existing.length > 0;
    const f = fold(existing);
    this.seq = f.changes.reduce((m, c) => Math.max(m, c.seq), 0);
    this.win = f.windows.filter((w) => w.state === 'open').at(-1);
  }

  get path(): string | undefined {
    return this.sink.path;
  }

  write(e: JournalEvent): void {
    if (!this.started) {
      this.started = true;
      const { session, router, user } = this.meta;
      this.put({ t: 'session', session, router, user, at: this.meta.now() });
    }
    this.put(e);
  }

  private put(e: JournalEvent): void {
    this.sink.append(e);
    this.events.push(e);
  }

  /** This journal's changes, oldest first. */
  changes(): Change[] {
    return fold(this.events).changes;
  }

  window(): WindowState | undefined {
    return this.win?.state === 'open' ? this.win : undefined;
  }

  setWindow(w: WindowState): void {
    this.win = w;
    this.write({ t: 'window', window: w.id, state: w.state, deadline: w.deadline, at: this.meta.now() });
  }

  /** Records one change around `send`: before, request, answer, after. Returns the answer. */
  async record(
    line: string,
    request: RouterRequest,
    router: JournalRouter,
    signal: AbortSignal,
  ): Promise<Envelope> {
    let env: Envelope | undefined;
    await this.recordBulk(line, request.words, [request], router, signal, async () => {
      env = await router.send(request, { signal });
      return {
        ok: env.ok,
        status: env.requestStatus,
        ...(env.errorStatus ? { error: env.errorStatus } : {}),
      };
    });
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
  ): Promise<void> {
    const id = `${this.meta.session}.${++this.seq}`;
    const redacted = requests.map(redactRequest);
    const secretInPath = redacted.some((r) => r.secretInPath);
    const secret = secretInPath || redacted.some((r) => r.secretOption);
    const read = async (w: string[]): Promise<NodeInfo | undefined> =>
      (await router.send({ method: 'GET', words: w }, { signal })).nodeInfo;
    let before: Snapshot | undefined;
    let subtree: Change['subtree'];
    let notUndoable: string | undefined = secret ? SECRET : undefined;
    if (!secretInPath) {
      try {
        const info = await read(words);
        if (info) {
          before = snapshotOf(info, words);
          if (requests.some((r) => r.method === 'DELETE')) subtree = await subtreeOf(info, words, read);
        }
      } catch {
        // fall through: not undoable
      }
      if (!before) notUndoable ??= 'its node could not be read before the change';
    }
    this.write({
      t: 'change',
      id,
      seq: this.seq,
      at: this.meta.now(),
      line,
      requests: redacted.map((r) => r.request),
      words: redacted[0]?.request.words ?? words,
      ...(before ? { before } : {}),
      ...(subtree?.length ? { subtree } : {}),
      ...(notUndoable ? { notUndoable } : {}),
      ...(this.window() ? { window: this.win!.id } : {}),
    });
    let answer: Answer;
    try {
      answer = await run();
    } catch (e) {
      this.write({
        t: 'answer',
        id,
        answer: { ok: false, status: 'no answer', error: asRoutershError(e).message },
      });
      await this.after(id, words, before, notUndoable, secretInPath, router).catch(() => {});
      throw e;
    }
    this.write({ t: 'answer', id, answer });
    await this.after(id, words, before, notUndoable, secretInPath, router);
  }

  private async after(
    id: string,
    words: string[],
    before: Snapshot | undefined,
    notUndoable: string | undefined,
    secretInPath: boolean,
    router: JournalRouter,
  ): Promise<void> {
    if (secretInPath || !before) {
      this.write({ t: 'after', id, ...(notUndoable ? { notUndoable } : {}) });
      return;
    }
    let after: Snapshot | undefined;
    try {
      // Not cancelled with the command: once the request went out, its effect is worth knowing.
      const info = (await router.send({ method: 'GET', words }, {})).nodeInfo;
      if (info) after = snapshotOf(info, words);
    } catch {
      // not undoable
    }
    const why = notUndoable ?? (!after ? 'its node could not be read after the change' : undefined);
    const none = after && isEmptyDiff(diffSnapshots(before, after)) ? NO_EFFECT : undefined;
    const reason = why ?? none;
    this.write({ t: 'after', id, ...(after ? { after } : {}), ...(reason ? { notUndoable: reason } : {}) });
  }

  close(): void {
    this.sink.close();
  }

  markUndo(id: string, by: string, requests: RouterRequest[]): void {
    this.write({
      t: 'undo',
      id,
      by,
      requests: requests.map((r) => redactRequest(r).request),
      at: this.meta.now(),
    });
  }

  markUndone(id: string, ok: boolean, note: string): void {
    this.write({ t: 'undone', id, ok, note, at: this.meta.now() });
  }
}
