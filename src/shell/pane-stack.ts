// The shell's panes: each opened with its data source (from the session's panes port, once per
// pane, never per render), stacked when a pane opens another (`c`, `L`), closed back to the one below or to
// the prompt. A lesson's note from the command that opened a pane waits until it closes.
import type { PaneSpec } from '../contract/outcome.js';
import type { RunIo } from '../contract/services.js';
import type { PaneRequest } from '../panes/pane-links.js';
import { runPiped } from '../run/output-pipes.js';
import { runLine } from '../run/runner.js';
import { lineCompleter } from './line-completer.js';
import { openPane, type OpenPane, specOf } from './open-pane.js';
import type { ShellDeps, ShellState } from './shell-state.js';

export interface PaneStack {
  /** A command's pane starts a new stack; with `from`, the new pane goes on top of it. */
  show(spec: PaneSpec, from?: OpenPane): void;
  /** A pane's `c`/`L`: the new pane on top of `from`. */
  openFrom(from: OpenPane, req: PaneRequest): void;
  /** `q` in a pane: back to the pane it came from, or to the prompt. */
  close(): void;
  /** A lesson's note: held while a pane is on the screen, else shown with the prompt at once. */
  lessonNote(note: string): void;
}

export function createPaneStack(o: {
  get: () => ShellState;
  patch: (p: Partial<ShellState>) => void;
  session: () => ShellDeps['session'];
  runIo: () => RunIo;
  /** Back at the prompt: the keys typed meanwhile act. */
  replay: () => void;
}): PaneStack {
  const { get, patch } = o;
  let heldLessonNote: string | undefined;
  const show = (spec: PaneSpec, from?: OpenPane) => {
    const { services } = o.session();
    const io = o.runIo();
    const { panes } = services;
    if (!panes) return;
    const pane = openPane(spec, panes, {
      // The log pane's `b`: a line as if typed at the top level (a pane is not in the shell's context).
      runLine: (line, signal) => runLine(line, { context: [] }, services, signal, io),
      // `| refresh`: in the context the line was typed in, its pipes applied each time.
      runPiped: (
        (context) => async (line: string, signal: AbortSignal) =>
          (await runPiped(line, { context }, services, signal, io)).outcome
      )(get().context),
      complete: lineCompleter(() => {
        const session = o.session();
        const completer = session.services.valueCompleter;
        return {
          cache: session.cache,
          context: [],
          ...(completer ? { valueCompleter: completer } : {}),
        };
      }),
    });
    if (!pane) return;
    const s = get();
    patch({ pane, below: from && s.pane === from ? [...s.below, from] : [] });
  };
  return {
    show,
    openFrom: (from, req) => show(specOf(req), from),
    close: () => {
      const below = get().below;
      patch({ pane: below.at(-1) ?? null, below: below.slice(0, -1) });
      // Back at the prompt: the lesson's note from the command that opened the pane (step done,
      // the next one's instruction). Not written above the live region now: that region is
      // still the full-screen pane, and the note would scroll off with it. It is drawn with the
      // prompt instead.
      if (!below.length && heldLessonNote) {
        patch({ note: heldLessonNote });
        heldLessonNote = undefined;
      }
      o.replay();
    },
    lessonNote: (note) => {
      // The step's check may end after the pane was closed already: shown at once then.
      if (get().pane) heldLessonNote = note;
      else patch({ note });
    },
  };
}
