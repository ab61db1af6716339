// A router show written while its answer arrives (RunIo.stream): the pieces the client hands
// out are sanitized and written at the next turn of the event loop, those of one socket read
// together (not while undici is still reading: each write redraws the shell's live region, and
// the writes of one turn reach the terminal as one). At the end the
// outcome says how much of the text the whole answer renders (formatShow) is on the screen
// already: all of its ShowOutput, unless the client said the answer's is not what it handed
// out (a hostile body: a second NodeInfo, a scan that stopped) - the whole text then follows
// the preview, as the answer says it.
import type { RunIo } from '../contract/services.js';
import { sanitizeText } from '../term/sanitize.js';

export interface StreamedShow {
  /** A piece of the show's text; null: what came is not the answer's text. */
  onShow(text: string | null): void;
  /** Writes what is still held (before the outcome, or its error, is written). */
  flush(): void;
  /** How many characters at the start of `text` were written (0: none, or not these). */
  shownOf(text: string): number;
}

export function streamedShow(write: (text: string) => void): StreamedShow {
  let held: string[] = [];
  let timer: NodeJS.Immediate | undefined;
  let total = 0;
  let last = '';
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
      const clean = sanitizeText(text);
      if (clean === '') return;
      held.push(clean);
      total += clean.length;
      last = clean;
      timer ??= setImmediate(flush);
    },
    flush,
    shownOf(text) {
      if (other || total === 0 || text.length < total) return 0;
      // The pieces are the ShowOutput's text sanitized a line at a time, which is the text's
      // start (test/api/router/show-stream.test.ts); the last piece is checked in place.
      return text.startsWith(last, total - last.length) ? total : 0;
    },
  };
}

/** The same io without `stream`: a piped line, a line with secrets, output kept for a pane. */
export function unstreamed(io: RunIo): RunIo {
  if (!io.stream) return io;
  const { stream: _, ...rest } = io;
  return rest;
}
