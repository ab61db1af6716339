// `routersh undo --journal FILE [N | ID] [--yes] [connection]`, from any terminal, on a session
// that takes over FILE as its journal (session/connect.ts, like every command): without N or ID
// it finishes the file's confirmed-change window whose shell is gone (closed, killed, lost with
// its SSH session) or whose revert was left unsettled (its guard killed, or given up) — its
// changes not confirmed and not yet reverted are reverted, newest first;
// with N or ID, or when no window is open, it is the shell's `undo [N | ID]` on that journal.
// Either way the file records what was done. The file is not trusted: credentials go only to a
// router the user named (journalLogin), and each change is checked against its own line before
// anything is sent (features/changes/undo-plan.ts). undo.ts parses its command line and applies
// the start rule first; the start rule's yes comes here directly (start-check.ts).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Flags } from '../cli/args.js';
import { UNDO_OPTIONS } from '../cli/command-options.js';
import type { CommandIo } from '../contract/command-io.js';
import type { Change } from '../contract/journal.js';
import type { RunIo, Services } from '../contract/services.js';
import { sameRouter } from '../config/profiles.js';
import { commandFailedError, type Ending, failed, OK, usageError } from '../errors.js';
import { stateDir } from '../config/paths.js';
import { journalDir, journalFiles, readJournalFile } from '../features/changes/journal/file.js';
import { fold } from '../features/changes/journal/fold.js';
import { decide, decided } from '../features/changes/window-decision.js';
import { halfDoneJournals } from '../features/changes/half-done.js';
import { revertWindow } from '../features/changes/window-revert.js';
import { processAlive } from '../features/changes/process-alive.js';
import { type WindowStatus, windowStatus } from '../features/changes/window-status.js';
import { journalRouter } from '../features/changes/journal-open.js';
import { inconsistency } from '../features/changes/undo-consistency.js';
import { finishTransaction, isTransaction } from '../features/config/tx-finish.js';
import { runBuiltin } from '../run/handlers.js';
import { commandConfig, connect } from '../session/connect.js';
import { errorLine } from '../term/error-line.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';
import { askOnTerminal } from './batch.js';
import { bulkHeap } from './v8-flags.js';

export interface Args {
  /** `routersh undo --journal` without FILE: list the journals with a window open. */
  list?: boolean;
  connection: Flags;
  journal: string;
  /** N (the last N changes) or a change id; absent: the open window, else the newest change. */
  which?: string;
}

export function parseUndoArgs(rest: string[]): { journal: string; yes: boolean; which?: string } {
  let v: { journal?: string | undefined; yes?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values: v, positionals } = parseArgs({
      args: rest,
      options: UNDO_OPTIONS,
      allowPositionals: true,
      strict: true,
    }));
  } catch (e) {
    throw usageError(`${(e as Error).message.split('\n')[0]} (see routersh --help)`);
  }
  if (!v.journal) throw usageError('routersh undo needs --journal FILE (a session journal)');
  if (positionals.length > 1) throw usageError('routersh undo takes one N or one change id');
  return { journal: v.journal, yes: v.yes === true, ...(positionals[0] ? { which: positionals[0] } : {}) };
}

/**
 * `routersh undo --journal FILE [N | ID]` once started (the start rule's yes comes here too):
 * the file's window open or left unsettled is finished, else the shell's undo on that journal.
 * `window`: only that window is finished (the start rule's), and nothing else is undone.
 * `asked`: the start rule asked already; with --yes nothing is asked again.
 */
export async function runUndoJournal(
  {
    connection,
    journal: path,
    which,
    window,
    asked,
  }: Omit<Args, 'list'> & { window?: string; asked?: boolean },
  io: CommandIo,
): Promise<Ending> {
  bulkHeap();
  const terminal = io.stdin.isTTY === true && io.stderr.isTTY === true;
  // Journal text (lines, the router's URL) is a file anyone may have written: asked sanitized.
  const ask = terminal ? (question: string) => askOnTerminal(io, sanitizeText(question)) : undefined;
  const login = await journalLogin(path, connection, io, ask);
  const { session, close } = await connect(login.flags, login.io, {
    interactive: false,
    journal: { path },
    yes: connection.yes,
    telemetry: 'on-first-use',
  });
  // The start rule's yes was the question (`asked`): the undo is not asked about again.
  const runIo: RunIo = ask && !asked ? { ask: (question) => ask(question) } : {};
  try {
    const journal = await session.services.journal!.open();
    const lost = which === undefined ? undefined : unanswered(journal.changes(), which);
    // A change the killed writer sent without writing its answer: the node says whether it was applied.
    await journal.resolveUnfinished(session.services.router, new AbortController().signal);
    // A transaction left half done (issue 38): its steps that took are reverted, and it is ended.
    if (which !== undefined && isTransaction(journal, which))
      return await finishTx(path, which, session.services, runIo, connection.yes === true, io);
    const w = which === undefined ? windowToFinish(path, window) : undefined;
    if (w) return await finishWindow(path, w, session.services, runIo, connection.yes, io);
    if (window !== undefined) {
      io.out(`window ${sanitizeLine(window)} was settled meanwhile: nothing reverted\n`);
      return OK;
    }
    // A change left half done (the start rule names it by id) that the read shows did not take.
    const settled = lost && journal.changes().find((c) => c.id === lost.id);
    if (settled && settled.status !== 'done') {
      io.out(
        `#${settled.seq} ${sanitizeLine(settled.line)}: its answer was lost, and its node shows it did not take: nothing to undo\n`,
      );
      return OK;
    }
    const outcome = await runBuiltin(
      { name: 'undo', args: which === undefined ? [] : [which], options: {} },
      {
        state: { context: [] },
        services: session.services,
        io: runIo,
        signal: new AbortController().signal,
      },
    );
    if (outcome.kind === 'error') {
      io.err(`${errorLine(outcome.error)}\n`);
      return failed(outcome.error);
    }
    if (outcome.kind === 'text') io.out(sanitizeText(outcome.text));
    return OK;
  } finally {
    await close();
    // A killed writer's pending entry for this journal goes once nothing is left half done (a
    // hint: its failure is not the undo's).
    try {
      halfDoneJournals(stateDir(io.env), { alive: processAlive, only: resolve(path) });
    } catch {}
  }
}

