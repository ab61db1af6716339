// The terminal before Ink has loaded. Ink and React are most of what a shell's start waits for
// (about 1 MB of code); the session is usually ready first. So the welcome and a plain prompt
// are drawn as soon as the session is, with raw mode on, and the keys typed meanwhile are read
// here, echoed as far as their effect is certain (early-echo.ts) and kept: the shell's key
// source takes them (`handOver`) before it reads stdin itself, in one synchronous step, so a
// key is either in our hands or still in the stream's buffer — never lost, never read twice.
// (Handing them back with `stdin.unshift` lost a key now and then under load: two readers.)
// No Ink or React here (this loads before them).
import { sanitizeLine } from '../term/sanitize.js';
import { promptText } from './editor/prompt-text.js';
import { echoKeys, NO_ECHO } from './early-echo.js';

export interface HeldTerminal {
  /** The welcome and the plain prompt are on the screen (Ink must not write the welcome again). */
  readonly drawn: boolean;
  /** Clears the plain prompt's line: Ink's first frame is written where it was. */
  erase(): void;
  /**
   * Stops reading and gives the keys read so far, in order (once; later calls give none). The
   * key source calls it just before it starts reading stdin itself.
   */
  handOver(): string[];
  /** Gives the terminal's mode back as it was (Ink has its own count of raw mode). */
  release(): void;
}

interface Streams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

/**
 * Raw mode now, on a terminal: a cooked terminal would echo a key itself, turn Ctrl-C into a
 * signal and Ctrl-D into an end-of-file that reads as NUL once raw mode is on. With `draw`,
 * the welcome and the prompt are written at once.
 */
export function holdTerminal(
  io: Streams,
  draw?: {
    welcome: string;
    label: string;
    color: boolean;
    /** Read and echo keys until the shell's key source takes them (not while recording). */
    echo?: boolean;
  },
  signals: Pick<NodeJS.Process, 'on' | 'off'> = process,
): HeldTerminal {
  const { stdin, stdout } = io;
  const raw = stdin.isTTY === true && !stdin.isRaw;
  if (raw) stdin.setRawMode(true);
  const drawn = draw !== undefined && raw && stdout.isTTY === true;
  const prompt = drawn ? sanitizeLine(promptText(draw.label, [])) : '';
  // As PromptLine draws it: the prompt in bold, the typed text, the cursor an inverse blank.
  const line = (typed: string) =>
    draw?.color ? `\x1b[1m${prompt}\x1b[22m${typed}\x1b[7m \x1b[27m` : `${prompt}${typed} `;
  if (drawn) stdout.write(`${draw.welcome}\x1b[?25l${line('')}`);
  const kept: string[] = [];
  let echo = NO_ECHO;
  // Once Ink draws, the line is Ink's: keys read until the key source takes them are kept, unechoed.
  let erased = false;
  const onReadable = () => {
    let chunk: string | null;
    // biome-ignore lint/suspicious/noAssignInExpressions: the stream's read loop
    while ((chunk = stdin.read() as string | null) !== null) {
      kept.push(chunk);
      const room = (stdout.columns || 80) - prompt.length - 2;
      const next = echoKeys(echo, chunk, room);
      if (next.typed !== echo.typed && !erased) stdout.write(`\r${line(next.typed)}\x1b[K`);
      echo = next;
    }
  };
  let reading = drawn && draw.echo === true;
  if (reading) {
    // As Ink reads it (utf8, 'readable' and read()), so the stream is left as Ink expects it.
    stdin.setEncoding('utf8');
    stdin.on('readable', onReadable);
  }
  const stopReading = () => {
    if (!reading) return;
    reading = false;
    stdin.off('readable', onReadable);
  };
  // A stop from outside (kill -TSTP) before the shell's own handler exists (keys/suspend.ts,
  // installed by the key source right after `handOver`) runs none of our code, and the
  // job-control shell leaves the terminal cooked: on `fg`, raw mode again (through cooked:
  // libuv skips a raw mode it believes is on) and, until Ink draws, the plain prompt again
  // below what the job-control shell wrote.
  const onContinue = () => {
    if (raw) {
      stdin.setRawMode(false);
      stdin.setRawMode(true);
    }
    if (drawn && !erased) stdout.write(`\x1b[?25l\r${line(echo.typed)}\x1b[K`);
  };
  if (raw) signals.on('SIGCONT', onContinue);
  const stopContinuing = () => signals.off('SIGCONT', onContinue);
  return {
    drawn,
    erase: () => {
      erased = true;
      if (drawn) stdout.write('\r\x1b[2K');
    },
    handOver: () => {
      stopReading();
      stopContinuing();
      return kept.splice(0);
    },
    release: () => {
      stopReading();
      stopContinuing();
      if (raw && stdin.isRaw) stdin.setRawMode(false);
    },
  };
}
