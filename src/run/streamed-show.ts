// A router show written while its answer arrives (RunIo.stream): each piece the client hands
// out is sanitized and written, and kept, so that at the end the outcome can say how much of
// the text the whole answer renders (formatShow) is on the screen already. For an answer the
// scan read to its end that is all of its ShowOutput; a hostile answer (a second ShowOutput,
// a status that changed after it) may render something else: the whole text then follows the
// preview, as the answer says it.
import type { RunIo } from '../contract/services.js';
import { sanitizeText } from '../term/sanitize.js';

export interface StreamedShow {
  onShow(text: string): void;
  /** How many characters at the start of `text` were written (0: none, or not these). */
  shownOf(text: string): number;
}

export function streamedShow(write: (text: string) => void): StreamedShow {
  const pieces: string[] = [];
  return {
    onShow(text) {
      const clean = sanitizeText(text);
      pieces.push(clean);
      write(clean);
    },
    shownOf(text) {
      let at = 0;
      for (const p of pieces) {
        if (!text.startsWith(p, at)) return 0;
        at += p.length;
      }
      return at;
    },
  };
}

/** The same io without `stream`: a piped line, a line with secrets, output kept for a pane. */
export function unstreamed(io: RunIo): RunIo {
  if (!io.stream) return io;
  const { stream: _, ...rest } = io;
  return rest;
}
