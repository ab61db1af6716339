// What the keys typed while a request runs will make of the prompt, shown dimmed on the
// prompt line until they are replayed (shell-controller.ts replays the keys themselves).
// Pure: the keys go through the one handleKey on an empty prompt, so Backspace, Ctrl-U and
// Enter look as they will act; a line Enter would run is shown ending in ⏎.
import { handleKey } from './handle-key.js';
import type { Key } from '../keys/key-parser.js';
import { initPrompt } from './prompt-state.js';

export function typeAheadPreview(keys: readonly Key[]): string {
  let s = initPrompt();
  const parts: string[] = [];
  for (const key of keys) {
    const r = handleKey(s, key, { running: false });
    for (const e of r.effects) {
      if (e.type === 'submit' || e.type === 'paste') parts.push(`${e.text.replace(/\n/g, ' ⏎ ')} ⏎`);
    }
    s = r.state;
  }
  if (s.editor.text) parts.push(s.editor.text);
  return parts.join(' ');
}
