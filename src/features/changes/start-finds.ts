// What a start finds (issue 37's one rule): a confirmed-change window nobody is left to settle —
// its guard gone (`unguarded`), its revert begun or given up and not finished (`unsettled`), or
// open past its deadline with nobody reverting it — read from the open-window index and checked
// in its journal (window-status.ts) — and a transaction left half done outside any window (a
// change sent, its answer never recorded; an undo begun, never finished: half-done.ts). Said in
// one line, with the one command that settles it.
import { resolve } from 'node:path';
import { sanitizeLine } from '../../term/sanitize.js';
import { shellWord } from '../../term/shell-quote.js';
import { type HalfDone, type HalfDoneItem, halfDoneJournals } from './half-done.js';
import { type IndexedWindow, indexedWindows } from './open-windows.js';
import { processAlive } from './process-alive.js';
import { needsSettling } from './window-status.js';

export type Finding = IndexedWindow;

/** The windows a start must say something about; `skip`: a journal the command settles itself. */
export function startFindings(
  stateDir: string,
  o: { skip?: string | undefined; now?: number; alive?: (pid: number, start?: string) => boolean } = {},
): Finding[] {
  const found = indexedWindows(stateDir, { alive: o.alive ?? processAlive, now: o.now ?? Date.now() });
  const skip = o.skip === undefined ? undefined : resolve(o.skip);
  return found.filter((w) => resolve(w.journal) !== skip && needsSettling(w.status));
}

/** The one command that settles it: the product's undo path for a window (commands/undo.ts). */
export const settleCommand = (f: Finding): string =>
  sanitizeLine(`routersh undo --journal ${shellWord(f.journal)}`);

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/** `window W of FILE (N changes to ROUTER) has no guard`: what is wrong, sanitized (a journal is anyone's file). */
export function findingText(f: Finding): string {
  const n = f.status.pending;
  const what = `window ${f.window} of ${f.journal} (${n} change${n === 1 ? '' : 's'} to ${f.router})`;
  const why =
    f.status.state === 'unguarded'
      ? 'has no guard: its guard process is gone'
      : f.status.state === 'unsettled'
        ? 'was left unsettled: its revert did not finish'
        : `ended at ${clock(f.deadline)} and nobody reverted it`;
  return sanitizeLine(`${what} ${why}`);
}

/** The line a script gets on stderr (its exit status unchanged). */
export const findingLine = (f: Finding): string =>
  `routersh: ${findingText(f)}; revert it: ${settleCommand(f)}`;

/** The question on a terminal: yes reverts it now. */
export const findingQuestion = (f: Finding): string =>
  `${findingText(f)}: ${f.status.state === 'unsettled' ? 'finish its revert' : 'revert it'} now?`;

/** One thing a killed process left half done outside any window. */
export interface HalfDoneFinding {
  journal: string;
  router: string;
  item: HalfDoneItem;
}

/** The half-done changes and undos a start must say something about; `skip` as for windows. */
export function halfDoneFindings(
  stateDir: string,
  o: { skip?: string | undefined; alive?: (pid: number, start?: string) => boolean } = {},
): HalfDoneFinding[] {
  const skip = o.skip === undefined ? undefined : resolve(o.skip);
  return halfDoneJournals(stateDir, { alive: o.alive ?? processAlive })
    .filter((j: HalfDone) => resolve(j.journal) !== skip)
    .flatMap(({ journal, router, items }) => items.map((item) => ({ journal, router, item })));
}

/**
 * The one command that settles it: undo of that change through the journal (commands/undo.ts).
 * It first reads the node for a change whose answer was lost (the journal then says whether it
 * took) and reverts it if it did; an undo stopped part-way is finished.
 */
export const halfDoneCommand = (f: HalfDoneFinding): string =>
  sanitizeLine(`routersh undo --journal ${shellWord(f.journal)} ${shellWord(f.item.id)}`);

/** `FILE: a change to ROUTER was left half done (#N LINE: …)`, sanitized (a journal is anyone's file). */
export function halfDoneText(f: HalfDoneFinding): string {
  const { seq, line, kind } = f.item;
  if (kind === 'tx')
    return sanitizeLine(
      `${f.journal}: a transaction on ${f.router} was left half done (${f.item.id} ${line}: ${seq} step${seq === 1 ? '' : 's'} sent, never ended)`,
    );
  const why = kind === 'change' ? 'sent, its answer never recorded' : 'its undo stopped part-way';
  const what = kind === 'change' ? 'a change to' : 'an undo on';
  return sanitizeLine(`${f.journal}: ${what} ${f.router} was left half done (#${seq} ${line}: ${why})`);
}

/** The line a script gets on stderr (its exit status unchanged). */
export const halfDoneLine = (f: HalfDoneFinding): string =>
  `routersh: ${halfDoneText(f)}; settle it: ${halfDoneCommand(f)}`;

/** The question on a terminal: yes settles it now (the router ends as before the change). */
export const halfDoneQuestion = (f: HalfDoneFinding): string =>
  `${halfDoneText(f)}: ${f.item.kind === 'tx' ? 'revert its steps sent now' : f.item.kind === 'change' ? 'revert it now if it took' : 'finish its undo now'}?`;
