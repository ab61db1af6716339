// Drives the built binary in a real terminal: tmux on a private socket, send-keys to type,
// capture-pane to read the screen. Every wait polls the screen with a deadline.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = `${ROOT}bin/routersh.cjs`;

export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export class Tmux {
  readonly socket = `routersh-e2e-${randomBytes(4).toString('hex')}`;
  private started = false;

  constructor(
    readonly cols = 120,
    readonly rows = 40,
  ) {}

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /** Starts `command` (a shell string) in a fresh session with the given environment. */
  start(command: string, env: Record<string, string> = {}): void {
    const exports = Object.entries({ TERM: 'xterm-256color', ...env })
      .map(([k, v]) => `${k}=${shellQuote(v)}`)
      .join(' ');
    this.tmux([
      'new-session',
      '-d',
      '-s',
      'app',
      '-x',
      String(this.cols),
      '-y',
      String(this.rows),
      // NODE_EXTRA_CA_CERTS (set on some CI machines) costs every node start ~50 ms of reading
      // certificates; no test needs it unless it names it in `env`.
      `env -u CI -u FORCE_COLOR -u NODE_EXTRA_CA_CERTS ${exports} ${command}; echo "[exited $?]"; sleep 30`,
    ]);
    this.started = true;
  }

  screen(): string {
    return this.tmux(['capture-pane', '-p', '-t', 'app']);
  }

  type(text: string): void {
    this.tmux(['send-keys', '-t', 'app', '-l', text]);
  }

  keys(...names: string[]): void {
    this.tmux(['send-keys', '-t', 'app', ...names]);
  }

  /** Polls the screen until `test` holds; throws with the last screen after `timeoutMs`. */
  async waitFor(test: RegExp | ((s: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const ok = typeof test === 'function' ? test : (s: string) => test.test(s);
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      last = this.screen();
      if (ok(last)) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`screen did not show ${String(test)} within ${timeoutMs} ms:\n${last}`);
  }

  kill(): void {
    if (!this.started) return;
    try {
      this.tmux(['kill-server']);
    } catch {
      // already gone
    }
  }
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
