// Keys are data: every command has a dotted id and a list of bindings in one mode, so the
// table can be checked (no key bound twice in a mode), shown in help, and overridden later.
// The prompt (edit/menu/search) and the panes (chart, logs, the log pane's `/` prompt) share
// this one table. Conditions express the two context-dependent prompt keys: Ctrl-D (exit on
// an empty line, delete forward otherwise) and `?` (list candidates, but a literal in quotes).
import type { Key, KeyPress } from './key-parser.js';

import { type Command, COMMANDS, TOGGLES } from './keymap-commands.js';

export { type Command, COMMANDS } from './keymap-commands.js';

/**
 * edit: typing a line; menu: a suggestions menu is open; search: Ctrl-R reverse search;
 * chart / logs: a pane is open; logsPrompt: the log pane's `/` prompt (it takes every key);
 * logsDetail: a record's fields (Enter); logsMenu / logsConfirm: `b`'s menus and its y/n;
 * pager: `--More--` under a long output; pagerPrompt: its `/` search (it takes every key);
 * monitor / monitorPrompt / monitorConfirm: the match-list monitor pane, its `/` filter and
 * the y/n question before `d` removes an entry; show: a `show … | refresh` pane; ping: a
 * `ping … | graph` pane; dashboard /
 * dashPicker / dashPrompt: the dashboard screen, its `v` variable picker and its `e` expression
 * prompt (it takes every key).
 */
export type Mode =
  | 'edit'
  | 'menu'
  | 'search'
  | 'chart'
  | 'logs'
  | 'logsPrompt'
  | 'logsDetail'
  | 'logsMenu'
  | 'logsConfirm'
  | 'pager'
  | 'pagerPrompt'
  | 'monitor'
  | 'monitorPrompt'
  | 'monitorConfirm'
  | 'show'
  | 'ping'
  | 'dashboard'
  | 'dashPicker'
  | 'dashPrompt';

export type Condition = 'lineEmpty' | 'lineNotEmpty' | 'inQuote' | 'notInQuote';

export interface KeyBinding {
  name: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  /** The binding only applies when this holds. */
  when?: Condition;
}

export interface CommandSpec {
  mode: Mode;
  keys: readonly KeyBinding[];
}

export type Keymap = Readonly<Record<Command, CommandSpec>>;

const ctrl = (name: string, when?: Condition): KeyBinding =>
  when ? { name, ctrl: true, when } : { name, ctrl: true };
const meta = (name: string): KeyBinding => ({ name, meta: true });
const plain = (name: string, when?: Condition): KeyBinding => (when ? { name, when } : { name });
// A typed character: the parser marks upper-case letters as shifted.
const ch = (c: string): KeyBinding => (c !== c.toLowerCase() ? { name: c, shift: true } : { name: c });
const edit = (...keys: KeyBinding[]): CommandSpec => ({ mode: 'edit', keys });
/** Escape as a terminal sends it: alone, or as the meta prefix of a key that never came. */
const ESCAPE: readonly KeyBinding[] = [plain('escape'), meta('escape')];
/** How every pane, overlay and menu is left: q, Escape, Ctrl-C. */
const LEAVE: readonly KeyBinding[] = [ch('q'), ...ESCAPE, ctrl('c')];
const chart = (...keys: KeyBinding[]): CommandSpec => ({ mode: 'chart', keys });
const logs = (...keys: KeyBinding[]): CommandSpec => ({ mode: 'logs', keys });
const monitor = (...keys: KeyBinding[]): CommandSpec => ({ mode: 'monitor', keys });
const show = (...keys: KeyBinding[]): CommandSpec => ({ mode: 'show', keys });
const dash = (...keys: KeyBinding[]): CommandSpec => ({ mode: 'dashboard', keys });
const picker = (...keys: KeyBinding[]): CommandSpec => ({ mode: 'dashPicker', keys });

const TOGGLE_BINDINGS = Object.fromEntries(TOGGLES.map((n) => [`chart.toggle${n}`, chart(ch(n))])) as Record<
  `chart.toggle${(typeof TOGGLES)[number]}`,
  CommandSpec
>;

