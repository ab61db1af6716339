// Keys are data: every command has a dotted id and a list of bindings in one mode, so the
// table can be checked (no key bound twice in a mode), shown in help, and overridden later.
// The prompt (edit/menu/search) and the panes (chart, logs, the log pane's `/` prompt) share
// this one table. Conditions express the two context-dependent prompt keys: Ctrl-D (exit on
// an empty line, delete forward otherwise) and `?` (list candidates, but a literal in quotes).
//
// The table is the one list: the command ids (Command) are its keys and the modes (Mode) are
// its entries' modes, so a new pane's keys are its lines here and nothing else.
import type { Key, KeyPress } from './key-parser.js';

export type Condition = 'lineEmpty' | 'lineNotEmpty' | 'inQuote' | 'notInQuote';

export interface KeyBinding {
  name: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  /** The binding only applies when this holds. */
  when?: Condition;
}

const ctrl = (name: string, when?: Condition): KeyBinding =>
  when ? { name, ctrl: true, when } : { name, ctrl: true };
const meta = (name: string): KeyBinding => ({ name, meta: true });
const plain = (name: string, when?: Condition): KeyBinding => (when ? { name, when } : { name });
// A typed character: the parser marks upper-case letters as shifted.
const ch = (c: string): KeyBinding => (c !== c.toLowerCase() ? { name: c, shift: true } : { name: c });
/** A command's bindings in `mode` (the mode's name kept as a literal: Mode is made of them). */
const bind = <M extends string>(mode: M, ...keys: KeyBinding[]) => ({ mode, keys });
const edit = (...keys: KeyBinding[]) => bind('edit', ...keys);
/** Escape as a terminal sends it: alone, or as the meta prefix of a key that never came. */
const ESCAPE: readonly KeyBinding[] = [plain('escape'), meta('escape')];
/** How every pane, overlay and menu is left: q, Escape, Ctrl-C. */
const LEAVE: readonly KeyBinding[] = [ch('q'), ...ESCAPE, ctrl('c')];
const chart = (...keys: KeyBinding[]) => bind('chart', ...keys);
const logs = (...keys: KeyBinding[]) => bind('logs', ...keys);
const monitor = (...keys: KeyBinding[]) => bind('monitor', ...keys);
const show = (...keys: KeyBinding[]) => bind('show', ...keys);
const dash = (...keys: KeyBinding[]) => bind('dashboard', ...keys);
const picker = (...keys: KeyBinding[]) => bind('dashPicker', ...keys);
const board = (...keys: KeyBinding[]) => bind('board', ...keys);

const TOGGLES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const TOGGLE_BINDINGS = Object.fromEntries(TOGGLES.map((n) => [`chart.toggle${n}`, chart(ch(n))])) as Record<
  `chart.toggle${(typeof TOGGLES)[number]}`,
  ReturnType<typeof chart>
>;

/**
 * The modes: edit: typing a line; menu: a suggestions menu is open; search: Ctrl-R reverse search;
 * chart / logs: a pane is open; logsPrompt: the log pane's `/` prompt (it takes every key);
 * logsDetail: a record's fields (Enter); logsMenu / logsConfirm: `b`'s menus and its y/n;
 * pager: `--More--` under a long output; pagerPrompt: its `/` search (it takes every key);
 * monitor / monitorPrompt / monitorConfirm: the match-list monitor pane, its `/` filter and
 * the y/n question before `d` removes an entry; show: a `show … | refresh` pane; fleet: the fleet
 * shell's `monitor match-list` pane; ping: a `ping … | graph` pane; dashboard / dashPicker /
 * dashPrompt: the dashboard screen, its `v` variable picker and its `e` expression prompt (it
 * takes every key); board / boardDetail / boardConfirm / boardPrompt: `class board`, a trainee's
 * detail, its y/N question and its message prompt (it takes every key).
 */
