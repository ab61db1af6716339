// tmux with what the terminal-safety tests need beyond test/e2e/tmux.ts: the raw bytes the
// pane received (pipe-pane to a file), resizing the window, and the scrollback (history).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Tmux } from '../e2e/tmux.js';

export class RawTmux extends Tmux {
  run(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /** From now on, every byte the program writes to the pane is appended to `file`. */
  pipeTo(file: string): void {
    this.run(['pipe-pane', '-O', '-t', 'app', `cat >> '${file}'`]);
  }

  /** The bytes piped so far (latin1 keeps every byte; decode as UTF-8 for characters). */
  static raw(file: string): string {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  }

  resize(cols: number, rows: number): void {
    this.run(['resize-window', '-t', 'app', '-x', String(cols), '-y', String(rows)]);
  }

  /** The screen and up to `lines` lines of scrollback above it. */
  history(lines = 500): string {
    return this.run(['capture-pane', '-p', '-t', 'app', '-S', `-${lines}`]);
  }
}

/** The pid of the first descendant of `pid` whose command is `comm` (e.g. the node under bash). */
export function descendant(pid: number, comm: string): number | undefined {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .map(([p, pp, c]) => ({ pid: Number(p), ppid: Number(pp), comm: c ?? '' }));
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const r of rows.filter((x) => x.ppid === parent)) {
      if (r.comm === comm) return r.pid;
      queue.push(r.pid);
    }
  }
  return undefined;
}
