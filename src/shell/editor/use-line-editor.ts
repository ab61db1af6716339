// Binds the pure line editor, history and reverse search to parsed keys. The app reads
// stdin (useParsedKeys below, or its own parseKeys loop) and hands every key to
// `handleKey`, which returns true when it used the key. State lives in a ref as well as in
// React state so several keys from one read are applied in order to the latest line.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStdin, useStdout } from 'ink';
import { createHistory, addEntry, historyNext, historyPrev, resetNavigation } from './history.js';
import type { HistoryState } from './history.js';
import { flushKeys, initialParserState, isPaste, parseKeys } from '../keys/key-parser.js';
import type { Key, KeyPress, ParserState } from '../keys/key-parser.js';
import {
  boundPrintables,
  DEFAULT_KEYMAP,
  editActionFor,
  insideQuote,
  resolveCommand,
} from '../keys/keymap.js';
import type { Command, Keymap, Mode } from '../keys/keymap.js';
import { editorReducer, emptyEditor } from './line-editor.js';
import type { EditorAction, EditorState } from './line-editor.js';
import {
  acceptSearch,
  cancelSearch,
  currentMatch,
  searchNext,
  setQuery,
  startSearch,
} from './reverse-search.js';
import type { SearchState } from './reverse-search.js';
import { prevBoundary } from '../../term/text-width.js';

export interface LineSnapshot {
  text: string;
  cursor: number;
}

export type MenuCommand = 'menu.up' | 'menu.down' | 'menu.accept' | 'menu.close';

/** Callbacks may return a new line (e.g. completion inserted a word), or nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: lets callers pass plain void callbacks
export type LineResult = LineSnapshot | undefined | void;
export type LineCallback = (line: LineSnapshot) => LineResult;

export interface UseLineEditorOptions {
  /** Enter: the line (already recorded in history; the editor is cleared). */
  onSubmit: (line: string) => void;
  /** Tab; `repeat` is true when the previous key was Tab too (CLI.md: a second Tab lists). */
  onTab?: ((line: LineSnapshot, info: { repeat: boolean }) => LineResult) | undefined;
  /** `?` outside quotes, or the app's second Tab. */
  onList?: LineCallback | undefined;
  /** Ctrl-C; the line is cleared after the call. */
  onCancel?: ((line: LineSnapshot) => void) | undefined;
  /** Ctrl-D on an empty line. */
  onExit?: (() => void) | undefined;
  onClearScreen?: (() => void) | undefined;
  /** Menu keys while `menuOpen`. */
  onMenu?: ((cmd: MenuCommand, line: LineSnapshot) => LineResult) | undefined;
  /** Any change of the line (the app refreshes colouring/completion). */
  onChange?: ((line: LineSnapshot) => void) | undefined;
  /** A bracketed paste; return true when handled (e.g. a multi-line paste run line by line). */
  onPaste?: ((text: string, line: LineSnapshot) => boolean) | undefined;
  /** Entries loaded from the history file, oldest first (a new array re-seeds the history). */
  history?: readonly string[] | undefined;
  historyMax?: number | undefined;
  isActive?: boolean | undefined;
  menuOpen?: boolean | undefined;
  /** Whether the cursor is inside a quote (`?` is then literal); default: the command language's quotes. */
  isInQuote?: ((text: string, cursor: number) => boolean) | undefined;
  keymap?: Keymap | undefined;
}

export interface LineEditorState {
  editor: EditorState;
  history: HistoryState;
  /** Non-null during Ctrl-R. */
  search: SearchState | null;
}

export interface LineEditor {
  text: string;
  cursor: number;
  mode: Mode;
  state: LineEditorState;
  /** The entry the reverse search shows, if any. */
  searchMatch: string | undefined;
  handleKey: (key: Key) => boolean;
  dispatch: (action: EditorAction) => void;
  setLine: (text: string, cursor?: number) => void;
  /** The line now, including keys not rendered yet (async answers compare against it). */
  current: () => LineSnapshot;
}

/** A key that types text: one printable grapheme or a run of them. */
const isPrintableKey = (key: KeyPress): boolean =>
  !key.ctrl && !key.meta && key.sequence !== '' && (key.name === 'text' || key.name === key.sequence);

const snapshot = (e: EditorState): LineSnapshot => ({ text: e.text, cursor: e.cursor });