const TABLE = {
  'edit.left': edit(plain('left'), ctrl('b')),
  'edit.right': edit(plain('right'), ctrl('f')),
  'edit.home': edit(plain('home'), ctrl('a')),
  'edit.end': edit(plain('end'), ctrl('e')),
  'edit.wordLeft': edit(meta('b'), ctrl('left'), meta('left')),
  'edit.wordRight': edit(meta('f'), ctrl('right'), meta('right')),
  'edit.backspace': edit(plain('backspace')),
  'edit.delete': edit(plain('delete'), ctrl('d', 'lineNotEmpty')),
  'edit.killWordLeft': edit(ctrl('w'), meta('backspace')),
  'edit.killWordRight': edit(meta('d'), ctrl('delete')),
  'edit.killToEnd': edit(ctrl('k')),
  'edit.killToStart': edit(ctrl('u')),
  'edit.yank': edit(ctrl('y')),
  'edit.yankPop': edit(meta('y')),
  'edit.transpose': edit(ctrl('t')),
  'history.prev': edit(plain('up'), ctrl('p')),
  'history.next': edit(plain('down'), ctrl('n')),
  'history.search': edit(ctrl('r')),
  'complete.tab': edit(plain('tab')),
  'complete.list': edit(plain('?', 'notInQuote')),
  'line.submit': edit(plain('return')),
  'line.cancel': edit(ctrl('c')),
  'app.exit': edit(ctrl('d', 'lineEmpty')),
  'screen.clear': edit(ctrl('l')),
  // Listed with the prompt's keys, but the key source (KeyProvider) takes it in every mode, as readline does.
  'app.suspend': edit(ctrl('z')),
  'menu.up': bind('menu', plain('up'), ctrl('p'), { name: 'tab', shift: true }),
  'menu.down': bind('menu', plain('down'), ctrl('n'), plain('tab')),
  'menu.accept': bind('menu', plain('return')),
  'menu.close': bind('menu', plain('escape'), ctrl('g')),
  'menu.pageUp': bind('menu', plain('pageup')),
  'menu.pageDown': bind('menu', plain('pagedown')),
  'search.next': bind('search', ctrl('r')),
  'search.accept': bind('search', plain('return')),
  'search.cancel': bind('search', plain('escape'), ctrl('g'), ctrl('c')),
  'search.backspace': bind('search', plain('backspace')),
  // Ctrl-C leaves a pane like q: in the shell it is the key that stops what is on screen.
  'chart.close': chart(...LEAVE),
  'chart.pause': chart(ch('p'), ch(' ')),
  'chart.zoomIn': chart(ch('+'), ch('=')),
  'chart.zoomOut': chart(ch('-'), ch('_')),
  'chart.panLeft': chart(plain('left'), ch('h')),
  'chart.panRight': chart(plain('right'), ch('l')),
  'chart.refresh': chart(ch('r')),
  'chart.coarser': chart(ch('c')),
  'chart.finer': chart(ch('f')),
  // Many series: t cycles top 10/20/50/all; the legend pages and has a cursor that Enter toggles.
  'chart.topN': chart(ch('t')),
  'chart.legendPrev': chart(ch('['), plain('pageup')),
  'chart.legendNext': chart(ch(']'), plain('pagedown')),
  'chart.cursorPrev': chart(plain('up'), ch('k')),
  'chart.cursorNext': chart(plain('down'), ch('j')),
  'chart.toggleSelected': chart(plain('return')),
  // `l` pans: the logs of the visible window are the capital.
  'chart.logs': chart(ch('L')),
  ...TOGGLE_BINDINGS,
  'logs.close': logs(...LEAVE),
  'logs.pageUp': logs(plain('pageup'), ctrl('b')),
  'logs.pageDown': logs(plain('pagedown'), ctrl('f')),
  'logs.scrollUp': logs(plain('up'), ch('k')),
  'logs.scrollDown': logs(plain('down'), ch('j')),
  'logs.top': logs(plain('home'), ch('g')),
  'logs.bottom': logs(plain('end'), ch('G')),
  'logs.wrap': logs(ch('w')),
  'logs.facets': logs(ch('f')),
  'logs.search': logs(ch('/')),
  'logs.promptApply': bind('logsPrompt', plain('return')),
  'logs.promptCancel': bind('logsPrompt', ...ESCAPE),
  'logs.promptBackspace': bind('logsPrompt', plain('backspace'), plain('delete')),
  // The selected record: Enter shows its fields, b adds an address of it to a match-list, c charts it.
  'logs.detail': logs(plain('return')),
  'logs.detailClose': bind('logsDetail', ch('q'), ...ESCAPE, plain('return'), ctrl('c')),
  'logs.block': logs(ch('b')),
  'logs.chart': logs(ch('c')),
  'logs.menuUp': bind('logsMenu', plain('up'), ch('k'), { name: 'tab', shift: true }),
  'logs.menuDown': bind('logsMenu', plain('down'), ch('j'), plain('tab')),
  'logs.menuAccept': bind('logsMenu', plain('return')),
  'logs.menuCancel': bind('logsMenu', ...LEAVE),
  'logs.confirmYes': bind('logsConfirm', ch('y'), ch('Y')),
  'logs.confirmNo': bind('logsConfirm', ch('n'), ch('N'), ...LEAVE),
  'monitor.close': monitor(...LEAVE),
  'monitor.sort': monitor(ch('s')),
  'monitor.up': monitor(plain('up'), ch('k')),
  'monitor.down': monitor(plain('down'), ch('j')),
  'monitor.pageUp': monitor(plain('pageup'), ctrl('b')),
  'monitor.pageDown': monitor(plain('pagedown'), ctrl('f')),
  'monitor.refresh': monitor(ch('r')),
  'monitor.search': monitor(ch('/')),
  'monitor.promptApply': bind('monitorPrompt', plain('return')),
  'monitor.promptCancel': bind('monitorPrompt', ...ESCAPE),
  'monitor.promptBackspace': bind('monitorPrompt', plain('backspace'), plain('delete')),
  'monitor.remove': monitor(ch('d'), plain('delete')),
  'monitor.confirmYes': bind('monitorConfirm', ch('y'), ch('Y')),
  'monitor.confirmNo': bind('monitorConfirm', ch('n'), ch('N'), ch('q'), plain('escape'), ctrl('c')),
  'show.close': show(...LEAVE),
  'show.up': show(plain('up'), ch('k')),
  'show.down': show(plain('down'), ch('j')),
  'show.pageUp': show(plain('pageup'), ctrl('b')),
  'show.pageDown': show(plain('pagedown'), ctrl('f'), ch(' ')),
  'show.refresh': show(ch('r')),
  'fleet.close': bind('fleet', ...LEAVE),
  'fleet.refresh': bind('fleet', ch('r')),
  // `class board`: the instructor's board; Enter opens a trainee (read only), a y/N question
  // before `R` and `n`, and `m`'s one-line message prompt (it takes every key).
  // Esc does not leave the board: it is the key back from a trainee's detail, pressed twice.
  'board.close': board(ch('q'), ctrl('c')),
  'board.up': board(plain('up'), ch('k')),
  'board.down': board(plain('down'), ch('j')),
  'board.pageUp': board(plain('pageup'), ctrl('b')),
  'board.pageDown': board(plain('pagedown'), ctrl('f')),
  'board.open': board(plain('return')),
  'board.reset': board(ch('r')),
  'board.resetAll': board(ch('R')),
  'board.message': board(ch('m')),
  'board.next': board(ch('n')),
  'board.detailBack': bind('boardDetail', ch('q'), ...ESCAPE, plain('return'), ctrl('c')),
  'board.detailUp': bind('boardDetail', plain('up'), ch('k')),
  'board.detailDown': bind('boardDetail', plain('down'), ch('j')),
  'board.confirmYes': bind('boardConfirm', ch('y'), ch('Y')),
  'board.confirmNo': bind('boardConfirm', ch('n'), ch('N'), ch('q'), plain('return'), ...ESCAPE, ctrl('c')),
  'board.promptSend': bind('boardPrompt', plain('return')),
  'board.promptCancel': bind('boardPrompt', ...ESCAPE, ctrl('c')),
  'board.promptBackspace': bind('boardPrompt', plain('backspace'), plain('delete')),
  'ping.close': bind('ping', ...LEAVE),
  'ping.pause': bind('ping', ch('p'), ch(' ')),
  // The dashboard: its own keys; inside a zoomed panel that panel's pane keys come first.
  'dash.close': dash(...LEAVE),
  'dash.focusNext': dash(plain('tab')),
  'dash.focusPrev': dash({ name: 'tab', shift: true }),
  'dash.up': dash(plain('up'), ch('k')),
  'dash.down': dash(plain('down'), ch('j')),
  'dash.pageUp': dash(plain('pageup')),
  'dash.pageDown': dash(plain('pagedown')),
  'dash.toggleRow': dash(plain('return')),
  'dash.zoom': dash(ch('z')),
  'dash.zoomIn': dash(ch('+'), ch('=')),
  'dash.zoomOut': dash(ch('-'), ch('_')),
  'dash.panLeft': dash(plain('left'), ch('h')),
  'dash.panRight': dash(plain('right'), ch('l')),
  'dash.pause': dash(ch('p'), ch(' ')),
  'dash.refresh': dash(ch('r')),
  'dash.vars': dash(ch('v')),
  'dash.edit': dash(ch('e')),
  'dash.pickerUp': picker(plain('up'), ch('k')),
  'dash.pickerDown': picker(plain('down'), ch('j')),
  'dash.pickerToggle': picker(ch(' ')),
  'dash.pickerNextVar': picker(plain('tab'), plain('right'), ch('l')),
  'dash.pickerPrevVar': picker({ name: 'tab', shift: true }, plain('left'), ch('h')),
  'dash.pickerAccept': picker(plain('return')),
  'dash.pickerCancel': picker(ch('q'), ...ESCAPE, ctrl('c')),
  'dash.promptApply': bind('dashPrompt', plain('return')),
  'dash.promptCancel': bind('dashPrompt', ...ESCAPE, ctrl('c')),
  'dash.promptBackspace': bind('dashPrompt', plain('backspace'), plain('delete')),
  'dash.promptComplete': bind('dashPrompt', plain('tab')),
  // Junos `--More--`: Space a page, Enter a line, q (or Ctrl-C) drops the rest, / searches.
  'pager.page': bind('pager', ch(' '), plain('pagedown'), ctrl('f')),
  'pager.line': bind('pager', plain('return'), plain('down'), ch('j')),
  'pager.end': bind('pager', ch('G'), plain('end')),
  'pager.quit': bind('pager', ch('q'), ch('Q'), ctrl('c')),
  'pager.search': bind('pager', ch('/')),
  'pager.promptApply': bind('pagerPrompt', plain('return')),
  'pager.promptCancel': bind('pagerPrompt', plain('escape'), ctrl('c')),
  'pager.promptBackspace': bind('pagerPrompt', plain('backspace'), plain('delete')),
};

