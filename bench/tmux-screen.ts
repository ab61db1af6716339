// A tmux session watched through one control-mode client that receives no pane output
// (`attach -f no-output,ignore-size`): keys and `capture-pane` go down its stdin and come back as
// %begin/%end blocks, so polling the screen costs no process per poll. Polling by running a
// `tmux` client per look (what show-bench did until 4 Dec) forks one process after another on
// a 2-core machine, and that CPU is taken from whatever is being measured: `cat` needs almost
// none (the kernel and tmux do its work), routersh needs a core to parse and print its answer.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const POLL_MS = 2;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class TmuxScreen {
  private readonly sock = `routersh-bench-${randomBytes(4).toString('hex')}`;
  private readonly proc: ChildProcessWithoutNullStreams;
  private buf = '';
  private block: string[] | null = null;
  /** Resolvers of the commands sent, in order: tmux answers each with one block, in order. */
  private readonly pending: Array<(text: string) => void> = [];
  private readonly attached: Promise<string>;

  /** `command` in a `cols`×`rows` window (the command runs under `env -u CI`). */
  constructor(command: string, size = { cols: 120, rows: 40 }) {
    execFileSync('tmux', [
      '-L',
      this.sock,
      'new-session',
      '-d',
      '-s',
      'b',
      '-x',
      String(size.cols),
      '-y',
      String(size.rows),
      `env -u CI ${command}`,
    ]);
    this.proc = spawn('tmux', ['-L', this.sock, '-C', 'attach', '-f', 'no-output,ignore-size', '-t', 'b']);
    // The attach itself is answered with the first block.
    this.attached = new Promise((resolve) => this.pending.push(resolve));
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (d: string) => this.take(d));
  }

  private take(d: string): void {
    this.buf += d;
    const lines = this.buf.split('\n');
    this.buf = lines.pop() ?? '';
    for (const line of lines) {
      if (this.block === null) {
        if (line.startsWith('%begin ')) this.block = [];
      } else if (line.startsWith('%end ') || line.startsWith('%error ')) {
        const text = this.block.join('\n');
        this.block = null;
        this.pending.shift()?.(text);
      } else this.block.push(line);
    }
  }

  /** Runs one tmux command; resolves with its output once tmux has run it. */
  async run(command: string): Promise<string> {
    await this.attached;
    return new Promise((resolve) => {
      this.pending.push(resolve);
      this.proc.stdin.write(`${command}\n`);
    });
  }

  /** What the pane shows now. */
  capture(): Promise<string> {
    return this.run('capture-pane -p -t b');
  }

  /**
   * Polls the screen every `every` ms until `test` holds: the time (performance.now()) of the
   * capture that held. Back to back, the captures kept tmux's server busy (10,000 a second) while
   * it was parsing the very output being timed; at 2 ms they cost it nothing measurable.
   */
  async until(test: (screen: string) => boolean, ms = 120_000, every = POLL_MS): Promise<number> {
    const t0 = performance.now();
    while (performance.now() - t0 < ms) {
      const screen = await this.capture();
      if (test(screen)) return performance.now();
      await pause(every);
    }
    throw new Error(`screen never matched within ${ms} ms:\n${await this.capture()}`);
  }

  /** The tmux server's process (it parses everything the pane's programs write). */
  async serverPid(): Promise<number> {
    return Number((await this.run("display-message -p '#{pid}'")).trim());
  }

  /** The pane's first process. */
  async panePid(): Promise<number> {
    return Number((await this.run("display-message -p -t b '#{pane_pid}'")).trim());
  }

  kill(): void {
    this.proc.kill();
    try {
      execFileSync('tmux', ['-L', this.sock, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
}
