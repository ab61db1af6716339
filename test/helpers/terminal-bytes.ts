// Checks on what reached a terminal. `assertNoTerminalControls` is for plain output (stdout and
// stderr of -c, --json): no control or format character at all, beyond LF and TAB.
// `hostileSequences` is for the raw bytes of an interactive session, where our own drawing
// (Ink's CSI sequences) is expected: it finds what the hostile servers send (EVIL) and the
// scrollback wipe.
import { expect } from 'vitest';

// C0 except TAB/LF/CR, DEL, C1, and the invisible format characters the sanitizer shows.
const CONTROLS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

const describeChar = (c: string) => `U+${c.codePointAt(0)?.toString(16).padStart(4, '0').toUpperCase()}`;

export function assertNoTerminalControls(text: string, label = 'output'): void {
  const m = CONTROLS.exec(text);
  const at = m ? text.slice(Math.max(0, m.index - 40), m.index + 20) : '';
  expect(m ? `${label}: raw ${describeChar(m[0])} in ${JSON.stringify(at)}` : undefined).toBeUndefined();
}

/** What a hostile server put in a terminal's raw byte stream (an empty list when nothing). */
export function hostileSequences(raw: string): string[] {
  const found: string[] = [];
  const checks: Array<[string, RegExp]> = [
    ['OSC 0 (title)', /\u001b\]0;/],
    ['OSC 52 (clipboard)', /\u001b\]52;/],
    ['ESC[3J (scrollback wipe)', /\u001b\[3J/],
    ['C1 CSI', /\u009b/],
    ['BEL', /\u0007/],
    ['U+202E', /\u202e/],
    ['U+200B', /\u200b/],
    ['DEL', /\u007f/],
  ];
  for (const [name, re] of checks) if (re.test(raw)) found.push(name);
  return found;
}
