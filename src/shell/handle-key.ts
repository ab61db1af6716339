// What a key does at the prompt, decided in one place and pure: a request running (type-ahead,
// Ctrl-C cancels) → reverse search → bracketed paste → menu → completion (Tab, `?`) → editor
// → app (Enter, Ctrl-C, Ctrl-D, Ctrl-L). Each handler returns true when it consumed the key.
// Side effects come back as data for the shell controller to perform.
import { ENTER, isInsideQuote } from '../lang/index.js';
import { prevBoundary } from '../term/text-width.js';
import { historyNext, historyPrev, resetNavigation } from './editor/history.js';
import {
  acceptSearch,
  cancelSearch,
  searchNext,
  type SearchState,
  setQuery,
  startSearch,
} from './editor/reverse-search.js';
import { editActionFor } from '../keys/edit-actions.js';
import { isPaste, type Key, type KeyPress } from '../keys/key-parser.js';
import { type Command, DEFAULT_KEYMAP, type Keymap, matchesCommand, resolveCommand } from '../keys/keymap.js';
import {
  type CompletionHow,
  keepMenuWhileTyping,
  menuAccept,
  menuMove,
  menuPage,
} from './completion-apply.js';
import { menuPageRows } from './menu-layout.js';
import {
  edit,
  lineOf,
  MENU_PAGE,
  type PromptState,
  setLine,
  submitLine,
  TYPE_AHEAD_MAX,
} from './prompt-state.js';

export type PromptEffect =
  | { type: 'submit'; text: string }
  /** Ctrl-C on a typed line: the line goes to the scrollback with `^C`. */
  | { type: 'cancelLine'; text: string }
  | { type: 'cancelRun' }
  | { type: 'exit' }
  | { type: 'clearScreen' }
  /** A multi-line bracketed paste: checked as a whole, then run line by line. */
  | { type: 'paste'; text: string }
  | { type: 'complete'; how: CompletionHow; repeat: boolean };

export type HandledBy = 'running' | 'search' | 'paste' | 'menu' | 'completion' | 'editor' | 'app';

export interface KeyEnv {
  /** A request is running: keys are kept for later, Ctrl-C cancels it. */
  running: boolean;
  keymap?: Keymap | undefined;
  /** The terminal's rows: PgUp/PgDn move the menu by the rows it shows (MENU_PAGE without). */
  rows?: number | undefined;
}

export interface KeyResult {
  state: PromptState;
  effects: PromptEffect[];
  /** Who consumed the (last part of the) key; undefined when nobody did. */
  by: HandledBy | undefined;
  command: Command | undefined;
}

interface Step {
  s: PromptState;
  /** Rows a menu page moves. */
  page: (total: number) => number;
  effects: PromptEffect[];
  command: Command | undefined;
  keymap: Keymap;
  /** The key before this one was Tab. */
  wasTab: boolean;
}

type Handler = (st: Step, key: Key) => boolean;

/** A key that types text: one printable grapheme. */
const isPrintable = (key: KeyPress): boolean =>
  !key.ctrl && !key.meta && key.sequence !== '' && key.name === key.sequence;

const running = (st: Step, key: Key, env: KeyEnv): boolean => {
  if (!env.running) return false;
  if (!isPaste(key) && matchesCommand('line.cancel', key, undefined, st.keymap)) {
    st.s = { ...st.s, typeAhead: [] };
    st.effects.push({ type: 'cancelRun' });
  } else if (st.s.typeAhead.length < TYPE_AHEAD_MAX) st.s = { ...st.s, typeAhead: [...st.s.typeAhead, key] };
  return true;
};

const search: Handler = (st, key) => {
  const sr = st.s.search;
  if (!sr) return false;
  const entries = st.s.history.entries;
  const put = (next: SearchState) => {
    st.s = { ...st.s, search: next };
    return true;
  };
  if (isPaste(key)) return put(setQuery(sr, entries, sr.query + (key.text.split('\n')[0] ?? '')));
  const finish = (line: { text: string; cursor: number }) => {
    st.s = setLine({ ...st.s, search: null, lastQuery: sr.query || st.s.lastQuery }, line);
  };
  st.command = resolveCommand(key, { mode: 'search' }, st.keymap);
  switch (st.command) {
    case 'search.next':
      if (sr.query === '' && st.s.lastQuery !== '') return put(setQuery(sr, entries, st.s.lastQuery));
      return put(searchNext(sr));
    case 'search.backspace':
      return put(setQuery(sr, entries, sr.query.slice(0, prevBoundary(sr.query, sr.query.length))));
    case 'search.accept':
      finish(acceptSearch(sr, entries));
      return true;
    case 'search.cancel':
      finish(cancelSearch(sr));
      return true;
  }
  if (isPrintable(key)) return put(setQuery(sr, entries, sr.query + key.sequence));
  // Any other key accepts the match and then acts on the line (readline).
  finish(acceptSearch(sr, entries));
  st.command = undefined;
  return false;
};

const paste: Handler = (st, key) => {
  if (!isPaste(key)) return false;
  if (key.text.includes('\n')) st.effects.push({ type: 'paste', text: key.text });
  else st.s = edit(st.s, { type: 'insert', text: key.text });
  return true;
};

