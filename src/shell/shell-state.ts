// What the shell's controller (shell-controller.ts) keeps in its store, and what it is given:
// the state the Ink tree draws, and the session and terminal edges it acts on.
import type { ScannedLine } from '../lang/index.js';
import type { PagerSize, PagerState } from './pager.js';
import type { Session } from '../session/session.js';
import type { LineMask } from './mask-line.js';
import type { OpenPane } from './open-pane.js';
import type { PromptState } from './prompt-state.js';

export interface ShellState {
  prompt: PromptState;
  context: string[];
  /**
   * `progress`: a long command's own line (match-list import: count, rate, ETA). `echo`: the line
   * entered, drawn at the prompt until its metadata is read and it is echoed (line-runner.ts).
   */
  running: { since: number; progress?: string; echo?: string } | null;
  pane: OpenPane | null;
  /** The panes `pane` was opened from (`c`, `L`), the last one next: `q` goes back to it. */
  below: OpenPane[];
  /** `--More--` under an output taller than the window; the run waits until it is done. */
  pager: PagerState | null;
  /** A question waiting for its key: it is the prompt line (asker.ts). */
  question?: string | null;
  /**
   * A lesson's note held while the pane its command opened was on the screen: drawn above the
   * prompt (the live region, so it shows whenever Ink draws the prompt again), and printed into
   * the scrollback when the next line runs.
   */
  note?: string | null;
  /**
   * The shell is being left (Ctrl-D, exit): what becomes of an open window is carried out, so
   * the prompt drawn meanwhile, and the last one left on the screen, shows no time left in it.
   */
  leaving?: boolean;
}

export interface ShellDeps {
  session: Pick<Session, 'services' | 'cache' | 'label' | 'fleet'>;
  /** The history as the `history` built-in shows it (secrets redacted). */
  shownHistory?: (() => string[]) | undefined;
  /** Records a command as typed in `context` (the context lets redaction read the metadata). */
  recordHistory: (line: string, context: readonly string[], scan?: ScannedLine) => void;
  onExit: () => void;
  /** Writes text above the live region (Ink's write path); the terminal keeps the scrollback. */
  print: (text: string) => void;
  /** The next frame is drawn at once, not at the end of Ink's throttle window. */
  redraw?: (() => void) | undefined;
  color: boolean;
  /** The window, when output taller than it is paged (a terminal, the pager not turned off). */
  pagerSize?: (() => PagerSize | undefined) | undefined;
  /** Ctrl-L. */
  onClearScreen?: (() => void) | undefined;
  /** The terminal's rows (the menu's page), when known. */
  rows?: (() => number | undefined) | undefined;
  /** How a typed line is echoed when secrets are masked (`--record`, `play`). */
  mask?: LineMask | undefined;
}
