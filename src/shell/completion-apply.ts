// What a completion answer does to the prompt, pure: Tab inserts the one candidate (and a
// blank, unless the word goes on, as a LogsQL `field:` does), or the common prefix, or opens
// the menu at once when nothing can be inserted; `?` opens the menu; the menu's keys move,
// accept and close it. With the cursor inside a word, a candidate replaces the whole word.
import { type Candidate, type Completion, isInsideQuote, scanLine } from '../lang/index.js';
import { type LineSnapshot, lineOf, type PromptState, setLine } from './prompt-state.js';

export type CompletionHow = 'tab' | 'list';

/** Inserts `text` in place of [from, to); `blank` adds a separating blank after it. */
export function splice(
  line: LineSnapshot,
  from: number,
  to: number,
  text: string,
  blank: boolean,
): LineSnapshot {
  const after = line.text.slice(to);
  // Text that leaves a quote open (an expression still being written) gets no blank after it.
  if (blank && isInsideQuote(line.text.slice(0, from) + text, from + text.length)) blank = false;
  const sep = blank && !after.startsWith(' ') ? ' ' : '';
  const next = line.text.slice(0, from) + text + sep + after;
  return { text: next, cursor: from + text.length + (blank ? 1 : 0) };
}

export function openMenu(s: PromptState, c: Completion): PromptState {
  if (c.candidates.length === 0) return { ...s, menu: null, hint: c.hint ?? 'nothing can follow here' };
  return { ...s, menu: { candidates: c.candidates, selected: undefined, completion: c } };
}

/** Applies a completion computed for the current line. */
export function applyCompletion(
  s: PromptState,
  c: Completion,
  how: CompletionHow,
  repeat: boolean,
): PromptState {
  if (how === 'list') return openMenu(s, c);
  const line = lineOf(s);
  const current = line.text.slice(c.replaceFrom, c.replaceTo);
  const only = repeat ? undefined : uniqueCandidate(c);
  const to = wordEnd(line.text, c.replaceTo);
  if (only) return setLine(s, splice(line, c.replaceFrom, to, only.text, only.continues !== true));
  if (!repeat && c.commonPrefix.length > current.length) {
    return setLine(s, splice(line, c.replaceFrom, c.replaceTo, c.commonPrefix, false));
  }
  return openMenu(s, c);
}

/**
 * The candidate Tab completes to, when there is one: the only insertable candidate, or the
 * one the common prefix already spells that no other extends (`eth0` among `eth0`, `ETH1`).
 * Stops at the second candidate that starts with the prefix (a list may hold 65,536).
 */
function uniqueCandidate(c: Completion): Candidate | undefined {
  let first: Candidate | undefined;
  let count = 0;
  let spelled: Candidate | undefined;
  let extending = 0;
  for (const x of c.candidates) {
    if (!x.insertable) continue;
    if (++count === 1) first = x;
    if (c.commonPrefix === '' || !x.text.startsWith(c.commonPrefix)) continue;
    if (x.text === c.commonPrefix) spelled = x;
    if (++extending > 1) break;
  }
  if (count === 1) return first;
  return extending === 1 ? spelled : undefined;
}

/** Where the plain word the cursor is in ends (the cursor itself when it is not inside one). */
export function wordEnd(text: string, at: number): number {
  if (at >= text.length || /\s/.test(text[at] ?? ' ')) return at;
  const t = scanLine(text).tokens.find((w) => w.start < at && at < w.end);
  return t && t.raw === undefined && !t.quoted ? t.end : at;
}

export function menuMove(s: PromptState, step: 1 | -1): PromptState {
  const { menu } = s;
  if (!menu) return s;
  const n = menu.candidates.length;
  const selected = menu.selected === undefined ? (step > 0 ? 0 : n - 1) : (menu.selected + step + n) % n;
  return { ...s, menu: { ...menu, selected } };
}

/** PgUp/PgDn: the selection moves a page (the rows the menu shows), stopping at the ends. */
export function menuPage(s: PromptState, step: 1 | -1, page: number): PromptState {
  const { menu } = s;
  if (!menu || menu.candidates.length === 0) return s;
  const last = menu.candidates.length - 1;
  const from = menu.selected ?? (step > 0 ? -1 : last + 1);
  const selected = Math.min(last, Math.max(0, from + step * Math.max(1, page)));
  return { ...s, menu: { ...menu, selected } };
}

/**
 * Typing while the menu is open narrows it: the line changes as usual and the menu stays up
 * until the completion of the new line replaces it (handle-key asks for one). A blank ends the
 * word (and the menu); so does an edit that leaves the word being completed.
 */
export function keepMenuWhileTyping(before: PromptState, after: PromptState): PromptState {
  const menu = before.menu;
  if (!menu || after.menu || after.editor.text === before.editor.text) return after;
  const { replaceFrom } = menu.completion;
  const word = after.editor.text.slice(replaceFrom, after.editor.cursor);
  const sameStart = after.editor.text.slice(0, replaceFrom) === before.editor.text.slice(0, replaceFrom);
  if (!sameStart || after.editor.cursor < replaceFrom || /\s/.test(word)) return after;
  return { ...after, menu: { ...menu, completion: { ...menu.completion, replaceTo: after.editor.cursor } } };
}

/** Enter in the menu: the selected candidate replaces the word (with a blank after it). */
export function menuAccept(s: PromptState): PromptState {
  const { menu } = s;
  if (!menu) return s;
  const pick = menu.selected === undefined ? undefined : menu.candidates[menu.selected];
  const closed = { ...s, menu: null };
  if (!pick?.insertable) return closed;
  const { replaceFrom, replaceTo } = menu.completion;
  const line = lineOf(s);
  const to = wordEnd(line.text, replaceTo);
  return setLine(closed, splice(line, replaceFrom, to, pick.text, pick.continues !== true));
}
