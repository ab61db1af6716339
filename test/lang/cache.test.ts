import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../src/api/router/types.js';
import { rejectedError } from '../../src/errors.js';
import { MetadataCache } from '../../src/lang/index.js';
import { tok, val } from './fixtures.js';

interface Call {
  words: string[];
  signal: AbortSignal;
  resolve: (n: NodeInfo) => void;
  reject: (e: unknown) => void;
}

/** A FetchNode whose answers the test hands out one by one. */
function manualFetch() {
  const calls: Call[] = [];
  const fetch = (words: string[], signal: AbortSignal) =>
    new Promise<NodeInfo>((resolve, reject) => {
      calls.push({ words, signal, resolve, reject });
    });
  return { calls, fetch };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('MetadataCache', () => {
  it('concurrent lookups of a path share one request', async () => {
    const { calls, fetch } = manualFetch();
    const cache = new MetadataCache(fetch);
    const a = cache.get(['x']);
    const b = cache.get(['x']);
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(tok('x'));
    expect((await a).name).toBe('x');
    expect(await b).toBe(await a);
    expect(cache.peek(['x'])?.name).toBe('x');
    expect(cache.stats).toEqual({ hits: 0, misses: 2, fetches: 1 });
    await cache.get(['x']);
    expect(cache.stats.hits).toBe(1);
  });

  it('a caller that aborts does not poison the others', async () => {
    const { calls, fetch } = manualFetch();
    const cache = new MetadataCache(fetch);
    const ac = new AbortController();
    const a = cache.get(['x'], ac.signal);
    const b = cache.get(['x']);
    await tick();
    ac.abort();
    await expect(a).rejects.toThrow();
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.resolve(tok('x'));
    expect((await b).name).toBe('x');
  });

  it('the fetch is aborted when no caller waits anymore, and the next lookup starts afresh', async () => {
    const { calls, fetch } = manualFetch();
    const cache = new MetadataCache(fetch);
    const ac1 = new AbortController();
    const ac2 = new AbortController();
    const a = cache.get(['x'], ac1.signal);
    const b = cache.get(['x'], ac2.signal);
    await tick();
    ac1.abort();
    ac2.abort();
    await expect(a).rejects.toThrow();
    await expect(b).rejects.toThrow();
    await tick();
    expect(calls[0]!.signal.aborted).toBe(true);
    const c = cache.get(['x']);
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(tok('x2'));
    expect((await c).name).toBe('x2');
  });

  it('an already-aborted signal rejects at once', async () => {
    const cache = new MetadataCache(manualFetch().fetch);
    await expect(cache.get(['x'], AbortSignal.abort())).rejects.toThrow();
  });

  it('errors are not cached', async () => {
    let n = 0;
    const cache = new MetadataCache(async () => {
      n++;
      if (n === 1) throw rejectedError('boom');
      return tok('ok');
    });
    await expect(cache.get(['x'])).rejects.toMatchObject({ code: 'rejected' });
    expect(cache.peek(['x'])).toBeUndefined();
    expect((await cache.get(['x'])).name).toBe('ok');
  });

  it('stale-while-revalidate: stale data at once, refreshed in the background', async () => {
    const { calls, fetch } = manualFetch();
    let now = 0;
    const cache = new MetadataCache(fetch, { ttlMs: 1000, now: () => now });
    const first = cache.get(['x']);
    await tick();
    calls[0]!.resolve(tok('old'));
    await first;
    now = 999;
    expect((await cache.get(['x'])).name).toBe('old');
    await tick();
    expect(calls).toHaveLength(1);
    now = 1000;
    expect((await cache.get(['x'])).name).toBe('old');
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(tok('new'));
    await tick();
    expect(cache.peek(['x'])?.name).toBe('new');
  });

  it('prefetch fills the cache so the next lookup is a hit; fresh paths are not refetched', async () => {
    const { calls, fetch } = manualFetch();
    const cache = new MetadataCache(fetch);
    cache.prefetch(['a', 'b']);
    cache.prefetch(['a', 'b']);
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(tok('b'));
    await tick();
    expect((await cache.get(['a', 'b'])).name).toBe('b');
    cache.prefetch(['a', 'b']);
    expect(calls).toHaveLength(1);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 0, fetches: 1 });
  });

  it('a failing prefetch is silent', async () => {
    const cache = new MetadataCache(async () => {
      throw rejectedError('nope');
    });
    cache.prefetch(['x']);
    await tick();
    expect(cache.peek(['x'])).toBeUndefined();
  });

  async function filled(paths: string[][]) {
    const cache = new MetadataCache(async (w) => tok(w.join('/')));
    for (const p of paths) await cache.get(p);
    return cache;
  }

  it('invalidate (our own write) keeps that path and its ancestors for resolving, not for completion', async () => {
    const cache = await filled([[], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'x'], ['a', 'b', 'c', 'd']]);
    const fetches = cache.stats.fetches;
    cache.invalidate(['a', 'b', 'c']);
    for (const p of [['a', 'b', 'c'], ['a', 'b'], ['a'], []]) {
      expect(cache.peek(p)).toBeDefined();
      // A write may create entries above it (`ip route NET via GW`): every ancestor is re-read.
      expect(cache.current(p)).toBeUndefined();
    }
    // Its subtree and the siblings keep their lists (a 10,000-entry sibling stays current).
    expect(cache.current(['a', 'b', 'c', 'd'])).toBeDefined();
    expect(cache.current(['a', 'x'])).toBeDefined();
    cache.invalidate(['a', 'b']);
    // Resolving uses it as it is; only a lookup that wants current data reads it again, once.
    await cache.get(['a', 'b']);
    cache.prefetch(['a', 'b']);
    expect(cache.stats.fetches).toBe(fetches);
    await cache.get(['a', 'b'], undefined, { current: true });
    expect(cache.stats.fetches).toBe(fetches + 1);
    expect(cache.current(['a', 'b'])).toBeDefined();
    await cache.get(['a', 'b'], undefined, { current: true });
    expect(cache.stats.fetches).toBe(fetches + 1);
  });

  it('invalidate of a deleted node forgets it and its subtree; its ancestors are only marked', async () => {
    const cache = await filled([[], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'bc']]);
    cache.invalidate(['a', 'b'], { deleted: true });
    expect(cache.peek(['a', 'b'])).toBeUndefined();
    expect(cache.peek(['a', 'b', 'c'])).toBeUndefined();
    expect(cache.peek(['a', 'bc'])).toBeDefined();
    expect(cache.peek(['a'])).toBeDefined();
    expect(cache.current(['a'])).toBeUndefined();
    expect(cache.current([])).toBeUndefined();
  });

  it('a lookup that replaces an aborted one in the same turn keeps the flight', async () => {
    const { calls, fetch } = manualFetch();
    const cache = new MetadataCache(fetch);
    const ac1 = new AbortController();
    const a = cache.get(['x'], ac1.signal);
    await tick();
    ac1.abort();
    const b = cache.get(['x'], new AbortController().signal);
    await expect(a).rejects.toThrow();
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.resolve(tok('x'));
    expect((await b).name).toBe('x');
  });

  it('clear(prefix) forgets the subtree and its parent; clear() forgets all', async () => {
    const cache = await filled([[], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['ab'], ['z']]);
    cache.clear(['a', 'b']);
    expect(cache.peek(['a', 'b', 'c'])).toBeUndefined();
    expect(cache.peek(['a'])).toBeUndefined();
    expect(cache.peek(['ab'])).toBeDefined();
    expect(cache.peek(['z'])).toBeDefined();
    cache.clear();
    expect(cache.peek([])).toBeUndefined();
    expect(cache.peek(['z'])).toBeUndefined();
  });

  it('an answer that arrives after invalidate is handed out but not stored', async () => {
    const { calls, fetch } = manualFetch();
    const cache = new MetadataCache(fetch);
    const a = cache.get(['x']);
    await tick();
    cache.invalidate(['x']);
    calls[0]!.resolve(tok('x'));
    expect((await a).name).toBe('x');
    expect(cache.peek(['x'])).toBeUndefined();
  });

  it('keys cannot collide across word boundaries', async () => {
    const cache = await filled([['a b'], ['a', 'b']]);
    expect(cache.peek(['a b'])?.name).toBe('a b');
    expect(cache.peek(['a', 'b'])?.name).toBe('a/b');
  });
});

