import { describe, expect, it } from 'vitest';
import {
  BUILTINS,
  builtinByName,
  checkBuiltin,
  isBuiltinNode,
  matchesInputRe,
  slotIdOf,
} from '../../src/lang/index.js';
import { loadRegexEngine } from '../../src/lang/regex.js';

describe('built-ins in the NodeInfo shape', () => {
  it('lists verbs and commands as Token nodes', () => {
    expect(BUILTINS.map((b) => b.name)).toEqual([
      'no',
      'show',
      'describe',
      'set',
      'delete',
      'help',
      'exit',
      'quit',
      'history',
      'edit',
      'up',
      'top',
      'refresh',
      'metrics',
      'logs',
      'match-list',
      'dry-run',
      'config',
      'changes',
      'compare',
      'checkpoint',
      'checkpoints',
      'undo',
      'rollback',
      'confirm-within',
      'confirm',
      'commit',
      'configure',
      'discard',
      'end',
      'monitor',
      'dashboard',
      'learn',
      'hint',
      'skip',
      'lesson',
    ]);
    for (const b of BUILTINS) {
      expect(b.type).toBe('Token');
      expect(isBuiltinNode(b)).toBe(true);
    }
  });
  it('telemetry value slots carry ids for the ValueCompleter', () => {
    const range = builtinByName('metrics')!.subNodes.find((n) => n.name === 'range')!;
    const expr = range.subNodes[0]!;
    expect(expr.type).toBe('Value');
    expect(slotIdOf(expr)).toBe('metrics.expr');
    expect(expr.possibleOptions.map((o) => o.name)).toEqual(['since', 'from', 'to', 'step']);
    const search = builtinByName('logs')!.subNodes.find((n) => n.name === 'search')!;
    expect(slotIdOf(search.subNodes[0]!)).toBe('logs.query');
    const all = search.subNodes[0]!.possibleOptions.find((o) => o.name === 'all')!;
    expect(all.inputRe).toBeUndefined();
  });
  it('cross-option checks: one rule for since/from/to (time.ts rangeRule)', () => {
    expect(checkBuiltin('metrics range', { since: ['1h'] })).toBeUndefined();
    expect(checkBuiltin('metrics range', { from: ['now-1h'], to: ['now'] })).toBeUndefined();
    // `from` alone runs from T to now (it was refused before the rule was made one).
    expect(checkBuiltin('metrics range', { from: ['now-1h'] })).toBeUndefined();
    expect(checkBuiltin('metrics range', { to: ['now'] })).toMatch(/'to' needs 'from'/);
    expect(checkBuiltin('metrics range', { since: ['1h'], to: ['now'] })).toMatch(/either/);
  });
  it('a broken InputRe accepts the word instead of throwing', async () => {
    await loadRegexEngine(); // loaded on demand (regex.ts)
    expect(matchesInputRe('([a-', 'anything')).toBe(true);
    expect(matchesInputRe(undefined, '')).toBe(false);
    expect(matchesInputRe('a|b', 'ab')).toBe(false);
  });
});

describe('a built-in whose slot takes the rest of the line (match-list)', () => {
  it('every word after the command fills the slot, flags included', async () => {
    const { MetadataCache, resolveLine } = await import('../../src/lang/index.js');
    const { gardenTree, treeFetch } = await import('./fixtures.js');
    const cache = new MetadataCache(treeFetch(gardenTree()));
    const r = await resolveLine(
      'match-list import blacklist "my feed.txt" --keep-going --csv ip',
      { cache },
      new AbortController().signal,
    );
    expect(r).toMatchObject({
      kind: 'builtin',
      name: 'match-list',
      args: ['import', 'blacklist', 'my feed.txt', '--keep-going', '--csv', 'ip'],
    });
    const slot = builtinByName('match-list')!.subNodes[0]!;
    expect(slotIdOf(slot)).toBe('match-list.args');
    expect(slot.subNodes).toEqual([slot]);
  });
});
