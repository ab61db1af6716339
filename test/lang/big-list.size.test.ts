// Completion over a 65,536-value node: the values are indexed once per metadata version (the
// NodeInfo object the cache hands out), a warm Tab reuses the index, and ranking stays as it is
// for small lists: exact, then prefix, then case-insensitive prefix, each in the router's order.
import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../src/api/router/types.js';
import { complete, completeSync, MetadataCache } from '../../src/lang/index.js';
import { FUZZY_MAX } from '../../src/lang/rank.js';
import { indexStats } from '../../src/lang/value-index.js';
import { tok, treeFetch, val } from './fixtures.js';

const N = 65_536;
const signal = new AbortController().signal;

function bigTree(n = N): NodeInfo {
  // Router order is not sorted: the index must give matches back in this order.
  const values = Array.from({ length: n }, (_, i) => `10.${(i * 7919) % 256}.${i >> 8}.${i & 255}/32`);
  values.push('Mixed', 'mixedcase');
  const entry = val('%NET', { help: '<net>', description: 'an entry', setValues: values, allowUnSet: true });
  const list = tok('list', { sub: [entry], allowShow: true, allowSet: true });
  return tok('', { sub: [list] });
}

function engine(tree: NodeInfo, fresh = false) {
  const inner = treeFetch(tree);
  // `fresh`: every read answers a new NodeInfo object, as a real router's JSON does.
  const fetch = fresh ? async (w: string[], s: AbortSignal) => structuredClone(await inner(w, s)) : inner;
  const cache = new MetadataCache(fetch);
  const deps = { cache, context: [] as string[] };
  return {
    cache,
    tab: (line: string) => complete(line, line.length, deps, signal),
    sync: (line: string) => completeSync(line, line.length, { cache, context: [] }),
  };
}

describe('completion over 65,536 values', () => {
  it('a warm Tab reuses the index built by the first, and finds the right values', async () => {
    const e = engine(bigTree());
    const before = indexStats.builds;
    const first = await e.tab('list ');
    expect(indexStats.builds).toBe(before + 1);
    expect(first.candidates.filter((c) => c.insertable)).toHaveLength(N + 2);
    const warm = e.sync('list 10.7.0.');
    expect(warm).not.toBe('pending');
    const again = e.sync('list 10.7.0.1');
    expect(indexStats.builds).toBe(before + 1);
    if (warm === 'pending' || again === 'pending') throw new Error('pending');
    // i = 1 gives 10.7.0.1/32; i ≡ 1 (mod 256) with (i*7919)%256 = 7 only for i = 1 + 256k… in router order.
    const names = again.candidates.filter((c) => c.insertable).map((c) => c.display);
    const expected = Array.from(
      { length: N },
      (_, i) => `10.${(i * 7919) % 256}.${i >> 8}.${i & 255}/32`,
    ).filter((v) => v.startsWith('10.7.0.1'));
    expect(names).toEqual(expected);
    expect(names.length).toBeGreaterThan(0);
    expect(again.commonPrefix).toBe(expected.length === 1 ? expected[0] : '10.7.0.1');
  });

  it('hands the menu candidates holding the fields of a Candidate only, the description sanitized', async () => {
    const tree = bigTree(1_000);
    tree.subNodes[0]!.subNodes[0]!.description = 'an \u001b[31mentry';
    const c = await engine(tree).tab('list 10.');
    const first = c.candidates[0]!;
    expect(first.display).toBe('10.0.0.0/32');
    // The index's entry is its own candidate: what ranks it (match, out) is not among its fields.
    expect(Object.keys(first).sort()).toEqual([
      'configured',
      'description',
      'display',
      'insertable',
      'kind',
      'text',
    ]);
    expect(first.description).toBe('an entry');
  });

  it('keeps the ranking classes: exact, prefix, then case-insensitive prefix', async () => {
    const e = engine(bigTree());
    await e.tab('list ');
    const c = e.sync('list Mixed');
    if (c === 'pending') throw new Error('pending');
    expect(c.candidates.filter((x) => x.insertable).map((x) => x.display)).toEqual(['Mixed', 'mixedcase']);
  });

  it('a node read again after our own write gets a new index; an unchanged one does not', async () => {
    const e = engine(bigTree(), true);
    await e.tab('list ');
    const built = indexStats.builds;
    await e.tab('list 10.1');
    expect(indexStats.builds).toBe(built);
    e.cache.invalidate(['list', '10.0.0.0/32']);
    await e.tab('list 10.1');
    expect(indexStats.builds).toBe(built + 1);
  });

  it('no fuzzy pass over a list past FUZZY_MAX: a value matching nothing ranks only the words beside it', async () => {
    const e = engine(bigTree());
    await e.tab('list ');
    indexStats.fuzzyWords = -1;
    const c = e.sync('list zzz');
    // The fuzzy pass looked at the few words beside the list, not at its values.
    expect(indexStats.fuzzyWords).toBeGreaterThanOrEqual(0);
    expect(indexStats.fuzzyWords).toBeLessThan(FUZZY_MAX);
    if (c === 'pending') throw new Error('pending');
    expect(c.candidates.filter((x) => x.insertable)).toEqual([]);
  });
});