describe('MetadataCache: lists a router answers twice are kept once', () => {
  // `match-list` lists its value node's names, and `match-list ml0` answers the same node again:
  // the answers are separate objects (as JSON gives them), equal lists end up one array.
  const answer = (names: string[], nets: string[]) => {
    const value = val('%STR', {
      setValues: names,
      setOptions: nets.map((n) => ({ net: [n] })),
      possibleValues: ['any'],
    });
    return structuredClone(tok('match-list', { sub: [value] }));
  };
  const fetchOf = (names: string[], nets: string[]) => async (words: string[]) => {
    const top = answer(names, nets);
    return words.length === 1 ? top : structuredClone(top.subNodes[0]!);
  };

  it('a node whose lists equal its parent SubNodes entry shares that entry arrays', async () => {
    const cache = new MetadataCache(fetchOf(['ml0', 'ml1'], ['10.0.0.1', '10.0.0.2']));
    const parent = await cache.get(['match-list']);
    const child = await cache.get(['match-list', 'ml0']);
    const twin = parent.subNodes[0]!;
    expect(child.setValues).toBe(twin.setValues);
    expect(child.setOptions).toBe(twin.setOptions);
    expect(child.possibleValues).toBe(twin.possibleValues);
    expect(child.setValues).toEqual(['ml0', 'ml1']);
  });

  it('lists that differ are kept as answered', async () => {
    let calls = 0;
    const cache = new MetadataCache(async () => {
      calls++;
      return calls === 1
        ? answer(['ml0', 'ml1'], ['10.0.0.1', '10.0.0.2'])
        : structuredClone(answer(['ml0', 'ml1', 'ml2'], ['10.0.0.1', '10.0.0.3']).subNodes[0]!);
    });
    const parent = await cache.get(['match-list']);
    const child = await cache.get(['match-list', 'ml0']);
    expect(child.setValues).not.toBe(parent.subNodes[0]!.setValues);
    expect(child.setValues).toEqual(['ml0', 'ml1', 'ml2']);
    expect(child.setOptions).toEqual([{ net: ['10.0.0.1'] }, { net: ['10.0.0.3'] }]);
  });
});
