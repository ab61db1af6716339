// A yes/no question asked while a command runs (undo, an own-path warning): the question is
// written above the prompt and the next key answers it (y: yes; anything else: no). Pure but
// for the callbacks it is given.
import type { Key } from '../keys/key-parser.js';

export function createAsker(say: (text: string) => void) {
  let pending: ((yes: boolean) => void) | null = null;
  return {
    ask(question: string, signal: AbortSignal): Promise<boolean> {
      say(`${question} [y/N]`);
      return new Promise<boolean>((resolve) => {
        const answer = (yes: boolean) => {
          pending = null;
          say(yes ? 'yes' : 'no');
          resolve(yes);
        };
        pending = answer;
        signal.addEventListener('abort', () => pending === answer && answer(false), { once: true });
      });
    },
    /** Takes the key when a question waits for it. */
    key(key: Key): boolean {
      if (!pending) return false;
      pending('sequence' in key && !key.ctrl && (key.sequence === 'y' || key.sequence === 'Y'));
      return true;
    },
  };
}
