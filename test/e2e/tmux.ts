// Drives the built binary in a real terminal: tmux on a private socket, send-keys to type,
// capture-pane to read the screen. Every wait reads the screen again when the pane has had
// output since it last looked (a control-mode client streams each), or every 250 ms regardless,
// until a deadline: capturing every 50 ms spawned ~2,300 tmux clients per `npm test`. A wait's
// reads, and the keys typed, are commands to that same control client, not a new tmux client
// each: spawning one from a test worker of ~200 MB cost ~7 ms of CPU (the fork, in the kernel)
// and ~16 ms of the worker's time, its simulators waiting, ~1,400 times a run. Keys typed with
// no wait between them reach the program in one write, as a fast typist's do over a slow link
// (tmux writes what its commands sent in one turn at once; answering each before sending the
// next does not part them either, measured): a test that needs two keys read apart waits for
// the screen between them.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = `${ROOT}bin/routersh.cjs`;

/** Whether a tmux runs from this PATH (the process's by default). */
export function tmuxFound(path = process.env.PATH): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore', env: { ...process.env, PATH: path ?? '' } });
    return true;
  } catch {
    return false;
  }
}

let tmuxThere: boolean | undefined;
/** tmuxFound for this process's PATH, asked once. */
export function hasTmux(): boolean {
  tmuxThere ??= tmuxFound();
  return tmuxThere;
}

export class Tmux {
  readonly socket = `routersh-e2e-${randomBytes(4).toString('hex')}`;
  private started = false;
  /**
   * A control-mode client: it prints a line for every output the pane gets, and runs this
   * object's commands in the order they are written to it (keys typed, then a screen read).
   */
  private watcher: ChildProcess | undefined;
  /** A typed key's command that tmux refused: the next wait throws it. */
  private refused: Error | undefined;
  /** Output came since the screen was last read (true until a first read). */
  private changed = true;
  private wake: (() => void) | undefined;
  private readAt = 0;
  /** When the pane last had output. */
  private outputAt = 0;
  /** The last of what the control client streamed (`%output` lines, control bytes escaped). */
  private streamed = '';
  /** The control client's reply lines so far, and the commands sent to it still unanswered. */
  private reply: string[] | undefined;
  private partial = '';
  private readonly asked: Array<{ resolve: (lines: string[]) => void; reject: (e: Error) => void }> = [];

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
    // A control client has no size of its own: the window keeps the size given above (checked
    // by test/e2e/tmux-client.test.ts). Not read-only: it sends the keys typed.
    this.watcher = spawn('tmux', ['-L', this.socket, '-C', 'attach-session', '-t', 'app'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.watcher.stdout?.setEncoding('utf8');
    this.watcher.stdout?.on('data', (d: string) => {
      const lines = (this.partial + d).split('\n');
      this.partial = lines.pop()!;
      for (const line of lines) this.controlLine(line);
    });
    const gone = () => {
      this.watcher = undefined;
      for (const a of this.asked.splice(0)) a.reject(new Error('the control client ended'));
    };
    this.watcher.on('error', gone);
    this.watcher.on('exit', gone);
  }

  /**
   * One line from the control client: a reply block (`%begin … 1` to `%end`/`%error`, flag 1:
   * a command this client sent, answered in order, its lines raw) or a notification
   * (`%output`: the pane had output).
   */
  private controlLine(line: string): void {
    if (this.reply) {
      const end = /^%(end|error) \d+ \d+ 1$/.exec(line);
      if (!end) {
        this.reply.push(line);
        return;
      }
      const lines = this.reply;
      this.reply = undefined;
      const a = this.asked.shift();
      if (end[1] === 'end') a?.resolve(lines);
      else a?.reject(new Error(lines.join('\n')));
      return;
    }
    if (/^%begin \d+ \d+ 1$/.test(line)) {
      this.reply = [];
      return;
    }
    if (line.startsWith('%output ')) {
      this.streamed = `${this.streamed}${line}\n`.slice(-16_384);
      this.changed = true;
      this.outputAt = Date.now();
      this.wake?.();
    }
  }

  screen(): string {
    return this.tmux(this.capture());
  }

  /** The pane's output as streamed so far (its last 16 KiB, control bytes escaped): every frame drawn, not only the last. */
  output(): string {
    return this.streamed;
  }

  /**
   * The screen, read without blocking this process: the simulators of a test file live in it,
   * and a synchronous read while a spinner draws (every 20 ms, four terminals at once on a
   * loaded machine) starved them, so each change waited on its router for seconds.
   */
  private screenAsync(): Promise<string> {
    const capture = this.capture();
    if (this.refused) return Promise.reject(this.refused);
    const asked = this.ask(capture);
    if (asked) return asked.then((lines) => lines.map((l) => `${l}\n`).join(''));
    const args = ['-L', this.socket, ...capture];
    return new Promise((resolve, reject) =>
      execFile('tmux', args, { encoding: 'utf8' }, (e, out) => (e ? reject(e) : resolve(out))),
    );
  }

  /**
   * A command run by the control client, answered in the order written (undefined when there
   * is none). Its words are quoted for tmux's parser: single quotes keep every character but a
   * line break and `'` itself, which `keysOf` never hands it.
   */
  private ask(args: string[]): Promise<string[]> | undefined {
    const w = this.watcher;
    if (!w?.stdin?.writable) return undefined;
    return new Promise<string[]>((resolve, reject) => {
      this.asked.push({ resolve, reject });
      w.stdin!.write(`${args.map(tmuxQuote).join(' ')}\n`);
    });
  }

  /** Sends keys through the control client (or a tmux client of its own when there is none). */
  private send(args: string[]): void {
    const asked = this.ask(args);
    if (!asked) {
      this.tmux(args);
      return;
    }
    asked.catch((e: unknown) => {
      this.refused ??= e instanceof Error ? e : new Error(String(e));
    });
  }

  /** capture-pane's arguments; the screen counts as read from now. */
  private capture(): string[] {
    this.changed = false;
    this.readAt = Date.now();
    return ['capture-pane', '-p', '-t', 'app'];
  }

  type(text: string): void {
    for (const part of keysOf(text)) this.send(['send-keys', '-t', 'app', ...part]);
  }

  keys(...names: string[]): void {
    this.send(['send-keys', '-t', 'app', ...names]);
  }

  /**
   * Polls the screen until `test` holds; throws with the last screen after `timeoutMs`, a hang
   * guard far above the time a step takes beside stress-ng on two cores.
   */
  async waitFor(test: RegExp | ((s: string) => boolean), timeoutMs = 60_000): Promise<string> {
    const ok = typeof test === 'function' ? test : (s: string) => test.test(s);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.quiet();
      const last = await this.screenAsync();
      if (ok(last)) return last;
      if (Date.now() >= deadline)
        throw new Error(`screen did not show ${String(test)} within ${timeoutMs} ms:\n${last}`);
      await this.nextOutput(Math.min(250, deadline - Date.now()));
    }
  }

