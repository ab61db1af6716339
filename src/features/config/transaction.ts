// One transaction (issue 38: a `config load`, a candidate's `commit`): its steps sent in order,
// all or none. The router has no transaction, so routersh makes one on the client: an automatic
// checkpoint of the nodes that change, the transaction's begin line (fsync'd), each step
// journaled as a change (fsync'd before it is sent, with its inverse, without reads of its node:
// the plan read them), then its end line. On the first failure (a refusal, a 5xx, a reset, a
// lost answer, a timeout, a cancel) nothing more is sent, and every step sent — and the failed
// one if its answer was lost — is reverted newest first (tx-revert.ts). What a start
// finds of one left half done (SIGKILL): features/changes/half-done.ts.
import { basename, dirname } from 'node:path';
import type { RouterRequest } from '../../api/router/types.js';
import type { ConfigLine, TxResult, TxState, TxStep } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import type { Journal } from '../../contract/journal.js';
import { asRoutershError, commandFailedError } from '../../errors.js';
import { REDACTED, redactRequest } from '../../lang/secrets.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { commit as openWindow } from '../changes/confirm.js';
import { requestText } from '../changes/journal/text.js';
import { isTransient } from '../match-list/send.js';
import { keepAutoCheckpoint } from './checkpoint-store.js';
import { abortableSleep, type RevertEnv, revertSteps, type SentStep } from './tx-revert.js';
import { type StepOutcome, sendSteps } from './tx-send.js';

export interface Transaction {
  /** The command as typed (`config load merge FILE`, `commit`), as the journal names it. */
  line: string;
  /** `commit comment TEXT`. */
  comment?: string;
  /** The plan: creations in tree order, deletions in reverse, each with its inverse. */
  steps: TxStep[];
  /** The configured lines of the nodes that change, before (the automatic checkpoint holds them). */
  before: ConfigLine[];
  /** `join`: inside the open confirmed-change window, if any; `{minutes}`: not while one is open. */
  window?: 'join' | { minutes: number };
}

/** Whether the router's answer to a step is lost (it may have taken): a reset, a timeout, garbage. */
const lostAnswer = (e: unknown): boolean => {
  const err = asRoutershError(e);
  // Cancelled once its record was written: it may have reached the router.
  return (
    err.code === 'transport' || err.code === 'timeout' || err.code === 'protocol' || err.code === 'cancelled'
  );
};

/**
 * What the plan judged by the metadata (THE secret rule, walk and file-lines): a step whose line
 * shows no `***` holds no secret, so `key net` stays as it is; otherwise the rule judges each
 * value by its name.
 */
const plainOf = (s: TxStep): ((name: string, value: string) => boolean) | undefined =>
  s.text.split(/\s+/).includes(REDACTED) ? undefined : () => true;

/**
 * A step the transaction cannot take back (it sets a secret, or its plan has no inverse): asked
 * on a terminal; in a script refused unless --allow-unrevertable (issue 37's window rule).
 */
async function mayHoldUnrevertable(steps: readonly TxStep[], env: HandlerEnv): Promise<void> {
  const bad = steps.filter((s) => {
    const r = redactRequest(s.request, plainOf(s));
    return r.secretInPath || r.secretOption || s.inverse.length === 0;
  });
  if (bad.length === 0) return;
  const shown = `${sanitizeLine(bad[0]!.text)}${bad.length > 1 ? ` (and ${bad.length - 1} more)` : ''}`;
  if (env.io.ask) {
    if (await env.io.ask(`${shown} cannot be reverted if the transaction fails: send it anyway?`, env.signal))
      return;
    throw commandFailedError('cancelled: nothing sent');
  }
  if (!env.services.allowUnrevertable)
    throw commandFailedError(
      `not sent: ${shown} cannot be reverted if the transaction fails (it sets a secret or nothing undoes it); --allow-unrevertable sends it anyway`,
    );
}

/** `commit confirmed N` while a window is open: refused, nothing sent. */
function refuseNewWindow(tx: Transaction, journal: Journal): void {
  const w = journal.window();
  if (typeof tx.window === 'object' && w)
    throw commandFailedError(
      `not sent: a confirmed-change window (${w.id}) is open: confirm it first, or commit to join it`,
    );
}

/**
 * The confirmed-change window the transaction's steps go in: `join` (or none given), the open
 * one if any; `{minutes}` (`commit confirmed N`), a new one, opened here as `commit confirmed N`
 * opens it (its guard and all) — refused while one is open.
 */
async function windowOf(tx: Transaction, journal: Journal, env: HandlerEnv): Promise<string | undefined> {
  if (typeof tx.window !== 'object') return journal.window()?.id;
  refuseNewWindow(tx, journal);
  const minutes = String(tx.window.minutes);
  await openWindow({ name: 'commit', args: ['confirmed', minutes], options: {} }, env);
  return journal.window()?.id;
}

/** The state directory the session's journal lives in (its checkpoints go beside it). */
function stateOf(journal: Journal): { stateDir?: string } {
  const dir = journal.path ? dirname(journal.path) : undefined;
  return dir && basename(dir) === 'journal' ? { stateDir: dirname(dir) } : {};
}

/** The note the journal ends with and the user is told. */
function noteOf(failed: string, stand: Array<{ sent: SentStep; why: string }>, reverted: number): string {
  if (stand.length === 0) return `${failed}; ${reverted} step${reverted === 1 ? '' : 's'} sent reverted`;
  const which = stand
    .slice(0, 5)
    .map((s) => `'${s.sent.step.text}' (${s.why})`)
    .join('; ');
  const more = stand.length > 5 ? `; and ${stand.length - 5} more` : '';
  const n = stand.length;
  return `${failed}; ${n} step${n === 1 ? ' still stands' : 's still stand'}: ${which}${more}`;
}

