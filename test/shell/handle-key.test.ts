// The prompt's one handleKey, as a pure unit: which handler takes a key in which state
// (request running → reverse search → paste → menu → completion → editor → app), and the
// readline behaviours the line editor had, fed with real terminal input.
import { describe, expect, it } from 'vitest';
import type { Completion } from '../../src/lang/index.js';
import { isInsideQuote } from '../../src/lang/index.js';
import { openMenu } from '../../src/shell/completion-apply.js';
import { startSearch } from '../../src/shell/editor/reverse-search.js';
import { type HandledBy, handleKey, type PromptEffect } from '../../src/shell/handle-key.js';
import { flushKeys, type Key, parseKeys } from '../../src/keys/key-parser.js';
import { initPrompt, type PromptState, reseed, setLine } from '../../src/shell/prompt-state.js';

const keys = (raw: string): Key[] => {
  const out = parseKeys(raw);
  return [...out.keys, ...flushKeys(out.state).keys];
};

/** Feeds raw input key by key, as the key source does. */
function feed(s: PromptState, raw: string, running = false) {
  const effects: PromptEffect[] = [];
  let by: HandledBy | undefined;
  let command: string | undefined;
  for (const k of keys(raw)) {
    const r = handleKey(s, k, { running });
    s = r.state;
    effects.push(...r.effects);
    by = r.by;
    command = r.command;
  }
  return { s, effects, by, command };
}

const comp = (names: string[]): Completion =>
  ({
    candidates: names.map((n) => ({ text: n, display: n, kind: 'word', insertable: true })),
    replaceFrom: 0,
    replaceTo: 0,
    commonPrefix: '',
  }) as unknown as Completion;

const typed = (text: string) =>
  setLine(initPrompt(['show version', 'show interface eth0']), { text, cursor: text.length });
const withMenu = (text = 'sh') => openMenu(typed(text), comp(['show', 'shutdown']));
/** `show interface ` offers `eth0`, then the `<Enter>` row, then a value placeholder. */
const withEnterRow = () => {
  const c = comp(['eth0']);
  c.candidates.push(
    { text: '', display: '<Enter>', kind: 'placeholder', insertable: false },
    { text: '', display: '<name>', kind: 'placeholder', insertable: false },
  );
  return openMenu(typed('show interface '), c);
};
const searching = () => ({ ...typed('draft'), search: startSearch({ text: 'draft', cursor: 5 }) });
const PASTE1 = '\u001b[200~one line\u001b[201~';
const PASTE2 = '\u001b[200~a\nb\u001b[201~';