/** A command's dotted id: a key of the table. */
export type Command = keyof typeof TABLE;
export type Mode = (typeof TABLE)[Command]['mode'];

export interface CommandSpec {
  mode: Mode;
  keys: readonly KeyBinding[];
}

export type Keymap = Readonly<Record<Command, CommandSpec>>;

export const DEFAULT_KEYMAP: Keymap = TABLE;

/** Every command the keymap binds, in the table's order. */
export const COMMANDS = Object.keys(TABLE) as readonly Command[];

export interface KeyContext {
  mode: Mode;
  /** The line being edited is empty (Ctrl-D exits). */
  lineEmpty?: boolean;
  /** The cursor is inside an open quote (`?` is a literal). */
  inQuote?: boolean;
}

function holds(when: Condition | undefined, ctx: Partial<KeyContext> | undefined): boolean {
  if (when === undefined || ctx === undefined) return true;
  switch (when) {
    case 'lineEmpty':
      return ctx.lineEmpty !== false;
    case 'lineNotEmpty':
      return ctx.lineEmpty !== true;
    case 'inQuote':
      return ctx.inQuote !== false;
    case 'notInQuote':
      return ctx.inQuote !== true;
  }
}

/** Whether `key` is `binding` (modifiers must match exactly; conditions are not checked). */
export function keyIs(binding: KeyBinding, key: Key): key is KeyPress {
  if (!('sequence' in key)) return false;
  return (
    key.name === binding.name &&
    key.ctrl === (binding.ctrl ?? false) &&
    key.meta === (binding.meta ?? false) &&
    key.shift === (binding.shift ?? false)
  );
}

