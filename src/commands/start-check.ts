// The start rule (issue 37): every start that reaches the router (the shell, -c, -f, stdin,
// `learn`, `play`, `dash FILE`, `api`, `match-list`, `undo`, `confirm`) first looks for a
// confirmed-change window nobody is left to settle — its guard killed while the shell was
// closed, a revert left half done, an end nobody kept — and for a change or an undo that a
// killed process left half done outside any window (features/changes/half-done.ts). On a
// terminal it asks, and yes settles it through the product's undo path (`routersh undo
// --journal FILE [ID]`, a window deciding through window-decision.ts); in a script it says so
// in one line on stderr, with the command that settles it, and the script's exit status is its
// own. With nothing to find it costs one directory read: the open-window index's
// (window-index.ts, pending-index.ts); the rest loads only when it holds something.
import type { Flags } from '../cli/args.js';
import { stateDir } from '../config/paths.js';
import type { CommandIo } from '../contract/command-io.js';
import { indexNames } from '../features/changes/window-index.js';

export interface StartScope {
  /** The start's connection flags: the undo path logs in with them (or a profile for the journal's router). */
  connection?: Flags | undefined;
  /** A journal this command settles itself (`undo --journal FILE`, `confirm --journal FILE`). */
  skip?: string | undefined;
}

export interface StartCheckDeps {
  /** The index's entries (one directory read). */
  names: (stateDir: string) => string[];
}

const DEPS: StartCheckDeps = { names: indexNames };

export async function startCheck(io: CommandIo, scope: StartScope = {}, deps = DEPS): Promise<void> {
  const dir = stateDir(io.env);
  if (deps.names(dir).length === 0) return;
  try {
    const finds = await import('../features/changes/start-finds.js');
    const found = finds.startFindings(dir, { skip: scope.skip });
    const halfDone = finds.halfDoneFindings(dir, { skip: scope.skip });
    if (found.length === 0 && halfDone.length === 0) return;
    const terminal = io.stdin.isTTY === true && io.stderr.isTTY === true;
    if (!terminal) {
      for (const f of found) io.err(`${finds.findingLine(f)}\n`);
      for (const f of halfDone) io.err(`${finds.halfDoneLine(f)}\n`);
      return;
    }
    const { askOnTerminal } = await import('./batch.js');
    for (const f of halfDone) {
      const command = finds.halfDoneCommand(f);
      if (!(await askOnTerminal(io, finds.halfDoneQuestion(f), { yes: true }))) {
        io.err(`left as it is: ${command} settles it\n`);
        continue;
      }
      await settleFound({ journal: f.journal, which: f.item.id }, command, scope, io);
    }
    for (const f of found) {
      const command = finds.settleCommand(f);
      if (!(await askOnTerminal(io, finds.findingQuestion(f), { yes: true }))) {
        io.err(`left as it is: ${command} reverts it, routersh confirm --journal … keeps it\n`);
        continue;
      }
      await settleFound({ journal: f.journal, window: f.window }, command, scope, io);
    }
  } catch (e) {
    // A check that fails never stops the start it runs before.
    const { sanitizeLine } = await import('../term/sanitize.js');
    io.err(`routersh: the open windows were not checked: ${sanitizeLine(String((e as Error)?.message))}\n`);
  }
}

/**
 * Yes: the window is finished as `routersh undo --journal FILE --yes` finishes it; a change left
 * half done is settled as `routersh undo --journal FILE ID --yes` settles it.
 */
async function settleFound(
  f: { journal: string; window: string } | { journal: string; which: string },
  command: string,
  scope: StartScope,
  io: CommandIo,
): Promise<void> {
  const [{ runUndoJournal }, { splitConnectionArgs }, { errorLine }, { asRoutershError }] = await Promise.all(
    [
      import('./undo-journal.js'),
      import('../cli/args.js'),
      import('../term/error-line.js'),
      import('../errors.js'),
    ],
  );
  const connection = scope.connection ?? splitConnectionArgs([]).connection;
  const what = 'window' in f ? 'reverted' : 'settled';
  try {
    const ending = await runUndoJournal({ connection: { ...connection, yes: true }, asked: true, ...f }, io);
    if (ending.kind !== 'ok') io.err(`not ${what}: ${command} tries again\n`);
  } catch (e) {
    io.err(`${errorLine(asRoutershError(e))}\nnot ${what}: ${command} tries again\n`);
  }
}
