// tmux driven in control mode (`tmux -C`) for every screen bench (Tab, chart and log keys, log
// RSS, the dashboard): every byte the pane receives is streamed as it arrives, so a key can be
// timed to the first output holding a marker.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export class Control {
  private readonly sock = `routersh-bench-${randomBytes(4).toString('hex')}`;
  private proc!: ChildProcessWithoutNullStreams;
  private buf = '';
  private seen = '';
  private readonly decoder = new TextDecoder('utf-8');
  private waiter: (() => void) | undefined;

  /**
   * Runs `command` in a 120×40 (or given) window with `env` exported. With `launch`, the control
   * client itself starts the server and the session (`tmux -C new-session`), so a launch can be
   * timed from before tmux starts; otherwise the session is made first and then attached.
   */
  start(command: string, env: Record<string, string>, size = { cols: 120, rows: 40 }, launch = false): void {
    const exports = Object.entries({ TERM: 'xterm-256color', ...env })
      .map(([k, v]) => `${k}='${v.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    const session = [
      'new-session',
      '-s',
      'b',
      '-x',
      String(size.cols),
      '-y',
      String(size.rows),
      // exec: the pane's process is the program itself (pid(), peakRssMb()). NODE_EXTRA_CA_CERTS
      // (this sandbox's, rarely a user's) adds ~50 ms to a node start: bench/startup-bench.ts.
      `exec env -u CI -u NODE_EXTRA_CA_CERTS ${exports} ${command}`,
    ];
    if (launch) {
      this.proc = spawn('tmux', ['-L', this.sock, '-C', ...session]);
    } else {
      execFileSync('tmux', ['-L', this.sock, session[0] as string, '-d', ...session.slice(1)]);
      this.proc = spawn('tmux', ['-L', this.sock, '-C', 'attach', '-t', 'b']);
    }
    // Bytes, not text: the pty hands tmux a big frame in pieces of a few KB, and a character's
    // UTF-8 bytes can end one %output line and start the next (a chart's '‹' came out as two
    // U+FFFD). Each line's bytes go through one streaming decoder for the pane.
    this.proc.stdout.setEncoding('latin1');
    this.proc.stdout.on('data', (d: string) => {
      this.buf += d;
      const lines = this.buf.split('\n');
      this.buf = lines.pop() ?? '';
      for (const l of lines)
        if (l.startsWith('%output '))
          this.seen += this.decoder.decode(
            Buffer.from(unescapeOctal(l.slice(l.indexOf(' ', 8) + 1)), 'latin1'),
            {
              stream: true,
            },
          );
      // Only the tail can hold a marker not yet seen; keep the buffer small over long runs.
      if (this.seen.length > 1 << 20) this.seen = this.seen.slice(-(1 << 16));
      this.waiter?.();
    });
  }

  /** Sends keys (tmux key names) and resolves with the ms until the output holds `marker`. */
  async keys(keys: string, marker?: string | RegExp, timeoutMs = 10_000): Promise<number> {
    return this.command(`send-keys -t b ${keys}`, marker, timeoutMs);
  }

  /** Runs tmux commands (`;` between them) and resolves with the ms until the output holds `marker`. */
  async command(command: string, marker?: string | RegExp, timeoutMs = 10_000): Promise<number> {
    this.seen = '';
    const t0 = performance.now();
    this.proc.stdin.write(`${command}\n`);
    if (marker === undefined) return 0;
    await this.until(marker, timeoutMs);
    return performance.now() - t0;
  }

  /** Waits for `marker` in the output since the last keys(): a string as sent, a RegExp on the text without CSI sequences. */
  until(marker: string | RegExp, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no '${marker}' within ${timeoutMs} ms; last output ${JSON.stringify(this.seen.slice(-400))}; screen:\n${this.capture().trimEnd()}`,
            ),
          ),
        timeoutMs,
      );
      const check = () => {
        if (typeof marker === 'string' ? !this.seen.includes(marker) : !marker.test(withoutCsi(this.seen)))
          return;
        clearTimeout(timer);
        this.waiter = undefined;
        resolve();
      };
      this.waiter = check;
      check();
    });
  }

  capture(): string {
    return execFileSync('tmux', ['-L', this.sock, 'capture-pane', '-p', '-t', 'b'], { encoding: 'utf8' });
  }

  /** The pane's process (the command runs under `exec`, so it is the program itself). */
  pid(): number {
    const out = execFileSync('tmux', ['-L', this.sock, 'display-message', '-p', '-t', 'b', '#{pane_pid}'], {
      encoding: 'utf8',
    });
    return Number(out.trim());
  }

  /** Peak resident set of the pane's process so far (VmHWM), in MB. */
  peakRssMb(): number {
    const status = readFileSync(`/proc/${this.pid()}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
  }

  /** Polls the pane until `re` no longer shows (a dismissal drawn, so the next key starts clean). */
  async gone(re: RegExp, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (re.test(this.capture())) {
      if (Date.now() > deadline) throw new Error(`screen still shows ${re}:\n${this.capture()}`);
      await pause(10);
    }
  }

  /** Polls the pane (setup steps, where the text on screen is coloured in pieces). */
  async screen(re: RegExp, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!re.test(this.capture())) {
      if (Date.now() > deadline) throw new Error(`screen did not show ${re}:\n${this.capture()}`);
      await pause(50);
    }
  }

  stop(): void {
    this.proc?.kill();
    try {
      execFileSync('tmux', ['-L', this.sock, 'kill-server']);
    } catch {
      // already gone
    }
  }
}

/** The output's text without CSI sequences (colours, cursor moves), for matching what shows. */
const withoutCsi = (s: string) => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '');

/** Control mode escapes bytes below 32 and the backslash as \ooo. */
const unescapeOctal = (s: string) =>
  s.replace(/\\(\d{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
