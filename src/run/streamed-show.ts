// A router show written while its answer arrives (RunIo.stream): the pieces the client hands
// out are sanitized and written at the next turn of the event loop, those of one socket read
// together (not while undici is still reading: each write redraws the shell's live region, and
// the writes of one turn reach the terminal as one). At the end the outcome's text is what was
// written and the message, when what was written is all of the answer's ShowOutput; unless the
// client said the answer's is not what it handed out (a hostile body: a second NodeInfo, a scan
// that stopped) - the whole text (formatShow) then follows the preview, as the answer says it.
import type { Envelope } from '../api/router/types.js';
import type { RunIo } from '../contract/services.js';
import { sanitizeText } from '../term/sanitize.js';

export interface StreamedShow {
  /** A piece of the show's text; null: what came is not the answer's text. */
  onShow(text: string | null): void;
  /** Writes what is still held (before the outcome, or its error, is written). */
  flush(): void;
  /**
   * The answer's text (formatShow's), when what was written is all of its ShowOutput: the
   * pieces written and the message; undefined otherwise (formatShow then renders the answer).
   */
  text(envelope: Envelope): string | undefined;
  /** How many characters at the start of `text`'s answer were written. */
  readonly shown: number;
}

export function streamedShow(write: (text: string) => void): StreamedShow {
  let held: string[] = [];
  let timer: NodeJS.Immediate | undefined;
  // What was given and what was written (sanitized), each a string built by `+=`: V8 keeps it
  // as a rope of the pieces, which nothing reads whole (a 4.8 MB copy on the way to the prompt).
  let given = 0;
  let written = '';
  let lastChar = '';
  let other = false;
  const flush = () => {
    if (timer) clearImmediate(timer);
    timer = undefined;
    const pieces = held;
    held = [];
    // Piece by piece: joining them copied the whole show once more (~a JSON.parse of it).
    for (const p of pieces) write(p);
  };
  return {
    onShow(text) {
      if (text === null) {
        other = true;
        return;
      }
      given += text.length;
      const clean = sanitizeText(text);
      if (clean === '') return;
      held.push(clean);
      written += clean;
      lastChar = clean[clean.length - 1] ?? '';
      timer ??= setImmediate(flush);
    },
    flush,
    text(envelope) {
      const out = envelope.nodeInfo?.showOutput;
      // The client said null unless its ShowOutput is what it handed out (client.ts showStream).
      if (other || written === '' || typeof out !== 'string' || out.length !== given) return undefined;
      // formatShow's: the pieces are the text sanitized a line at a time (sanitizeText of the
      // whole, test/api/router/show-stream.test.ts), then a line end, then the message.
      return `${written}${lastChar === '\n' ? '' : '\n'}${sanitizeText(envelope.message)}`;
    },
    get shown() {
      return written.length;
    },
  };
}

/** The same io without `stream`: a piped line, a line with secrets, output kept for a pane. */
export function unstreamed(io: RunIo): RunIo {
  if (!io.stream) return io;
  const { stream: _, ...rest } = io;
  return rest;
}