/**
 * Whether `key` triggers `cmd`. With `ctx`, conditional bindings are checked against it;
 * without, they count as satisfied. The mode of `ctx` is not checked here.
 */
export function matchesCommand(
  cmd: Command,
  key: Key,
  ctx?: Partial<KeyContext>,
  keymap: Keymap = DEFAULT_KEYMAP,
): boolean {
  return keymap[cmd].keys.some((b) => keyIs(b, key) && holds(b.when, ctx));
}

/**
 * The command `key` runs in `ctx`. In menu mode keys the menu does not use fall through to
 * the editor (typing goes on while the menu is open); other modes have no fall-through.
 */
export function resolveCommand(
  key: Key,
  ctx: KeyContext,
  keymap: Keymap = DEFAULT_KEYMAP,
): Command | undefined {
  const find = (mode: Mode) =>
    COMMANDS.find((cmd) => keymap[cmd].mode === mode && matchesCommand(cmd, key, ctx, keymap));
  const own = find(ctx.mode);
  if (own !== undefined || ctx.mode !== 'menu') return own;
  return find('edit');
}

/** Printable characters bound to a command in `modes` (such as `?`): typed, they act; pasted, they are text. */
export function boundPrintables(
  keymap: Keymap = DEFAULT_KEYMAP,
  modes: readonly Mode[] = ['edit', 'menu'],
): Set<string> {
  const out = new Set<string>();
  for (const cmd of COMMANDS) {
    if (!modes.includes(keymap[cmd].mode)) continue;
    for (const b of keymap[cmd].keys) {
      if (!b.ctrl && !b.meta && [...b.name].length === 1) out.add(b.name);
    }
  }
  return out;
}
