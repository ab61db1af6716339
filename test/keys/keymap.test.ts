import { describe, expect, it } from 'vitest';
import { editActionFor } from '../../src/keys/edit-actions.js';
import { type Key, parseKeys } from '../../src/keys/key-parser.js';
import {
  boundPrintables,
  COMMANDS,
  type Condition,
  DEFAULT_KEYMAP,
  type KeyBinding,
  type KeyContext,
  matchesCommand,
  resolveCommand,
} from '../../src/keys/keymap.js';

const key = (raw: string): Key => {
  const [k] = parseKeys(raw).keys;
  if (!k) throw new Error(`no key for ${JSON.stringify(raw)}`);
  return k;
};
const edit = (over: Partial<KeyContext> = {}): KeyContext => ({
  mode: 'edit',
  lineEmpty: false,
  inQuote: false,
  ...over,
});

const DISJOINT: Array<[Condition, Condition]> = [
  ['lineEmpty', 'lineNotEmpty'],
  ['inQuote', 'notInQuote'],
];
const disjoint = (a?: Condition, b?: Condition) =>
  a !== undefined &&
  b !== undefined &&
  DISJOINT.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
const sameKey = (a: KeyBinding, b: KeyBinding) =>
  a.name === b.name && !!a.ctrl === !!b.ctrl && !!a.meta === !!b.meta && !!a.shift === !!b.shift;

