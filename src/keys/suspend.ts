// Ctrl-Z and `fg`, as readline does them: give the terminal back (cooked mode, no bracketed
// paste, cursor shown), stop with SIGTSTP, and on SIGCONT take it again and redraw. A stop
// from outside (kill -TSTP, kill -STOP) runs none of our code, and the job-control shell
// leaves the terminal cooked: SIGCONT restores raw mode whoever stopped us.

const PASTE_ON = '\u001b[?2004h';
const PASTE_OFF = '\u001b[?2004l';
const CURSOR_SHOW = '\u001b[?25h';
const CURSOR_HIDE = '\u001b[?25l';

export interface SuspendTerminal {
  stdin: { setRawMode(raw: boolean): unknown };
  write(s: string): void;
  bracketedPaste: boolean;
  /** Before stopping: e.g. erase the live region, so the job-control shell writes below the scrollback. */
  beforeStop?: (() => void) | undefined;
  /** After continuing: draw the live region again. */
  redraw(): void;
}

export interface SuspendControl {
  /** Ctrl-Z. */
  suspend(): void;
  dispose(): void;
}

/** How long to wait for SIGCONT before deciding the stop was discarded (an orphaned process group). */
const DISCARDED_AFTER_MS = 100;

export function createSuspend(
  t: SuspendTerminal,
  signals: Pick<NodeJS.Process, 'on' | 'off' | 'kill' | 'pid'> = process,
): SuspendControl {
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const resume = () => {
    if (fallback) clearTimeout(fallback);
    fallback = undefined;
    // libuv skips setRawMode(true) when it believes raw mode is on; after an outside stop the
    // terminal is cooked, so go through cooked mode to really set raw again.
    t.stdin.setRawMode(false);
    t.stdin.setRawMode(true);
    t.write(`${t.bracketedPaste ? PASTE_ON : ''}${CURSOR_HIDE}`);
    t.redraw();
  };
  signals.on('SIGCONT', resume);
  return {
    suspend() {
      t.beforeStop?.();
      t.write(`${t.bracketedPaste ? PASTE_OFF : ''}${CURSOR_SHOW}`);
      t.stdin.setRawMode(false);
      // The kernel discards SIGTSTP in a process group without job control (no SIGCONT follows):
      // then the terminal is taken back after a moment. After a real stop this timer is
      // already due when we continue, and resume twice is harmless.
      fallback = setTimeout(resume, DISCARDED_AFTER_MS);
      signals.kill(signals.pid, 'SIGTSTP');
    },
    dispose() {
      if (fallback) clearTimeout(fallback);
      signals.off('SIGCONT', resume);
    },
  };
}