  /**
   * Resolves as soon as the pane's output matches `re` — matched in what the control client
   * streams, with no screen read in between, so a key sent next goes out at once (prompt-keys:
   * reading the screen back to back for that spawned a tmux client every few ms). Output from
   * before the client attached is not streamed: the screen is read too, every 250 ms.
   */
  async waitForOutput(re: RegExp, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (re.test(this.streamed)) return;
      if (Date.now() - this.readAt >= 250 && re.test(await this.screenAsync())) return;
      if (Date.now() >= deadline)
        throw new Error(`output did not show ${String(re)} within ${timeoutMs} ms:\n${this.screen()}`);
      await this.outputOr(250);
    }
  }

  /**
   * Resolves at the pane's next output (at once if some came since the last read), but not
   * within 20 ms of the last read (a pane that draws all the time is read as often as before),
   * or after `ms`.
   */
  private async nextOutput(ms: number): Promise<void> {
    const sleep = (t: number) => new Promise<void>((r) => setTimeout(r, t));
    const since = Date.now() - this.readAt;
    if (since < 20) await sleep(20 - since);
    if (this.changed) return;
    await this.outputOr(ms);
  }

  /**
   * Resolves once the pane has had no output for 5 ms (at most 50 ms): a frame reaches tmux in
   * pieces, and a read through the control client comes at once (a spawned client took ~10 ms),
   * so it could catch a frame half drawn — the status line of a chart without its axis.
   */
  private async quiet(): Promise<void> {
    const until = Date.now() + 50;
    while (Date.now() - this.outputAt < 5 && Date.now() < until) await this.outputOr(5);
  }

  /** Resolves at the pane's next output, or after `ms`. */
  private outputOr(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, ms));
      this.wake = done;
    });
  }

  kill(): void {
    this.watcher?.kill();
    this.watcher = undefined;
    if (!this.started) return;
    try {
      this.tmux(['kill-server']);
    } catch {
      // already gone
    }
  }
}

/**
 * A typed text as send-keys arguments, in order: runs of printable characters as literal text
 * (`-l`, after `--`: a run that starts with `-`, as a random token may, is typed, not read as a
 * flag), the ASCII control characters and `'` byte by byte as hexadecimal (`-H`): tmux types
 * either exactly as `-l` would the whole text.
 */
export function keysOf(text: string): string[][] {
  const parts: string[][] = [];
  for (const [run] of text.matchAll(/[^\x00-\x1f\x7f']+|[\x00-\x1f\x7f']+/gu)) {
    if (/^[\x00-\x1f\x7f']/.test(run))
      parts.push(['-H', ...[...run].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0'))]);
    else parts.push(['-l', '--', run]);
  }
  return parts;
}

/** A word for tmux's command parser, quoted so that no character in it is special. */
function tmuxQuote(word: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(word)) return word;
  if (!word.includes("'")) return `'${word}'`;
  return `"${word.replace(/[\\"$]/g, (c) => `\\${c}`)}"`;
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