/** The steps sent (answered OK, or their answer lost), in the plan's order, and the first failure. */
function outcomeOf(
  steps: readonly TxStep[],
  outcomes: ReadonlyArray<StepOutcome | undefined>,
): { sent: SentStep[]; failed: string | undefined } {
  const sent: SentStep[] = [];
  let failed: string | undefined;
  let notStarted: number | undefined;
  steps.forEach((step, i) => {
    const o = outcomes[i];
    if (!o) {
      notStarted ??= i;
      return;
    }
    if (o.failed === undefined || o.lost) sent.push({ id: o.changeId, step, lost: o.failed !== undefined });
    if (o.failed !== undefined)
      failed ??= `step ${i + 1} of ${steps.length} '${step.text}' failed: ${o.failed}`;
  });
  // Nothing failed, yet steps were not started: the command was cancelled.
  if (failed === undefined && notStarted !== undefined) failed = `cancelled before step ${notStarted + 1}`;
  return { sent, failed };
}

/** Sends one step through the journal: 'ok', or why it failed and whether its answer was lost. */
async function sendStep(
  step: TxStep,
  id: string,
  journal: Journal,
  env: HandlerEnv,
  window: string | undefined,
): Promise<StepOutcome> {
  let changeId = '';
  const record = { tx: id, inverse: step.inverse, recorded: (c: string) => (changeId = c) };
  const plain = plainOf(step);
  // The line as the journal keeps it: a secret's value as ***.
  const line = requestText(redactRequest(step.request, plain).request);
  try {
    const answer = await journal.record(line, step.request, env.services.router, env.signal, {
      plain,
      step: record,
      window,
    });
    env.services.cache.invalidate(step.request.words, { deleted: step.request.method === 'DELETE' });
    if (answer.ok) return { changeId };
    return { changeId, failed: `refused: ${answer.errorStatus ?? answer.requestStatus}` };
  } catch (e) {
    env.services.cache.invalidate(step.request.words, { deleted: step.request.method === 'DELETE' });
    const err = asRoutershError(e);
    const lost = changeId !== '' && lostAnswer(e);
    // A 4xx with the router's reason is its refusal, as a non-OK answer is.
    return { changeId, failed: lost || isTransient(err) ? err.message : `refused: ${err.message}`, lost };
  }
}

/**
 * Runs `tx` as one transaction and says how it ended (committed, reverted, unsettled with the
 * steps that stand); the journal says the same. Throws, with nothing sent, when it may not start
 * (no journal, a window rule, a step it could not take back refused, no checkpoint kept).
 */
export async function runTransaction(tx: Transaction, env: HandlerEnv): Promise<TxResult> {
  const journal = await env.services.journal?.open();
  if (!journal)
    throw commandFailedError('not sent: a transaction is journaled, and this session has no journal');
  refuseNewWindow(tx, journal);
  await mayHoldUnrevertable(tx.steps, env);
  const window = await windowOf(tx, journal, env);
  const now = journal.meta.now();
  try {
    keepAutoCheckpoint({
      router: journal.meta.router,
      user: journal.meta.user,
      lines: tx.before,
      why: tx.line,
      now,
      nodes: tx.steps.map((s) => s.words),
      ...stateOf(journal),
      ...(env.services.identity ? { version: env.services.identity.version } : {}),
    });
  } catch (e) {
    throw commandFailedError(
      `not sent: the automatic checkpoint could not be kept: ${asRoutershError(e).message}`,
    );
  }
  const id = journal.nextTx();
  const { pid, pidStart } = journal.meta;
  journal.write(
    {
      t: 'tx',
      tx: id,
      at: now,
      line: tx.line,
      ...(tx.comment ? { comment: tx.comment } : {}),
      steps: tx.steps.length,
      ...(window ? { window } : {}),
      ...(pid ? { pid } : {}),
      ...(pidStart ? { pidStart } : {}),
    },
    { sync: true },
  );
  const outcomes = await sendSteps(tx.steps, (step) => sendStep(step, id, journal, env, window), env.signal);
  const { sent, failed } = outcomeOf(tx.steps, outcomes);
  const answered = sent.filter((s) => !s.lost).length;
  if (failed === undefined) return end(journal, id, 'committed', answered);
  const revert = await revertSteps(sent, revertEnv(journal, env));
  const state: TxState = revert.stand.length ? 'unsettled' : 'reverted';
  return end(journal, id, state, answered, noteOf(failed, revert.stand, revert.reverted));
}

/** The revert's wiring: the session's router and clock; a cancel of the command ends its retries. */
export function revertEnv(journal: Journal, env: Pick<HandlerEnv, 'services' | 'signal'>): RevertEnv {
  // The command's own signal may be what stopped the transaction: the revert still runs, and a
  // cancel that comes while it retries ends it.
  const stop = new AbortController();
  if (!env.signal.aborted) env.signal.addEventListener('abort', () => stop.abort(), { once: true });
  const { sleep } = journal.meta;
  return {
    journal,
    router: env.services.router,
    signal: stop.signal,
    invalidate: (r: RouterRequest) =>
      env.services.cache.invalidate(r.words, { deleted: r.method === 'DELETE' }),
    // The session's clock (a test moves it: the router gone for ten minutes without waiting them).
    now: env.services.now,
    sleep: sleep ? (ms) => sleep(ms) : abortableSleep,
  };
}

function end(journal: Journal, id: string, state: TxState, sent: number, note?: string): TxResult {
  journal.write(
    { t: 'txend', tx: id, state, sent, at: journal.meta.now(), ...(note ? { note } : {}) },
    { sync: true },
  );
  return { id, state, sent, ...(note ? { note } : {}) };
}