export function useLineEditor(options: UseLineEditorOptions): LineEditor {
  const keymap = options.keymap ?? DEFAULT_KEYMAP;
  const [state, setState] = useState<LineEditorState>(() => ({
    editor: emptyEditor(),
    history: createHistory(options.history ?? [], options.historyMax),
    search: null,
  }));
  const ref = useRef(state);
  const opts = useRef(options);
  opts.current = options;
  const sessionEntries = useRef<string[]>([]);
  const lastQuery = useRef('');
  // Whether the key being handled / the previous key was Tab.
  const thisIsTab = useRef(false);
  const lastWasTab = useRef(false);

  const commit = useCallback((next: LineEditorState) => {
    const before = ref.current.editor;
    ref.current = next;
    setState(next);
    if (before.text !== next.editor.text || before.cursor !== next.editor.cursor) {
      opts.current.onChange?.(snapshot(next.editor));
    }
  }, []);

  // History loaded after the first render (or reloaded) keeps what this session added.
  // Compared by content: an inline array literal must not reset the walk on every render.
  const seed = options.history;
  const lastSeed = useRef(seed);
  useEffect(() => {
    const prev = lastSeed.current;
    lastSeed.current = seed;
    if (seed === undefined || (prev?.length === seed.length && prev.every((e, i) => e === seed[i]))) return;
    const cur = ref.current;
    commit({ ...cur, history: createHistory([...seed, ...sessionEntries.current], opts.current.historyMax) });
  }, [seed, commit]);

  const dispatch = useCallback(
    (action: EditorAction) => commit({ ...ref.current, editor: editorReducer(ref.current.editor, action) }),
    [commit],
  );
  const setLine = useCallback(
    (text: string, cursor?: number) =>
      dispatch(cursor === undefined ? { type: 'set', text } : { type: 'set', text, cursor }),
    [dispatch],
  );
  const applyLine = useCallback(
    (line: LineResult) => {
      if (line) setLine(line.text, line.cursor);
    },
    [setLine],
  );

  const runSearchKey = useCallback(
    (key: Key, search: SearchState): boolean => {
      const entries = ref.current.history.entries;
      const setSearch = (s: SearchState | null) => commit({ ...ref.current, search: s });
      const finish = (line: LineSnapshot) => {
        lastQuery.current = search.query || lastQuery.current;
        commit({ ...ref.current, search: null });
        setLine(line.text, line.cursor);
      };
      if (isPaste(key)) {
        setSearch(setQuery(search, entries, search.query + key.text.split('\n')[0]));
        return true;
      }
      const cmd = resolveCommand(key, { mode: 'search', lineEmpty: false, inQuote: false }, keymap);
      switch (cmd) {
        case 'search.next':
          // Ctrl-R Ctrl-R on an empty query repeats the previous search, as readline does.
          if (search.query === '' && lastQuery.current !== '') {
            setSearch(setQuery(search, entries, lastQuery.current));
          } else setSearch(searchNext(search));
          return true;
        case 'search.backspace':
          setSearch(
            setQuery(search, entries, search.query.slice(0, prevBoundary(search.query, search.query.length))),
          );
          return true;
        case 'search.accept':
          finish(acceptSearch(search, entries));
          return true;
        case 'search.cancel':
          finish(cancelSearch(search));
          return true;
        default:
          break;
      }
      if (isPrintableKey(key)) {
        setSearch(setQuery(search, entries, search.query + key.sequence));
        return true;
      }
      // Any other key accepts the match and then acts on the line (readline).
      finish(acceptSearch(search, entries));
      return false;
    },
    [commit, keymap, setLine],
  );

  const runCommand = useCallback(
    (cmd: Command): boolean => {
      const o = opts.current;
      const cur = ref.current;
      const line = snapshot(cur.editor);
      const action = editActionFor(cmd);
      if (action) {
        dispatch(action);
        return true;
      }
      switch (cmd) {
        case 'history.prev':
        case 'history.next': {
          const move = (cmd === 'history.prev' ? historyPrev : historyNext)(cur.history, cur.editor.text);
          if (!move) return true;
          commit({
            ...cur,
            history: move.history,
            editor: editorReducer(cur.editor, { type: 'set', text: move.line }),
          });
          return true;
        }
        case 'history.search':
          commit({ ...cur, search: startSearch(line) });
          return true;
        case 'complete.tab': {
          thisIsTab.current = true;
          applyLine(o.onTab?.(line, { repeat: lastWasTab.current }));
          return true;
        }
        case 'complete.list':
          applyLine(o.onList?.(line));
          return true;
        case 'line.submit': {
          sessionEntries.current.push(line.text);
          commit({
            ...cur,
            history: addEntry(cur.history, line.text),
            editor: editorReducer(cur.editor, { type: 'clear' }),
          });
          o.onSubmit(line.text);
          return true;
        }
        case 'line.cancel':
          o.onCancel?.(line);
          commit({
            ...cur,
            history: resetNavigation(cur.history),
            editor: editorReducer(cur.editor, { type: 'clear' }),
          });
          return true;
        case 'app.exit':
          o.onExit?.();
          return true;
        case 'screen.clear':
          o.onClearScreen?.();
          return true;
        case 'menu.up':
        case 'menu.down':
        case 'menu.accept':
        case 'menu.close':
          applyLine(o.onMenu?.(cmd, line));
          return true;
        default:
          return false;
      }
    },
    [applyLine, commit, dispatch],
  );

  const handleOne = useCallback(
    (key: Key): boolean => {
      const o = opts.current;
      const search = ref.current.search;
      if (search) {
        if (runSearchKey(key, search)) return true;
      }
      if (isPaste(key)) {
        if (o.onPaste?.(key.text, snapshot(ref.current.editor))) return true;
        dispatch({ type: 'insert', text: key.text });
        return true;
      }
      const mode: Mode = o.menuOpen ? 'menu' : 'edit';
      const context = () => {
        const { text, cursor } = ref.current.editor;
        return { mode, lineEmpty: text === '', inQuote: (o.isInQuote ?? insideQuote)(text, cursor) };
      };
      // Printable: insert, except characters bound to a command (`?`) outside quotes.
      if (isPrintableKey(key)) return insertPrintable(key, keymap, context, runCommand, dispatch);
      const cmd = resolveCommand(key, context(), keymap);
      return cmd === undefined ? false : runCommand(cmd);
    },
    [dispatch, keymap, runCommand, runSearchKey],
  );

  const handleKey = useCallback(
    (key: Key): boolean => {
      if (opts.current.isActive === false) return false;
      thisIsTab.current = false;
      const used = handleOne(key);
      lastWasTab.current = thisIsTab.current;
      return used;
    },
    [handleOne],
  );

  const mode: Mode = state.search ? 'search' : options.menuOpen ? 'menu' : 'edit';
  const searchMatch = state.search ? currentMatch(state.search, state.history.entries) : undefined;
  return {
    text: state.editor.text,
    cursor: state.editor.cursor,
    mode,
    state,
    searchMatch,
    handleKey,
    dispatch,
    setLine,
    current: () => snapshot(ref.current.editor),
  };
}