/** Change `which` (an id or #N) when its answer was never recorded (a process killed in flight). */
function unanswered(changes: Change[], which: string): Change | undefined {
  const c = changes.find((x) => x.id === which || `#${x.seq}` === which);
  return c?.status === 'unknown' ? c : undefined;
}

/** The window a plain `undo --journal FILE` finishes (`only`, or the last one open or left unsettled). */
function windowToFinish(path: string, only?: string): WindowStatus | undefined {
  const events = readJournalFile(path);
  const all = [...new Set(events.flatMap((e) => (e.t === 'window' ? [e.window] : [])))].reverse();
  const ids = only === undefined ? all : [only];
  for (const window of ids) {
    const now = Date.now();
    const s = windowStatus({ events, window, decision: decided(path, window), alive: processAlive, now });
    if (s && s.state !== 'confirmed' && s.state !== 'reverted') return s;
  }
  return undefined;
}

const CREDENTIAL_ENV = ['ROUTERSH_USER', 'ROUTERSH_PASSWORD', 'ROUTERSH_TOKEN', 'ROUTERSH_PROFILE'] as const;

/**
 * Where `undo --journal FILE` connects, and with which credentials. The journal names the router
 * its changes were made on, but a journal is a file anyone may have written: credentials go only
 * to a router the user named. Named (--router, ROUTERSH_ROUTER or a --profile's router): it must
 * be the journal's router (same scheme, host in any case, port, path), or the user says so on a
 * terminal; otherwise refused. Not named: the journal's router, logged in to only with a profile
 * whose router is exactly it; credentials from the environment or flags go there only when the
 * user says so on a terminal. Otherwise one line says what to add.
 */
export async function journalLogin(
  path: string,
  connection: Flags,
  io: CommandIo,
  ask: ((question: string) => Promise<boolean>) | undefined,
): Promise<{ flags: Flags; io: CommandIo }> {
  const file = sanitizeLine(path);
  const journaled = journalRouter(path);
  if (!journaled) throw usageError(`${file} names no router: use --router URL`);
  const there = sanitizeLine(journaled);
  if (!isPlainRouterUrl(journaled))
    throw usageError(
      `${file} names router '${there}', which is not an http(s) URL without credentials: not undone`,
    );
  const named = commandConfig(connection, io).router;
  if (named !== undefined) {
    if (sameRouter(named, journaled)) return { flags: connection, io };
    const here = sanitizeLine(named);
    if (
      ask &&
      (await ask(`the changes of ${file} were made on ${there}, not ${here}: undo them on ${here}?`))
    )
      return { flags: connection, io };
    throw usageError(
      `the changes of ${file} were made on ${there}, not ${here}: not undone (use --router ${there}${ask ? '' : ', or confirm on a terminal'})`,
    );
  }
  // Only the journal names the router: what the environment and flags hold is left out, so the
  // configuration's lookup finds a profile for exactly this router (config.ts), or nothing.
  const { user: _u, passwordFile: _p, tokenFile: _t, profile: _f, ...rest } = connection;
  const bare: Flags = { ...rest, router: journaled };
  const env = { ...io.env };
  for (const k of CREDENTIAL_ENV) delete env[k];
  const bareIo: CommandIo = { ...io, env };
  const profile = commandConfig(bare, bareIo);
  if (profile.user !== undefined || profile.password !== undefined || profile.token !== undefined)
    return { flags: bare, io: bareIo };
  const given = commandConfig({ ...connection, router: journaled }, io);
  const secret =
    given.token !== undefined
      ? 'the token'
      : `the password${given.user ? ` for ${sanitizeLine(given.user)}` : ''}`;
  if (given.user !== undefined || given.password !== undefined || given.token !== undefined) {
    if (ask && (await ask(`send ${secret} to ${there} (named only by ${file})?`)))
      return { flags: { ...connection, router: journaled }, io };
    throw usageError(
      `${file} names router ${there}, which neither --router nor a profile names: ${secret} is not sent there (add --router ${there}, or a profile for it)`,
    );
  }
  throw usageError(
    `no login for ${there}, the router ${file} names: add --router ${there} with --user and --password-file, or a profile for it`,
  );
}

