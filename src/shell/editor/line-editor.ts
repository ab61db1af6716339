// The prompt's single-line editor as a pure reducer (emacs/readline keys). The cursor is a
// UTF-16 index that always sits on a grapheme boundary, so one step over an emoji, a
// combining sequence or a CJK character is one keypress.
import { nextYankIndex, pushKill } from './kill-ring.js';
import { graphemes, nextBoundary, prevBoundary, snapCursor } from '../../term/text-width.js';
import type { EditorAction } from '../../keys/editor-action.js';

export type { EditorAction } from '../../keys/editor-action.js';

export interface EditorState {
  text: string;
  /** UTF-16 index, always on a grapheme boundary. */
  cursor: number;
  /** Killed text, newest first. */
  killRing: string[];
  /** Ring entry the last yank inserted (for yank-pop). */
  yankIndex?: number;
  /** Type of the previous action: consecutive kills merge, yank-pop needs a yank before it. */
  lastAction?: string;
}

export const emptyEditor = (text = ''): EditorState => ({ text, cursor: text.length, killRing: [] });

// The line is one line: line breaks and tabs become blanks, other controls are dropped so
// a paste cannot smuggle escape sequences into the prompt.
export function cleanInsert(text: string): string {
  return text.replace(/\r\n|[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

const isWordChar = (g: string): boolean => /^[\p{L}\p{N}]/u.test(g);
const isBlank = (g: string): boolean => /^\s/u.test(g);

// Readline forward-word: skip non-word characters, then the word.
function wordEnd(text: string, cursor: number, inWord: (g: string) => boolean): number {
  const segs = graphemes(text).filter((g) => g.index >= cursor);
  let i = 0;
  while (i < segs.length && !inWord(segs[i]!.segment)) i++;
  while (i < segs.length && inWord(segs[i]!.segment)) i++;
  const g = segs[i];
  return g ? g.index : text.length;
}

// Readline backward-word: skip non-word characters backwards, then the word.
function wordStart(text: string, cursor: number, inWord: (g: string) => boolean): number {
  const segs = graphemes(text).filter((g) => g.index < cursor);
  let i = segs.length - 1;
  while (i >= 0 && !inWord(segs[i]!.segment)) i--;
  while (i >= 0 && inWord(segs[i]!.segment)) i--;
  const g = segs[i + 1];
  return g ? g.index : cursor;
}

function kill(state: EditorState, from: number, to: number, type: string, backward: boolean): EditorState {
  if (from === to) return { ...state, lastAction: type };
  const merging = state.lastAction?.startsWith('kill') === true;
  const { yankIndex: _dropped, ...rest } = state;
  return {
    ...rest,
    text: state.text.slice(0, from) + state.text.slice(to),
    cursor: from,
    killRing: pushKill(state.killRing, state.text.slice(from, to), merging, backward),
    lastAction: type,
  };
}

function move(state: EditorState, cursor: number, type: string): EditorState {
  return { ...state, cursor, lastAction: type };
}

function edit(state: EditorState, text: string, cursor: number, type: string): EditorState {
  return { ...state, text, cursor: snapCursor(text, cursor), lastAction: type };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { text, cursor } = state;
  switch (action.type) {
    case 'insert': {
      const add = cleanInsert(action.text);
      if (add === '') return state;
      return edit(state, text.slice(0, cursor) + add + text.slice(cursor), cursor + add.length, action.type);
    }
    case 'backspace': {
      const from = prevBoundary(text, cursor);
      return edit(state, text.slice(0, from) + text.slice(cursor), from, action.type);
    }
    case 'delete': {
      const to = nextBoundary(text, cursor);
      return edit(state, text.slice(0, cursor) + text.slice(to), cursor, action.type);
    }
    case 'left':
      return move(state, prevBoundary(text, cursor), action.type);
    case 'right':
      return move(state, nextBoundary(text, cursor), action.type);
    case 'home':
      return move(state, 0, action.type);
    case 'end':
      return move(state, text.length, action.type);
    case 'wordLeft':
      return move(state, wordStart(text, cursor, isWordChar), action.type);
    case 'wordRight':
      return move(state, wordEnd(text, cursor, isWordChar), action.type);
    case 'killWordLeft':
      // Ctrl-W is unix-word-rubout: back to the previous blank, not to punctuation.
      return kill(
        state,
        wordStart(text, cursor, (g) => !isBlank(g)),
        cursor,
        action.type,
        true,
      );
    case 'killWordRight':
      return kill(state, cursor, wordEnd(text, cursor, isWordChar), action.type, false);
    case 'killToEnd':
      return kill(state, cursor, text.length, action.type, false);
    case 'killToStart':
      return kill(state, 0, cursor, action.type, true);
    case 'yank': {
      const entry = state.killRing[0];
      if (entry === undefined) return { ...state, lastAction: action.type };
      const next = edit(
        state,
        text.slice(0, cursor) + entry + text.slice(cursor),
        cursor + entry.length,
        'yank',
      );
      return { ...next, yankIndex: 0 };
    }
    case 'yankPop': {
      // Only right after a yank: swap the yanked text (just before the cursor) for the next entry.
      if (state.lastAction !== 'yank' || state.yankIndex === undefined) return state;
      const old = state.killRing[state.yankIndex] ?? '';
      const index = nextYankIndex(state.killRing, state.yankIndex);
      const entry = state.killRing[index] ?? '';
      const from = cursor - old.length;
      const next = edit(state, text.slice(0, from) + entry + text.slice(cursor), from + entry.length, 'yank');
      return { ...next, yankIndex: index };
    }
    case 'transpose': {
      // Readline: swap the characters around the cursor; at the end, the last two.
      const segs = graphemes(text);
      if (segs.length < 2 || cursor === 0) return { ...state, lastAction: action.type };
      const at = cursor >= text.length ? segs.length - 1 : segs.findIndex((g) => g.index === cursor);
      const a = segs[at - 1];
      const b = segs[at];
      if (!a || !b) return state;
      const swapped = text.slice(0, a.index) + b.segment + a.segment + text.slice(b.index + b.segment.length);
      return edit(state, swapped, b.index + b.segment.length, action.type);
    }
    case 'set': {
      const clean = cleanInsert(action.text);
      const { yankIndex: _dropped, ...rest } = state;
      return {
        ...rest,
        text: clean,
        cursor: snapCursor(clean, action.cursor ?? clean.length),
        lastAction: 'set',
      };
    }
    case 'clear': {
      const { yankIndex: _dropped, ...rest } = state;
      return { ...rest, text: '', cursor: 0, lastAction: 'clear' };
    }
    default: {
      const unreachable: never = action;
      return unreachable;
    }
  }
}
