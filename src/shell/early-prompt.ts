// The terminal before Ink has loaded. Ink and React are most of what a shell's start waits for
// (about 1 MB of code); the session is usually ready first. So the welcome and a plain prompt
// are drawn as soon as the session is, with raw mode on: the keys typed meanwhile wait in the
// terminal's buffer, unechoed, until Ink's key source reads them (none is lost), and Ink then
// draws its prompt over the plain one. No Ink or React here (this loads before them).
// (Echoing the keys here and handing them back with `stdin.unshift` was tried: under load a
// key was lost now and then between the two readers, so the terminal keeps them instead.)
import { sanitizeLine } from '../term/sanitize.js';
import { promptText } from './editor/prompt-text.js';

export interface HeldTerminal {
  /** The welcome and the plain prompt are on the screen (Ink must not write the welcome again). */
  readonly drawn: boolean;
  /** Clears the plain prompt's line: Ink's first frame is written where it was. */
  erase(): void;
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
  draw?: { welcome: string; label: string; color: boolean },
): HeldTerminal {
  const { stdin, stdout } = io;
  const raw = stdin.isTTY === true && !stdin.isRaw;
  if (raw) stdin.setRawMode(true);
  const drawn = draw !== undefined && raw && stdout.isTTY === true;
  if (drawn) {
    const prompt = sanitizeLine(promptText(draw.label, []));
    // As PromptLine draws it: the prompt in bold, the cursor an inverse blank.
    const text = draw.color ? `\x1b[1m${prompt}\x1b[22m\x1b[7m \x1b[27m` : `${prompt} `;
    stdout.write(`${draw.welcome}\x1b[?25l${text}`);
  }
  return {
    drawn,
    erase: () => {
      if (drawn) stdout.write('\r\x1b[2K');
    },
    release: () => {
      if (raw && stdin.isRaw) stdin.setRawMode(false);
    },
  };
}
