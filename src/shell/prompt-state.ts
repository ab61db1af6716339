// The prompt's whole state as one value: the line editor, the history walk, Ctrl-R, the
// suggestions menu, Tab repetition, the colouring and hint, and keys typed while a request
// runs. Pure transitions; handle-key.ts decides which one a key makes.
import type { Candidate, Completion } from '../lang/index.js';
import { addEntry, createHistory, type HistoryState } from './editor/history.js';
import { type EditorAction, type EditorState, editorReducer, emptyEditor } from './editor/line-editor.js';
import type { Span } from './editor/PromptLine.js';
import type { SearchState } from './editor/reverse-search.js';
import type { Key } from '../keys/key-parser.js';

export interface LineSnapshot {
  text: string;
  cursor: number;
}

export interface MenuState {
  candidates: Candidate[];
  selected: number | undefined;
  completion: Completion;
}

export interface PromptState {
  editor: EditorState;
  history: HistoryState;
  /** Non-null during Ctrl-R. */
  search: SearchState | null;
  /** The last Ctrl-R query (Ctrl-R Ctrl-R on an empty query repeats it, as readline does). */
  lastQuery: string;
  menu: MenuState | null;
  /** The previous key was Tab (CLI.md: a second Tab lists). */
  lastWasTab: boolean;
  /** Lines entered in this session, kept when the history file's entries arrive late. */
  sessionEntries: readonly string[];
  /** The history entries the state was seeded with (compared by content). */
  seed: readonly string[];
  spans: readonly Span[];
  hint: string | undefined;
  /** Keys typed while a request runs, replayed at the prompt afterwards (type-ahead). */
  typeAhead: readonly Key[];
}

export const TYPE_AHEAD_MAX = 256;

/** How far PgUp/PgDn move in the menu when the terminal's rows are not known (menu-layout.ts). */
export const MENU_PAGE = 8;

export function initPrompt(seed: readonly string[] = [], historyMax?: number): PromptState {
  return {
    editor: emptyEditor(),
    history: createHistory(seed, historyMax),
    search: null,
    lastQuery: '',
    menu: null,
    lastWasTab: false,
    sessionEntries: [],
    seed,
    spans: [],
    hint: undefined,
    typeAhead: [],
  };
}

export const lineOf = (s: PromptState): LineSnapshot => ({ text: s.editor.text, cursor: s.editor.cursor });
export const sameLine = (a: LineSnapshot, b: LineSnapshot) => a.text === b.text && a.cursor === b.cursor;

/** An editor action; a changed line closes the menu (its candidates were for the old line). */
export function edit(s: PromptState, action: EditorAction): PromptState {
  const editor = editorReducer(s.editor, action);
  const moved = editor.text !== s.editor.text || editor.cursor !== s.editor.cursor;
  return { ...s, editor, menu: moved ? null : s.menu };
}

export const setLine = (s: PromptState, line: LineSnapshot): PromptState =>
  edit(s, { type: 'set', text: line.text, cursor: line.cursor });

/** Enter: the line is recorded and cleared. */
export function submitLine(s: PromptState): PromptState {
  const text = s.editor.text;
  return {
    ...edit(s, { type: 'clear' }),
    history: addEntry(s.history, text),
    sessionEntries: [...s.sessionEntries, text].slice(-s.history.max),
  };
}

/** History read after the first render (or reread) keeps what this session added. */
export function reseed(s: PromptState, seed: readonly string[]): PromptState {
  if (seed.length === s.seed.length && seed.every((e, i) => e === s.seed[i])) return s;
  return { ...s, seed, history: createHistory([...seed, ...s.sessionEntries], s.history.max) };
}