function isPlainRouterUrl(u: string): boolean {
  try {
    const url = new URL(u);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `routersh undo --journal FILE TXID`: the transaction's steps that took reverted, after a question (or --yes). */
async function finishTx(
  path: string,
  id: string,
  services: Services,
  runIo: RunIo,
  yes: boolean,
  io: CommandIo,
): Promise<Ending> {
  const signal = new AbortController().signal;
  const question = `revert what transaction ${sanitizeLine(id)} of ${sanitizeLine(path)} sent`;
  if (!yes) {
    if (!runIo.ask) throw commandFailedError(`${question}: not reverted: add --yes (no terminal to ask on)`);
    if (!(await runIo.ask(`${question}?`, signal))) throw commandFailedError('cancelled: nothing sent');
  }
  const root = services.router.apiRoot ?? '/api';
  const journal = await services.journal!.open();
  const r = await finishTransaction(journal, id, { services, signal }, (c) => inconsistency(c, path, root));
  const said = `transaction ${sanitizeLine(id)} ${r.state}: ${sanitizeLine(r.note ?? '')}`;
  if (r.state === 'reverted') {
    io.out(`${said}\n`);
    return OK;
  }
  const e = commandFailedError(said);
  io.err(`${errorLine(e)}\n`);
  return failed(e);
}

async function finishWindow(
  path: string,
  w: WindowStatus,
  services: Services,
  runIo: RunIo,
  yes: boolean,
  io: CommandIo,
): Promise<Ending> {
  const id = w.window;
  const journal = await services.journal!.open();
  const pending = journal.changes().filter((c) => c.window === id && c.status === 'done');
  // Journal text is a file anyone may have written: shown sanitized.
  const list = pending.map((c) => `  #${c.seq} ${sanitizeLine(c.line)}`).join('\n');
  const question = `revert ${pending.length} unconfirmed change(s) of ${sanitizeLine(path)}:\n${list}\n`;
  if (!yes) {
    if (!runIo.ask) throw commandFailedError(`${question}not reverted: add --yes (no terminal to ask on)`);
    if (!(await runIo.ask(`${question}revert them?`, new AbortController().signal)))
      throw commandFailedError('cancelled: nothing sent');
  }
  // One decision per window: the guard (or a shell) must not revert it too. Left unsettled, the
  // revert was decided by a process now gone (or given up): this one finishes it.
  const by = 'routersh undo --journal';
  if (w.state !== 'unsettled') {
    const d = decide(path, id, { kind: 'revert', by });
    if (!d.won && d.decision.kind === 'confirmed')
      throw commandFailedError(`window ${id} was confirmed (${d.decision.by}): its changes are kept`);
    if (!d.won) throw commandFailedError(`window ${id} is being reverted already (${d.decision.by})`);
  }
  const done = await revertWindow(journal, services.router, id, {
    by,
    why: `window ${id} reverted by ${by}`,
  });
  // revertWindow closes the window it finds open; one the journal says unsettled is closed here.
  if (journal.window()?.id !== id && w.state === 'unsettled')
    journal.setWindow({ id, deadline: w.deadline, state: 'reverted' }, { by });
  io.out(sanitizeText(`${done}\n`));
  return OK;
}

/** The journals in the state directory with a confirmed-change window not settled, and its state. */
export function listOpenWindows(io: CommandIo): Ending {
  const dir = journalDir(stateDir(io.env));
  const open: string[] = [];
  for (const file of journalFiles(dir)) {
    let events: ReturnType<typeof readJournalFile>;
    try {
      events = readJournalFile(file);
    } catch {
      continue;
    }
    const f = fold(events);
    const last = f.windows.at(-1);
    if (!last) continue;
    const now = Date.now();
    const w = windowStatus({
      events,
      window: last.id,
      decision: decided(file, last.id),
      alive: processAlive,
      now,
    });
    if (!w || w.state === 'confirmed' || w.state === 'reverted') continue;
    const until = new Date(w.deadline).toTimeString().slice(0, 8);
    const past = w.deadline < now && w.state === 'open' ? ' (ended: its guard did not settle it)' : '';
    const router = sanitizeLine(f.router ?? '');
    open.push(
      `${file}  window ${w.window} until ${until}${past}  ${w.pending} change(s)  ${router}  ${w.state}`,
    );
  }
  io.out(open.length ? `${open.join('\n')}\n` : `no journal in ${dir} has a confirmed-change window open\n`);
  return OK;
}
