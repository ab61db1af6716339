// What the shell writes above the live region (Ink's write path; the terminal keeps the
// scrollback): items as they come, never kept, and an output taller than the window through
// the pager (`--More--`), which the run waits on.
import type { Key } from '../keys/key-parser.js';
import { sanitizeText } from '../term/sanitize.js';
import { pagerStep, startPager, type PagerAction, type PagerState } from './pager.js';
import { pagerKeyAction } from './pager-keys.js';
import { item, itemText, type ShellItem } from './scrollback.js';
import type { ShellDeps, ShellState } from './shell-state.js';

/** Longer than one of Ink's frames (30 per second): its throttled render has drawn by then. */
const FRAME_MS = 50;

export interface ShellOutput {
  push(...add: ShellItem[]): void;
  /** A note (`info`) line. */
  say(text: string): void;
  /**
   * A note from outside the command's output (a window that ended, its guard gone): the live
   * region is drawn again first, as things are now, since Ink draws its last frame again under
   * what it writes — a window just settled would leave a prompt with its time left under it.
   */
  note(text: string): void;
  /** A command's output; paged when `page` and it is taller than the window. */
  output(text: string, page: boolean): void;
  /**
   * A writer of a command's output as it arrives (RunIo.stream), when nothing would page it
   * (no pager: `--no-pager`, or no window size); undefined otherwise.
   */
  streamer(): ((text: string) => void) | undefined;
  /** Settles when the pager is done (every line written, or the rest dropped); at once without one. */
  pagerClosed(): Promise<void>;
  /** A key while the pager is open. */
  pagerKey(key: Key): void;
  closePager(): void;
}

export function createShellOutput(
  get: () => ShellState,
  patch: (p: Partial<ShellState>) => void,
  deps: () => Pick<ShellDeps, 'print' | 'color' | 'pagerSize' | 'redraw'>,
): ShellOutput {
  let pagerDone: (() => void) | null = null;
  const push = (...add: ShellItem[]) => {
    const d = deps();
    // One item (a command's output) is written as the string it is: no join, no copy.
    d.print(
      add.length === 1 && add[0]
        ? itemText(add[0], d.color)
        : add.map((it) => itemText(it, d.color)).join(''),
    );
  };
  const closePager = () => {
    const done = pagerDone;
    pagerDone = null;
    if (get().pager) patch({ pager: null });
    done?.();
  };
  const pagerAct = (p: PagerState, action: PagerAction) => {
    // Pages follow the window as it is now (it may have been resized under --More--).
    const step = pagerStep({ ...p, size: deps().pagerSize?.() ?? p.size }, action);
    if (step.write) deps().print(step.write);
    patch({ pager: step.state });
    if (!step.state) closePager();
  };
  // The pager's first page is written once Ink has drawn the one-line `--More--` frame: Ink's
  // write redraws the frame it drew last under the text, and a taller one (prompt and spinner)
  // would push the top of the page off the screen. A key pressed before then writes it at once.
  const output = (text: string, page: boolean) => {
    const size = page ? deps().pagerSize?.() : undefined;
    const pager = size ? startPager(sanitizeText(text), size) : null;
    if (!pager) return push(item('output', text));
    patch({ pager });
    setTimeout(() => {
      const p = get().pager;
      if (p === pager) pagerAct(p, { type: 'page' });
    }, FRAME_MS);
  };
  return {
    push,
    say: (text) => push(item('info', text)),
    note: (text) => {
      // React draws a store change in a microtask of its own, queued here first: the note is
      // written after it (notes keep their order; a command's output comes later still).
      deps().redraw?.();
      patch({});
      queueMicrotask(() => push(item('info', text)));
    },
    output,
    // Pieces are written as they are (each ends a line, but the last): no newline added.
    streamer: () => (deps().pagerSize?.() ? undefined : (text) => deps().print(sanitizeText(text))),
    pagerClosed: () =>
      get().pager ? new Promise<void>((resolve) => (pagerDone = resolve)) : Promise.resolve(),
    pagerKey: (key) => {
      const p = get().pager;
      if (!p) return;
      const action = pagerKeyAction(key, p.query !== null);
      if (action) pagerAct(p, action);
    },
    closePager,
  };
}
