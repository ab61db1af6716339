import { describe, expect, it } from 'vitest';
import {
  BUILTINS,
  builtinByName,
  checkBuiltin,
  DURATION_RE,
  isBuiltinNode,
  matchesInputRe,
  slotIdOf,
  TIME_RE,
} from '../../src/lang/index.js';

describe('built-ins in the NodeInfo shape', () => {
  it('lists verbs and commands as Token nodes', () => {
    expect(BUILTINS.map((b) => b.name)).toEqual([
      'no',
      'show',
      'describe',
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
  it('DURATION and TIME patterns', () => {
    for (const d of ['15m', '6h', '7d', '30s', '2w']) expect(matchesInputRe(DURATION_RE, d)).toBe(true);
    for (const d of ['15', 'm', '1y', '1h30m']) expect(matchesInputRe(DURATION_RE, d)).toBe(false);
    for (const t of ['now', 'now-1h', '2026-11-22T03:40:00Z', '2026-11-22T03:40:00.5+01:00']) {
      expect(matchesInputRe(TIME_RE, t)).toBe(true);
    }
    for (const t of ['yesterday', 'now-', '2026-11-22']) expect(matchesInputRe(TIME_RE, t)).toBe(false);
  });
  it('cross-option checks', () => {
    expect(checkBuiltin('metrics range', { since: ['1h'] })).toBeUndefined();
    expect(checkBuiltin('metrics range', { from: ['now-1h'], to: ['now'] })).toBeUndefined();
    expect(checkBuiltin('metrics range', { from: ['now-1h'] })).toBe("'from' and 'to' go together");
    expect(checkBuiltin('metrics range', { since: ['1h'], to: ['now'] })).toMatch(/either/);
  });
  it('a broken InputRe accepts the word instead of throwing', () => {
    expect(matchesInputRe('([a-', 'anything')).toBe(true);
    expect(matchesInputRe(undefined, '')).toBe(false);
    expect(matchesInputRe('a|b', 'ab')).toBe(false);
  });
});