/** Junos' `<[Enter]>` row: shown when the line is complete; choosing it runs the line. */
const isEnterRow = (c: { kind: string; display: string } | undefined): boolean =>
  c?.kind === 'placeholder' && c.display === ENTER;

const menu: Handler = (st) => {
  if (!st.s.menu) return false;
  switch (st.command) {
    case 'menu.up':
    case 'menu.down':
      st.s = menuMove(st.s, st.command === 'menu.down' ? 1 : -1);
      return true;
    case 'menu.pageUp':
    case 'menu.pageDown':
      st.s = menuPage(st.s, st.command === 'menu.pageDown' ? 1 : -1, st.page(st.s.menu.candidates.length));
      return true;
    case 'menu.accept':
      // Nothing chosen (`?` listed, or a Tab menu left alone), or the `<Enter>` row chosen:
      // Enter closes it and runs the line, as after `?` on a router CLI. A chosen row is inserted.
      if (st.s.menu.selected === undefined || isEnterRow(st.s.menu.candidates[st.s.menu.selected])) {
        st.s = { ...st.s, menu: null };
        st.command = 'line.submit';
        return false;
      }
      st.s = menuAccept(st.s);
      return true;
    case 'menu.close':
      st.s = { ...st.s, menu: null };
      return true;
    default:
      return false;
  }
};

const completion: Handler = (st) => {
  if (st.command !== 'complete.tab' && st.command !== 'complete.list') return false;
  const how = st.command === 'complete.tab' ? 'tab' : 'list';
  st.effects.push({ type: 'complete', how, repeat: how === 'tab' && st.wasTab });
  return true;
};

/** Typing (or erasing) in the word the open menu completes keeps it open, narrowed to the new word. */
const narrowing: Handler = (st, key) => {
  const before = st.s;
  if (!before.menu || !editor(st, key)) return false;
  st.s = keepMenuWhileTyping(before, st.s);
  if (st.s.menu) st.effects.push({ type: 'complete', how: 'list', repeat: false });
  return true;
};

const editor: Handler = (st, key) => {
  const cmd = st.command;
  if (cmd === undefined) {
    if (isPaste(key) || !isPrintable(key)) return false;
    st.s = edit(st.s, { type: 'insert', text: key.sequence });
    return true;
  }
  const action = editActionFor(cmd);
  if (action) {
    st.s = edit(st.s, action);
    return true;
  }
  if (cmd === 'history.prev' || cmd === 'history.next') {
    const move = (cmd === 'history.prev' ? historyPrev : historyNext)(st.s.history, st.s.editor.text);
    if (move) st.s = { ...edit(st.s, { type: 'set', text: move.line }), history: move.history };
    return true;
  }
  if (cmd === 'history.search') {
    st.s = { ...st.s, menu: null, search: startSearch(lineOf(st.s)) };
    return true;
  }
  return false;
};

const app: Handler = (st) => {
  const s = st.s;
  switch (st.command) {
    case 'line.submit':
      st.s = submitLine(s);
      st.effects.push({ type: 'submit', text: s.editor.text });
      return true;
    case 'line.cancel':
      if (s.editor.text) st.effects.push({ type: 'cancelLine', text: s.editor.text });
      st.s = { ...edit(s, { type: 'clear' }), history: resetNavigation(s.history), menu: null };
      return true;
    case 'app.exit':
      st.effects.push({ type: 'exit' });
      return true;
    case 'screen.clear':
      st.effects.push({ type: 'clearScreen' });
      return true;
    default:
      return false;
  }
};

// After the search and the paste, the key is resolved once against the keymap.
const BY_COMMAND: ReadonlyArray<[HandledBy, Handler]> = [
  ['menu', menu],
  ['completion', completion],
  ['editor', narrowing],
  ['editor', editor],
  ['app', app],
];

function chain(st: Step, key: Key): HandledBy | undefined {
  if (search(st, key)) return 'search';
  if (paste(st, key) || isPaste(key)) return 'paste';
  const { text, cursor } = st.s.editor;
  const mode = st.s.menu ? 'menu' : 'edit';
  st.command = resolveCommand(
    key,
    { mode, lineEmpty: text === '', inQuote: isInsideQuote(text, cursor) },
    st.keymap,
  );
  for (const [by, handler] of BY_COMMAND) if (handler(st, key)) return by;
  return undefined;
}

function handleOne(st: Step, key: Key, env: KeyEnv): HandledBy | undefined {
  if (running(st, key, env)) return 'running';
  st.wasTab = st.s.lastWasTab;
  st.command = undefined;
  const by = chain(st, key);
  st.s = { ...st.s, lastWasTab: by !== undefined && st.command === 'complete.tab' };
  return by;
}

/** The one answer to "what does this key do now?" for the prompt. */
export function handleKey(state: PromptState, key: Key, env: KeyEnv): KeyResult {
  const keymap = env.keymap ?? DEFAULT_KEYMAP;
  const { rows } = env;
  const page = (total: number) => (rows ? menuPageRows(total, rows) : MENU_PAGE);
  const st: Step = { s: state, page, effects: [], command: undefined, keymap, wasTab: false };
  // One key per grapheme (keys/key-parser.ts): `ab?` read at once inserts a, b, then lists.
  const by = handleOne(st, key, env);
  return { state: st.s, effects: st.effects, by, command: st.command };
}