describe('the default keymap table', () => {
  it('has an entry with at least one binding for every command, and nothing else', () => {
    expect(Object.keys(DEFAULT_KEYMAP).sort()).toEqual([...COMMANDS].sort());
    for (const cmd of COMMANDS) expect(DEFAULT_KEYMAP[cmd].keys.length, cmd).toBeGreaterThan(0);
  });

  it('command ids are dotted and their mode matches the prefix where one is implied', () => {
    // `P.xRest` is in mode P (`dash.` is the dashboard's), or in the sub-mode P+X when that is a
    // mode and Rest is not empty (`logs.promptApply`: logsPrompt; `logs.detail`: logs); the
    // prompt's own prefixes (edit., history., line., …) are the edit mode's.
    const modes = new Set<string>(COMMANDS.map((cmd) => DEFAULT_KEYMAP[cmd].mode));
    for (const cmd of COMMANDS) {
      expect(cmd).toMatch(/^[a-z]+\.[a-zA-Z]+[1-9]?$/);
      const [prefix = '', rest = ''] = cmd.split('.');
      const [, word = '', more = ''] = /^([a-z]+)(.*)$/.exec(rest) ?? [];
      const base = prefix === 'dash' ? 'dashboard' : prefix;
      const sub = `${prefix}${word.charAt(0).toUpperCase()}${word.slice(1)}`;
      const want = more && modes.has(sub) ? sub : modes.has(base) ? base : 'edit';
      expect(DEFAULT_KEYMAP[cmd].mode, cmd).toBe(want);
    }
  });

  it('no key is bound to two commands in the same mode (unless their conditions exclude each other)', () => {
    const clashes: string[] = [];
    const all = COMMANDS.flatMap((cmd) => DEFAULT_KEYMAP[cmd].keys.map((b) => ({ cmd, b })));
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const x = all[i]!;
        const y = all[j]!;
        if (DEFAULT_KEYMAP[x.cmd].mode !== DEFAULT_KEYMAP[y.cmd].mode) continue;
        if (sameKey(x.b, y.b) && !disjoint(x.b.when, y.b.when))
          clashes.push(`${x.cmd} / ${y.cmd}: ${x.b.name}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('every binding resolves back to its own command from a real key', () => {
    for (const cmd of COMMANDS) {
      const { mode } = DEFAULT_KEYMAP[cmd];
      for (const b of DEFAULT_KEYMAP[cmd].keys) {
        const k: Key = { name: b.name, ctrl: !!b.ctrl, meta: !!b.meta, shift: !!b.shift, sequence: '' };
        const ctx: KeyContext = {
          mode,
          lineEmpty: b.when === 'lineEmpty',
          inQuote: b.when === 'inQuote',
        };
        expect(resolveCommand(k, ctx), `${cmd} ${JSON.stringify(b)}`).toBe(cmd);
      }
    }
  });
});

describe('matching real terminal input', () => {
  it.each([
    ['\u0001', 'edit.home'],
    ['\u001b[H', 'edit.home'],
    ['\u001bOF', 'edit.end'],
    ['\u001bb', 'edit.wordLeft'],
    ['\u001b[1;5D', 'edit.wordLeft'],
    ['\u001bf', 'edit.wordRight'],
    ['\u001bd', 'edit.killWordRight'],
    ['\u0017', 'edit.killWordLeft'],
    ['\u000b', 'edit.killToEnd'],
    ['\u0015', 'edit.killToStart'],
    ['\u0019', 'edit.yank'],
    ['\u007f', 'edit.backspace'],
    ['\u001b[3~', 'edit.delete'],
    ['\u001b[A', 'history.prev'],
    ['\u0010', 'history.prev'],
    ['\u001b[B', 'history.next'],
    ['\u0012', 'history.search'],
    ['\t', 'complete.tab'],
    ['?', 'complete.list'],
    ['\r', 'line.submit'],
    ['\u0003', 'line.cancel'],
  ] as const)('%j → %s', (raw, cmd) => {
    expect(resolveCommand(key(raw), edit())).toBe(cmd);
    expect(matchesCommand(cmd, key(raw))).toBe(true);
  });

  it('Ctrl-D exits on an empty line and deletes forward otherwise', () => {
    expect(resolveCommand(key('\u0004'), edit({ lineEmpty: true }))).toBe('app.exit');
    expect(resolveCommand(key('\u0004'), edit({ lineEmpty: false }))).toBe('edit.delete');
    expect(matchesCommand('app.exit', key('\u0004'), { lineEmpty: false })).toBe(false);
  });

  it('? lists outside quotes and is a literal inside them', () => {
    expect(resolveCommand(key('?'), edit({ inQuote: false }))).toBe('complete.list');
    expect(resolveCommand(key('?'), edit({ inQuote: true }))).toBeUndefined();
  });

  it('modifiers must match exactly', () => {
    expect(matchesCommand('edit.left', key('\u001b[1;5D'))).toBe(false);
    expect(matchesCommand('complete.tab', key('\u001b[Z'))).toBe(false);
    expect(matchesCommand('edit.wordLeft', key('b'))).toBe(false);
    expect(matchesCommand('line.submit', { name: 'paste', text: '\r' })).toBe(false);
  });

  it('the menu takes arrows, Tab and Enter, and lets other keys through to the editor', () => {
    const menu = edit({ mode: 'menu' });
    expect(resolveCommand(key('\u001b[B'), menu)).toBe('menu.down');
    expect(resolveCommand(key('\t'), menu)).toBe('menu.down');
    expect(resolveCommand(key('\u001b[Z'), menu)).toBe('menu.up');
    expect(resolveCommand(key('\r'), menu)).toBe('menu.accept');
    expect(resolveCommand(key('\u001b'), menu)).toBe('menu.close');
    expect(resolveCommand(key('\u0001'), menu)).toBe('edit.home');
  });

  it('the reverse search has its own keys and no fall-through', () => {
    const search = edit({ mode: 'search' });
    expect(resolveCommand(key('\u0012'), search)).toBe('search.next');
    expect(resolveCommand(key('\u0007'), search)).toBe('search.cancel');
    expect(resolveCommand(key('\u001b'), search)).toBe('search.cancel');
    expect(resolveCommand(key('\r'), search)).toBe('search.accept');
    expect(resolveCommand(key('\u0001'), search)).toBeUndefined();
  });

  it('maps every edit.* command to a line-editor action and nothing else', () => {
    for (const cmd of COMMANDS) {
      if (cmd.startsWith('edit.')) expect(editActionFor(cmd), cmd).toBeDefined();
      else expect(editActionFor(cmd), cmd).toBeUndefined();
    }
    expect(editActionFor('edit.killToEnd')).toEqual({ type: 'killToEnd' });
  });

  it('lists the printable characters that are commands at the prompt', () => {
    expect([...boundPrintables()]).toEqual(['?']);
    expect([...boundPrintables(DEFAULT_KEYMAP, ['logs'])].sort().join('')).toBe('/Gbcfgjkqw');
  });
});