// Splits a typed run on bound printables so `ab?` inserts `ab` and then lists.
function insertPrintable(
  key: KeyPress,
  keymap: Keymap,
  context: () => { mode: Mode; lineEmpty: boolean; inQuote: boolean },
  runCommand: (cmd: Command) => boolean,
  dispatch: (action: EditorAction) => void,
): boolean {
  const bound = boundPrintables(keymap);
  let buffer = '';
  for (const ch of key.sequence) {
    if (bound.has(ch)) {
      if (buffer) dispatch({ type: 'insert', text: buffer });
      buffer = '';
      const single: KeyPress = { name: ch, ctrl: false, meta: false, shift: false, sequence: ch };
      const cmd = resolveCommand(single, context(), keymap);
      if (cmd !== undefined) runCommand(cmd);
      else dispatch({ type: 'insert', text: ch });
    } else buffer += ch;
  }
  if (buffer) dispatch({ type: 'insert', text: buffer });
  return true;
}

export interface UseParsedKeysOptions {
  isActive?: boolean | undefined;
  /** Ask the terminal for bracketed paste (ESC[?2004h) while active. */
  bracketedPaste?: boolean | undefined;
  /** How long an incomplete escape sequence waits for the rest (ms). */
  escapeTimeoutMs?: number | undefined;
}

/**
 * Reads Ink's stdin events, parses them with parseKeys (one key per keypress, pastes as one
 * key) and calls `onKey` for each. Raw mode is only requested when the stdin supports it.
 */
export function useParsedKeys(onKey: (key: Key) => void, options: UseParsedKeysOptions = {}): void {
  const { setRawMode, isRawModeSupported, internal_eventEmitter: events } = useStdin();
  const { stdout } = useStdout();
  const active = options.isActive !== false && isRawModeSupported === true;
  const handler = useRef(onKey);
  handler.current = onKey;
  const timeout = options.escapeTimeoutMs ?? 50;
  const paste = options.bracketedPaste === true;

  useEffect(() => {
    if (!active) return;
    setRawMode(true);
    if (paste) stdout.write('\u001b[?2004h');
    let parser: ParserState = initialParserState;
    let timer: NodeJS.Timeout | undefined;
    const emit = (keys: Key[]) => {
      for (const k of keys) handler.current(k);
    };
    const onInput = (chunk: string) => {
      if (timer) clearTimeout(timer);
      const out = parseKeys(chunk, parser);
      parser = out.state;
      emit(out.keys);
      if (parser.pending !== '' && parser.paste === null) {
        timer = setTimeout(() => {
          const flushed = flushKeys(parser);
          parser = flushed.state;
          emit(flushed.keys);
        }, timeout);
      }
    };
    events.on('input', onInput);
    return () => {
      if (timer) clearTimeout(timer);
      events.removeListener('input', onInput);
      if (paste) stdout.write('\u001b[?2004l');
      setRawMode(false);
    };
  }, [active, events, paste, setRawMode, stdout, timeout]);
}