export const DEFAULT_KEYMAP: Keymap = {
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
  'menu.up': { mode: 'menu', keys: [plain('up'), ctrl('p'), { name: 'tab', shift: true }] },
  'menu.down': { mode: 'menu', keys: [plain('down'), ctrl('n'), plain('tab')] },
  'menu.accept': { mode: 'menu', keys: [plain('return')] },
  'menu.close': { mode: 'menu', keys: [plain('escape'), ctrl('g')] },
  'menu.pageUp': { mode: 'menu', keys: [plain('pageup')] },
  'menu.pageDown': { mode: 'menu', keys: [plain('pagedown')] },
  'search.next': { mode: 'search', keys: [ctrl('r')] },
  'search.accept': { mode: 'search', keys: [plain('return')] },
  'search.cancel': { mode: 'search', keys: [plain('escape'), ctrl('g'), ctrl('c')] },
  'search.backspace': { mode: 'search', keys: [plain('backspace')] },
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
  'logs.promptApply': { mode: 'logsPrompt', keys: [plain('return')] },
  'logs.promptCancel': { mode: 'logsPrompt', keys: [...ESCAPE] },
  'logs.promptBackspace': { mode: 'logsPrompt', keys: [plain('backspace'), plain('delete')] },
  // The selected record: Enter shows its fields, b adds an address of it to a match-list, c charts it.
  'logs.detail': logs(plain('return')),
  'logs.detailClose': {
    mode: 'logsDetail',
    keys: [ch('q'), ...ESCAPE, plain('return'), ctrl('c')],
  },
  'logs.block': logs(ch('b')),
  'logs.chart': logs(ch('c')),
  'logs.menuUp': { mode: 'logsMenu', keys: [plain('up'), ch('k'), { name: 'tab', shift: true }] },
  'logs.menuDown': { mode: 'logsMenu', keys: [plain('down'), ch('j'), plain('tab')] },
  'logs.menuAccept': { mode: 'logsMenu', keys: [plain('return')] },
  'logs.menuCancel': { mode: 'logsMenu', keys: [...LEAVE] },
  'logs.confirmYes': { mode: 'logsConfirm', keys: [ch('y'), ch('Y')] },
  'logs.confirmNo': {
    mode: 'logsConfirm',
    keys: [ch('n'), ch('N'), ...LEAVE],
  },
  'monitor.close': monitor(...LEAVE),
  'monitor.sort': monitor(ch('s')),
  'monitor.up': monitor(plain('up'), ch('k')),
  'monitor.down': monitor(plain('down'), ch('j')),
  'monitor.pageUp': monitor(plain('pageup'), ctrl('b')),
  'monitor.pageDown': monitor(plain('pagedown'), ctrl('f')),
  'monitor.refresh': monitor(ch('r')),
  'monitor.search': monitor(ch('/')),
  'monitor.promptApply': { mode: 'monitorPrompt', keys: [plain('return')] },
  'monitor.promptCancel': { mode: 'monitorPrompt', keys: [...ESCAPE] },
  'monitor.promptBackspace': { mode: 'monitorPrompt', keys: [plain('backspace'), plain('delete')] },
  'monitor.remove': monitor(ch('d'), plain('delete')),
  'monitor.confirmYes': { mode: 'monitorConfirm', keys: [ch('y'), ch('Y')] },
  'monitor.confirmNo': {
    mode: 'monitorConfirm',
    keys: [ch('n'), ch('N'), ch('q'), plain('escape'), ctrl('c')],
  },
  'show.close': show(...LEAVE),
  'show.up': show(plain('up'), ch('k')),
  'show.down': show(plain('down'), ch('j')),
  'show.pageUp': show(plain('pageup'), ctrl('b')),
  'show.pageDown': show(plain('pagedown'), ctrl('f'), ch(' ')),
  'show.refresh': show(ch('r')),
  'ping.close': { mode: 'ping', keys: LEAVE },
  'ping.pause': { mode: 'ping', keys: [ch('p'), ch(' ')] },
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
  'dash.promptApply': { mode: 'dashPrompt', keys: [plain('return')] },
  'dash.promptCancel': { mode: 'dashPrompt', keys: [...ESCAPE, ctrl('c')] },
  'dash.promptBackspace': { mode: 'dashPrompt', keys: [plain('backspace'), plain('delete')] },
  'dash.promptComplete': { mode: 'dashPrompt', keys: [plain('tab')] },
  // Junos `--More--`: Space a page, Enter a line, q (or Ctrl-C) drops the rest, / searches.
  'pager.page': { mode: 'pager', keys: [ch(' '), plain('pagedown'), ctrl('f')] },
  'pager.line': { mode: 'pager', keys: [plain('return'), plain('down'), ch('j')] },
  'pager.end': { mode: 'pager', keys: [ch('G'), plain('end')] },
  'pager.quit': { mode: 'pager', keys: [ch('q'), ch('Q'), ctrl('c')] },
  'pager.search': { mode: 'pager', keys: [ch('/')] },
  'pager.promptApply': { mode: 'pagerPrompt', keys: [plain('return')] },
  'pager.promptCancel': { mode: 'pagerPrompt', keys: [plain('escape'), ctrl('c')] },
  'pager.promptBackspace': { mode: 'pagerPrompt', keys: [plain('backspace'), plain('delete')] },
};

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