describe('handleKey order: key × state → who takes it', () => {
  it.each<[string, () => PromptState, string, boolean, HandledBy | undefined, string | undefined, string[]]>([
    ['running: a key is kept for later', () => typed('x'), 'a', true, 'running', undefined, []],
    [
      'running: Ctrl-C cancels the request',
      () => typed('x'),
      '\u0003',
      true,
      'running',
      undefined,
      ['cancelRun'],
    ],
    ['search: Ctrl-R steps', searching, '\u0012', false, 'search', 'search.next', []],
    [
      'search: Ctrl-C cancels the search, not the line',
      searching,
      '\u0003',
      false,
      'search',
      'search.cancel',
      [],
    ],
    ['search: a letter types into the query', searching, 'v', false, 'search', undefined, []],
    ['search: a paste types into the query', searching, PASTE1, false, 'search', undefined, []],
    ['search: another key accepts, then edits', searching, '\u0001', false, 'editor', 'edit.home', []],
    ['paste: one line is inserted', () => typed(''), PASTE1, false, 'paste', undefined, []],
    [
      'paste: several lines are checked and run',
      () => typed(''),
      PASTE2,
      false,
      'paste',
      undefined,
      ['paste'],
    ],
    ['paste before the menu', withMenu, PASTE2, false, 'paste', undefined, ['paste']],
    ['menu: Tab moves', withMenu, '\t', false, 'menu', 'menu.down', []],
    // Issue 10: a menu with nothing selected (`?`, or a Tab menu left alone) runs the line on Enter.
    [
      'menu: Enter with nothing selected runs the line',
      withMenu,
      '\r',
      false,
      'app',
      'line.submit',
      ['submit'],
    ],
    ['menu: Enter on a selected row accepts (no submit)', withMenu, '\t\r', false, 'menu', 'menu.accept', []],
    // The `<Enter>` row chosen (Tab/↓ onto it) and Enter: the line runs, as Junos' `<[Enter]>`.
    [
      'menu: Enter on the <Enter> row runs the line',
      withEnterRow,
      '\t\t\r',
      false,
      'app',
      'line.submit',
      ['submit'],
    ],
    [
      'menu: Enter on a placeholder row only closes',
      withEnterRow,
      '\t\t\t\r',
      false,
      'menu',
      'menu.accept',
      [],
    ],
    ['menu: Esc closes', withMenu, '\u001b', false, 'menu', 'menu.close', []],
    ['menu: ? lists again', withMenu, '?', false, 'completion', 'complete.list', ['complete']],
    ['menu: a letter is typed and narrows the menu', withMenu, 'o', false, 'editor', undefined, ['complete']],
    ['menu: PgDn pages', withMenu, '\u001b[6~', false, 'menu', 'menu.pageDown', []],
    ['menu: PgUp pages', withMenu, '\u001b[5~', false, 'menu', 'menu.pageUp', []],
    ['menu: Ctrl-C still cancels the line', withMenu, '\u0003', false, 'app', 'line.cancel', ['cancelLine']],
    ['Tab completes', () => typed('sh'), '\t', false, 'completion', 'complete.tab', ['complete']],
    ['? lists', () => typed('show '), '?', false, 'completion', 'complete.list', ['complete']],
    ['? inside quotes is typed', () => typed('x "why'), '?', false, 'editor', undefined, []],
    ['a letter is typed', () => typed(''), 'a', false, 'editor', undefined, []],
    ['Ctrl-D on a line deletes', () => typed('ab'), '\u0004', false, 'editor', 'edit.delete', []],
    ['Up walks the history', () => typed(''), '\u001b[A', false, 'editor', 'history.prev', []],
    ['Ctrl-R starts a search', () => typed(''), '\u0012', false, 'editor', 'history.search', []],
    ['Enter submits', () => typed('show version'), '\r', false, 'app', 'line.submit', ['submit']],
    ['Ctrl-C clears a typed line', () => typed('abc'), '\u0003', false, 'app', 'line.cancel', ['cancelLine']],
    ['Ctrl-C on an empty line', () => typed(''), '\u0003', false, 'app', 'line.cancel', []],
    ['Ctrl-D on an empty line exits', () => typed(''), '\u0004', false, 'app', 'app.exit', ['exit']],
    ['Ctrl-L clears the screen', () => typed('x'), '\u000c', false, 'app', 'screen.clear', ['clearScreen']],
    ['an unbound key is nobody’s', () => typed('x'), '\u001b[15~', false, undefined, undefined, []],
  ])('%s', (_name, state, raw, running, by, command, effects) => {
    const r = feed(state(), raw, running);
    expect(r.by).toBe(by);
    expect(r.command).toBe(command);
    expect(r.effects.map((e) => e.type)).toEqual(effects);
  });
});

