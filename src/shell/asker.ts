// A question asked while a command runs (undo, an own-path warning, leaving with a window
// open): the question IS the prompt line while it waits (`show`), and the next key answers it;
// then the question and its answer are written to the scrollback (`say`). Pure but for the
// callbacks it is given.
import type { Key } from '../keys/key-parser.js';

export function createAsker(
  say: (text: string) => void,
  show: (question: string | null) => void = (q) => {
    if (q !== null) say(q);
  },
) {
  let pending: ((key: string | undefined) => void) | null = null;
  /** The next key's letter answers; `fallback` when it is none of `letters` (or on abort). */
  const choose = (
    question: string,
    letters: readonly string[],
    fallback: string,
    signal?: AbortSignal,
  ): Promise<string> => {
    // A question that carries a plan (undo, config load): the plan goes to the scrollback as
    // the lines it is, and only its last line waits as the prompt (one prompt line would run
    // the plan's lines together).
    const cut = question.lastIndexOf('\n');
    const last = question.slice(cut + 1);
    if (cut >= 0) say(question.slice(0, cut));
    show(last);
    return new Promise<string>((resolve) => {
      const answer = (key: string | undefined) => {
        pending = null;
        const k = key?.toLowerCase();
        const chosen = k !== undefined && letters.includes(k) ? k : fallback;
        show(null);
        say(`${last} ${chosen}`);
        resolve(chosen);
      };
      pending = answer;
      signal?.addEventListener('abort', () => pending === answer && answer(undefined), { once: true });
    });
  };
  return {
    async ask(question: string, signal: AbortSignal): Promise<boolean> {
      return (await choose(`${question} [y/N]`, ['y'], 'n', signal)) === 'y';
    },
    choose,
    /** Takes the key when a question waits for it. */
    key(key: Key): boolean {
      if (!pending) return false;
      pending('sequence' in key && !key.ctrl ? key.sequence : undefined);
      return true;
    },
  };
}
