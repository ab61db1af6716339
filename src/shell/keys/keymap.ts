// Keys are data: every command has a dotted id and a list of bindings per mode, so the
// table can be checked (no key bound twice), shown in help, and overridden later.
// Conditions express the two context-dependent keys: Ctrl-D (exit on an empty line,
// delete forward otherwise) and `?` (list candidates, but a literal inside quotes).
import type { Key, KeyPress } from './key-parser.js';
import type { EditorAction } from '../editor/line-editor.js';

export const COMMANDS = [
  'edit.left',
  'edit.right',
  'edit.home',
  'edit.end',
  'edit.wordLeft',
  'edit.wordRight',
  'edit.backspace',
  'edit.delete',
  'edit.killWordLeft',
  'edit.killWordRight',
  'edit.killToEnd',
  'edit.killToStart',
  'edit.yank',
  'edit.yankPop',
  'edit.transpose',
  'history.prev',
  'history.next',
  'history.search',
  'complete.tab',
  'complete.list',
  'line.submit',
  'line.cancel',
  'app.exit',
  'screen.clear',
  'menu.up',
  'menu.down',
  'menu.accept',
  'menu.close',
  'search.next',
  'search.accept',
  'search.cancel',
  'search.backspace',
] as const;

export type Command = (typeof COMMANDS)[number];

/** edit: typing a line; menu: a suggestions menu is open; search: Ctrl-R reverse search. */
export type Mode = 'edit' | 'menu' | 'search';

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

export const DEFAULT_KEYMAP: Keymap = {
  'edit.left': { mode: 'edit', keys: [plain('left'), ctrl('b')] },
  'edit.right': { mode: 'edit', keys: [plain('right'), ctrl('f')] },
  'edit.home': { mode: 'edit', keys: [plain('home'), ctrl('a')] },
  'edit.end': { mode: 'edit', keys: [plain('end'), ctrl('e')] },
  'edit.wordLeft': { mode: 'edit', keys: [meta('b'), ctrl('left'), meta('left')] },
  'edit.wordRight': { mode: 'edit', keys: [meta('f'), ctrl('right'), meta('right')] },
  'edit.backspace': { mode: 'edit', keys: [plain('backspace')] },
  'edit.delete': { mode: 'edit', keys: [plain('delete'), ctrl('d', 'lineNotEmpty')] },
  'edit.killWordLeft': { mode: 'edit', keys: [ctrl('w'), meta('backspace')] },
  'edit.killWordRight': { mode: 'edit', keys: [meta('d'), ctrl('delete')] },
  'edit.killToEnd': { mode: 'edit', keys: [ctrl('k')] },
  'edit.killToStart': { mode: 'edit', keys: [ctrl('u')] },
  'edit.yank': { mode: 'edit', keys: [ctrl('y')] },
  'edit.yankPop': { mode: 'edit', keys: [meta('y')] },
  'edit.transpose': { mode: 'edit', keys: [ctrl('t')] },
  'history.prev': { mode: 'edit', keys: [plain('up'), ctrl('p')] },
  'history.next': { mode: 'edit', keys: [plain('down'), ctrl('n')] },
  'history.search': { mode: 'edit', keys: [ctrl('r')] },
  'complete.tab': { mode: 'edit', keys: [plain('tab')] },
  'complete.list': { mode: 'edit', keys: [plain('?', 'notInQuote')] },
  'line.submit': { mode: 'edit', keys: [plain('return')] },
  'line.cancel': { mode: 'edit', keys: [ctrl('c')] },
  'app.exit': { mode: 'edit', keys: [ctrl('d', 'lineEmpty')] },
  'screen.clear': { mode: 'edit', keys: [ctrl('l')] },
  'menu.up': { mode: 'menu', keys: [plain('up'), ctrl('p'), { name: 'tab', shift: true }] },
  'menu.down': { mode: 'menu', keys: [plain('down'), ctrl('n'), plain('tab')] },
  'menu.accept': { mode: 'menu', keys: [plain('return')] },
  'menu.close': { mode: 'menu', keys: [plain('escape'), ctrl('g')] },
  'search.next': { mode: 'search', keys: [ctrl('r')] },
  'search.accept': { mode: 'search', keys: [plain('return')] },
  'search.cancel': { mode: 'search', keys: [plain('escape'), ctrl('g'), ctrl('c')] },
  'search.backspace': { mode: 'search', keys: [plain('backspace')] },
};

export interface KeyContext {
  mode: Mode;
  /** The line being edited is empty (Ctrl-D exits). */
  lineEmpty: boolean;
  /** The cursor is inside an open quote (`?` is a literal). */
  inQuote: boolean;
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
 * the editor (typing goes on while the menu is open); search mode has no fall-through, the
 * caller decides what other keys do there (readline: accept, then run the key).
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

/** Printable characters bound to a command (such as `?`): a typed run must split on them. */
export function boundPrintables(keymap: Keymap = DEFAULT_KEYMAP): Set<string> {
  const out = new Set<string>();
  for (const cmd of COMMANDS) {
    for (const b of keymap[cmd].keys) {
      if (!b.ctrl && !b.meta && [...b.name].length === 1) out.add(b.name);
    }
  }
  return out;
}

/**
 * Whether `cursor` is inside an open quote of the command language: `"…"` and `'…'` quote,
 * a backslash escapes the next character (not inside single quotes).
 */
export function insideQuote(text: string, cursor: number): boolean {
  let quote: string | null = null;
  for (let i = 0; i < cursor && i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && quote !== "'") {
      i++;
      continue;
    }
    if (quote === null && (ch === '"' || ch === "'")) quote = ch;
    else if (ch === quote) quote = null;
  }
  return quote !== null;
}

// The editor commands are the line editor's actions under their keymap names.
const EDIT_ACTIONS: Partial<Record<Command, EditorAction>> = {
  'edit.left': { type: 'left' },
  'edit.right': { type: 'right' },
  'edit.home': { type: 'home' },
  'edit.end': { type: 'end' },
  'edit.wordLeft': { type: 'wordLeft' },
  'edit.wordRight': { type: 'wordRight' },
  'edit.backspace': { type: 'backspace' },
  'edit.delete': { type: 'delete' },
  'edit.killWordLeft': { type: 'killWordLeft' },
  'edit.killWordRight': { type: 'killWordRight' },
  'edit.killToEnd': { type: 'killToEnd' },
  'edit.killToStart': { type: 'killToStart' },
  'edit.yank': { type: 'yank' },
  'edit.yankPop': { type: 'yankPop' },
  'edit.transpose': { type: 'transpose' },
};

/** The line-editor action an `edit.*` command performs, if it is one. */
export function editActionFor(cmd: Command): EditorAction | undefined {
  return EDIT_ACTIONS[cmd];
}
