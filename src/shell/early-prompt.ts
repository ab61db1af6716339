// The terminal before Ink has loaded. Ink and React are most of what a shell's start waits for
// (about 1 MB of code); the session is usually ready first. So the welcome and a plain prompt
// are drawn as soon as the session is, with raw mode on, and the keys typed meanwhile are read
// here: plain characters are echoed at once (the prompt takes keys from the moment it shows),
// and at hand-over every byte read goes back into stdin (`unshift`) for Ink's key source to
// read as if nothing had: none is lost, none is acted on twice. Ink then draws its prompt, with
// the same text, over the plain one. No Ink or React here (this loads before them).
import { sanitizeLine } from '../term/sanitize.js';
import { promptText } from './editor/prompt-text.js';

export interface HeldTerminal {
  /** The welcome and the plain prompt are on the screen (Ink must not write the welcome again). */
  readonly drawn: boolean;
  /** Stops reading keys, gives them back to stdin and clears the plain prompt's line: Ink's first frame is written where it was. */
  handOver(): void;
  /** Gives the terminal's mode back as it was (Ink has its own count of raw mode). */
  release(): void;
}

interface Streams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

/** Keys echoed before Ink: printable ASCII only (anything else waits for Ink, unechoed). */
const PLAIN = /^[\x20-\x7e]+$/;

/**
 * Raw mode now, on a terminal: a cooked terminal would echo a key itself, turn Ctrl-C into a
 * signal and Ctrl-D into an end-of-file that reads as NUL once raw mode is on. With `draw`,
 * the welcome and the prompt are written at once, and typed characters echoed.
 */
export function holdTerminal(
  io: Streams,
  draw?: { welcome: string; label: string; color: boolean },
): HeldTerminal {
  const { stdin, stdout } = io;
  const raw = stdin.isTTY === true && !stdin.isRaw;
  if (raw) stdin.setRawMode(true);
  const drawn = draw !== undefined && raw && stdout.isTTY === true;
  const read: Buffer[] = [];
  let echoing = drawn;
  let room = 0;
  const onData = (d: Buffer | string) => {
    const chunk = typeof d === 'string' ? Buffer.from(d) : d;
    read.push(chunk);
    if (!echoing) return;
    const text = chunk.toString('latin1');
    // The first key that is not plain text (Enter, Tab, an arrow, Ctrl-…) ends the echo: it and
    // all after it wait for Ink, which acts on them in order.
    if (!PLAIN.test(text) || text.length > room) {
      echoing = false;
      return;
    }
    room -= text.length;
    stdout.write(text);
  };
  if (drawn) {
    const prompt = sanitizeLine(promptText(draw.label, []));
    // As PromptLine draws it, the prompt in bold; the terminal's own cursor shows where keys go
    // (Ink hides it when it draws).
    const text = draw.color ? `\x1b[1m${prompt}\x1b[22m` : prompt;
    stdout.write(`${draw.welcome}${text}`);
    // Echoed text stays on the prompt's line.
    room = Math.max(0, (stdout.columns || 80) - prompt.length - 2);
    stdin.on('data', onData);
  }
  let handedOver = false;
  return {
    drawn,
    handOver: () => {
      if (!drawn || handedOver) return;
      handedOver = true;
      stdin.off('data', onData);
      // Flowing with no listener would drop what comes next: paused, stdin keeps it for Ink.
      stdin.pause();
      if (read.length) stdin.unshift(Buffer.concat(read));
      stdout.write('\r\x1b[2K');
    },
    release: () => {
      stdin.off('data', onData);
      if (raw && stdin.isRaw) stdin.setRawMode(false);
    },
  };
}
