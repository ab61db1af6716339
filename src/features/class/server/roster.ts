// The trainees of a class: t1…tN, or a roster file (one name a line; blank and `#` lines
// skipped). A bad line is refused as FILE:LINE: why, the whole roster with it: a class that
// starts with a name missing is worse than one that does not start.
import { TRAINEE_NAME } from '../../../contract/class.js';
import { configError } from '../../../errors.js';
import { sanitizeLine } from '../../../term/sanitize.js';

/** `--trainees N`: t1…tN. */
export const numberedTrainees = (n: number): string[] => Array.from({ length: n }, (_, i) => `t${i + 1}`);

/** At most this many names (a roster of thousands is a mistake, not a class). */
export const MAX_ROSTER = 200;

// Controls other than TAB (C0, DEL, C1) and the format characters that reorder or hide text.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

export function parseRoster(text: string, file: string): string[] {
  const names: string[] = [];
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const at = `${file}:${i + 1}`;
    const raw = lines[i]!.replace(/\r$/, '');
    if (CONTROL.test(raw)) throw configError(`${at}: a control character in the line`);
    const name = raw.trim();
    if (name === '' || name.startsWith('#')) continue;
    if (!TRAINEE_NAME.test(name))
      throw configError(
        `${at}: '${sanitizeLine(name.slice(0, 40))}' is not a trainee name (letters, digits, . _ -; a letter or digit first; at most 32)`,
      );
    // Case-folded: t1 and T1 would be one person to the instructor reading the board.
    const key = name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) throw configError(`${at}: '${name}' is already on line ${first}`);
    seen.set(key, i + 1);
    names.push(name);
    if (names.length > MAX_ROSTER) throw configError(`${at}: more than ${MAX_ROSTER} trainees`);
  }
  if (names.length === 0) throw configError(`${file}: no trainee names (one a line)`);
  return names;
}