describe('what the handlers do', () => {
  it('keeps keys typed while a request runs; Ctrl-C drops them', () => {
    let { s } = feed(typed(''), 'show', true);
    expect(s.typeAhead).toHaveLength(4); // a key per grapheme (keys/key-parser.ts)
    expect(s.editor.text).toBe('');
    s = feed(s, '\u0003', true).s;
    expect(s.typeAhead).toEqual([]);
  });

  it('several keys read at once: two submits, then Up recalls them', () => {
    const r = feed(initPrompt(), 'show version\rshow ip\r');
    expect(r.effects).toEqual([
      { type: 'submit', text: 'show version' },
      { type: 'submit', text: 'show ip' },
    ]);
    let s = feed(r.s, 'draft').s;
    s = feed(s, '\u001b[A').s;
    expect(s.editor.text).toBe('show ip');
    s = feed(s, '\u001b[A').s;
    expect(s.editor.text).toBe('show version');
    s = feed(s, '\u001b[B\u001b[B').s;
    expect(s.editor.text).toBe('draft');
  });

  it('editing keys: Ctrl-A, Alt-F, Ctrl-K, Ctrl-Y, Ctrl-W', () => {
    let s = feed(initPrompt(), 'set interface eth0').s;
    s = feed(s, '\u0001\u001bf\u000b').s;
    expect(s.editor.text).toBe('set');
    s = feed(s, '\u0019').s;
    expect(s.editor.text).toBe('set interface eth0');
    s = feed(s, '\u0017\u0017').s;
    expect(s.editor.text).toBe('set ');
  });

  it('tells completion when a Tab directly follows a Tab (the list gesture)', () => {
    const repeats = (s: PromptState, raw: string) =>
      feed(s, raw).effects.flatMap((e) => (e.type === 'complete' ? [e.repeat] : []));
    const s = feed(initPrompt(), 'sh').s;
    expect(repeats(s, '\t\t\t')).toEqual([false, true, true]);
    expect(repeats(feed(s, '\ti').s, '\t')).toEqual([false]);
  });

  it('`ab?` read at once types ab and then lists', () => {
    const r = feed(initPrompt(), 'show ab?');
    expect(r.s.editor.text).toBe('show ab');
    expect(r.effects).toEqual([{ type: 'complete', how: 'list', repeat: false }]);
  });

  it('? is literal exactly where the lexer says a quote is open', () => {
    for (const text of ['logs search "a b', 'logs search "a b" ', "metrics query 'up", 'x \\"y', '"a\\"b']) {
      const r = feed(typed(text), '?');
      expect(r.effects.length === 0, text).toBe(isInsideQuote(text, text.length));
    }
  });

  it('Ctrl-R finds a line; Enter puts it on the line; Ctrl-G restores the draft', () => {
    let s = feed(initPrompt(['show interface eth0', 'show version', 'metrics query up']), 'partial').s;
    s = feed(s, '\u0012ver').s;
    expect(s.search?.query).toBe('ver');
    const accepted = feed(s, '\r');
    expect(accepted.s.editor.text).toBe('show version');
    expect(accepted.effects).toEqual([]);
    s = feed(accepted.s, '\u0015\u0012int\u0007').s;
    expect(s.search).toBeNull();
    expect(s.editor.text).toBe('');
  });

  it('a bracketed paste split across reads is one key: one line is inserted, several are run', () => {
    const paste = (a: string, b: string) => {
      const first = parseKeys(a);
      expect(first.keys).toEqual([]);
      const [k] = parseKeys(b, first.state).keys;
      return handleKey(initPrompt(), k as Key, { running: false });
    };
    expect(paste('\u001b[200~set a', ' set\tb\u001b[201~').state.editor.text).toBe('set a set b');
    expect(paste('\u001b[200~set a\r\n', 'set b\u001b[201~').effects).toEqual([
      { type: 'paste', text: 'set a\nset b' },
    ]);
  });

  it('typing in the word keeps the menu (narrowed by a new completion); a blank or a move closes it', () => {
    const typedIn = feed(withMenu(), 'o');
    expect(typedIn.s.menu?.completion.replaceTo).toBe(3);
    expect(typedIn.effects).toEqual([{ type: 'complete', how: 'list', repeat: false }]);
    expect(feed(withMenu(), '\u007f').s.menu).not.toBeNull();
    expect(feed(withMenu(), ' ').s.menu).toBeNull();
    expect(feed(withMenu(), '\u001b[D').s.menu).toBeNull();
  });

  it('PgDn and PgUp move the selection a page, stopping at the ends', () => {
    const many = openMenu(typed(''), comp(Array.from({ length: 20 }, (_, i) => `w${i}`)));
    let s = feed(many, '\u001b[6~').s;
    expect(s.menu?.selected).toBe(7);
    s = feed(s, '\u001b[6~\u001b[6~\u001b[6~').s;
    expect(s.menu?.selected).toBe(19);
    s = feed(s, '\u001b[5~').s;
    expect(s.menu?.selected).toBe(11);
    s = feed(s, '\u001b[5~\u001b[5~').s;
    expect(s.menu?.selected).toBe(0);
  });

  it('with the terminal rows known, PgDn moves by the rows the menu shows (not 8)', () => {
    const many = openMenu(typed(''), comp(Array.from({ length: 100 }, (_, i) => `w${i}`)));
    const [pgdn] = keys('\u001b[6~');
    // 40 rows: 36 item rows and the more line under the prompt and its hint.
    expect(handleKey(many, pgdn as Key, { running: false, rows: 40 }).state.menu?.selected).toBe(35);
  });

  it('`?` then Enter: the list closes and the line runs (one Enter)', () => {
    const listed = openMenu(typed('ping 10.0.0.1'), comp(['count', 'size']));
    const r = feed(listed, '\r');
    expect(r.effects).toEqual([{ type: 'submit', text: 'ping 10.0.0.1' }]);
    expect(r.s.menu).toBeNull();
    expect(r.s.editor.text).toBe('');
  });

  it('a changed line closes the menu; menu keys move and accept', () => {
    const s = feed(withMenu(''), '\t\t\r').s;
    expect(s.menu).toBeNull();
    expect(s.editor.text).toBe('shutdown ');
  });

  it('history read after the first render keeps this session’s lines after it', () => {
    let s = feed(initPrompt(), 'typed now\r').s;
    s = reseed(s, ['from file']);
    s = feed(s, '\u001b[A').s;
    expect(s.editor.text).toBe('typed now');
    // The same content again (an inline array literal) does not reset the walk.
    s = reseed(s, ['from file']);
    s = feed(s, '\u001b[A').s;
    expect(s.editor.text).toBe('from file');
  });
});
