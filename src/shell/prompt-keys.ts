// Where a key goes while the shell is up: a waiting question takes it first, an open pane
// keeps it (the pane's own hook acts on it), then the pager, then a Tab waiting for the router;
// else the prompt's one handleKey edits the line and names what to do (`perform`).
// Keys typed while a request ran (or a pane was open) are replayed here afterwards.
import type { Key } from '../keys/key-parser.js';
import { handleKey, type PromptEffect } from './handle-key.js';
import { lineOf, type PromptState, sameLine } from './prompt-state.js';
import type { ShellState } from './shell-state.js';

export interface PromptKeys {
  /** True when the key was used (a pane's hook skips it then). */
  onKey(key: Key): boolean;
  /** The keys typed ahead act now, unless a request runs or a pane is open. */
  replay(): void;
}

export function createPromptKeys(o: {
  get: () => ShellState;
  setPrompt: (s: PromptState) => void;
  /** A waiting question takes the key (asker.ts). */
  answer: (key: Key) => boolean;
  pagerKey: (key: Key) => void;
  /** A key held behind a Tab waiting for the router (tab-hold.ts). */
  held: (key: Key) => boolean;
  /** The line changed: colour it again. */
  decorate: () => void;
  perform: (e: PromptEffect) => void;
  rows: () => number | undefined;
}): PromptKeys {
  const { get, setPrompt } = o;
  function onKey(key: Key): boolean {
    if (o.answer(key)) return true;
    const s = get();
    if (s.pane) return false;
    if (s.pager) {
      // One key per grapheme (keys/): the key after the one that ends the pager is the shell's.
      o.pagerKey(key);
      return true;
    }
    if (o.held(key)) return true;
    const r = handleKey(s.prompt, key, { running: s.running !== null, rows: o.rows() });
    setPrompt(r.state);
    if (!sameLine(lineOf(s.prompt), lineOf(r.state))) o.decorate();
    for (const e of r.effects) o.perform(e);
    return r.by !== undefined;
  }
  function replay(): void {
    const s = get();
    if (s.running || s.pane || s.prompt.typeAhead.length === 0) return;
    const keys = s.prompt.typeAhead;
    setPrompt({ ...s.prompt, typeAhead: [] });
    for (const k of keys) onKey(k);
  }
  return { onKey, replay };
}
