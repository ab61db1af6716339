import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../src/api/router/types.js';
import {
  type Candidate,
  complete,
  completeSync,
  type Completion,
  MetadataCache,
  type ValueCompleter,
} from '../../src/lang/index.js';
import { gardenTree, routerTree, treeFetch } from './fixtures.js';

const signal = new AbortController().signal;

function engine(tree: NodeInfo, context: string[] = [], valueCompleter?: ValueCompleter) {
  const fetch = treeFetch(tree);
  const cache = new MetadataCache(fetch);
  const deps = valueCompleter ? { cache, context, valueCompleter } : { cache, context };
  return { fetch, cache, tab: (line: string, cursor = line.length) => complete(line, cursor, deps, signal) };
}
const garden = (line: string, ctx: string[] = []) => engine(gardenTree(), ctx).tab(line);
const router = (line: string) => engine(routerTree()).tab(line);
const shown = (c: Completion) => c.candidates.map((x) => x.display);
const byKind = (c: Completion, kind: Candidate['kind']) =>
  c.candidates.filter((x) => x.kind === kind).map((x) => x.text);

describe('candidates per slot and verb', () => {
  it('first word: router words (clashes removed), then verbs and built-ins', async () => {
    const c = await garden('');
    expect(byKind(c, 'token')).toEqual(['plant', 'zebra', 'broken', 'qq']);
    expect(byKind(c, 'verb')).toEqual(['no', 'show', 'describe', 'set', 'delete']);
    expect(byKind(c, 'builtin')).toContain('metrics');
    expect(byKind(c, 'builtin')).toContain('history');
    expect(byKind(c, 'possible')).toEqual(['z1', 'z2']);
    expect(c.candidates.at(-1)).toMatchObject({
      display: '<zN>',
      kind: 'placeholder',
      insertable: false,
      text: '',
    });
  });
  it('a unique prefix completes; replace range covers the word', async () => {
    const c = await router('show int');
    expect(c).toMatchObject({ replaceFrom: 5, replaceTo: 8, commonPrefix: 'interface' });
    expect(shown(c)).toEqual(['interface']);
  });
  it('no offers configured SetValues, no placeholder', async () => {
    const c = await router('no interface ');
    expect(c.candidates).toEqual([
      {
        text: 'eth0',
        display: 'eth0',
        kind: 'configured',
        configured: true,
        insertable: true,
        description: 'interface name',
      },
      {
        text: 'eth1',
        display: 'eth1',
        kind: 'configured',
        configured: true,
        insertable: true,
        description: 'interface name',
      },
    ]);
    expect(c.commonPrefix).toBe('eth');
  });
  it('a free-form value shows its Help placeholder, never inserted, and the hint', async () => {
    const c = await router('ping ');
    expect(c.candidates).toEqual([
      { text: '', display: '<x.x.x.x>', kind: 'placeholder', insertable: false },
    ]);
    expect(c.hint).toBe('<x.x.x.x>');
    expect(c.commonPrefix).toBe('');
  });
  it('show offers only paths that can show; bare offers set-able ones', async () => {
    const show = await garden('show ');
    expect(byKind(show, 'token')).toEqual(['plant', 'history', 'stats']);
    expect(byKind(show, 'verb')).toEqual([]);
    const set = await garden('plant ');
    expect(byKind(set, 'token')).toEqual(['pot', 'potting']);
    expect(byKind(set, 'configured')).toEqual(['s1', 's22']);
    expect(byKind(set, 'option')).toEqual(['color']);
    const showPlant = await garden('show plant ');
    expect(byKind(showPlant, 'token')).toEqual(['pot']);
    expect(byKind(showPlant, 'flag')).toEqual(['verbose']);
  });
  it('show offers configuration (the whole configuration) where the router has no such word', async () => {
    expect(byKind(await garden('show '), 'builtin')).toEqual(['configuration']);
    expect(byKind(await garden('show conf'), 'builtin')).toEqual(['configuration']);
    expect(byKind(await garden('show conf'), 'token')).toEqual([]);
    expect(byKind(await garden('show plant '), 'builtin')).toEqual([]);
  });
  it('options still allowed: Key marked, flags, Count respected', async () => {
    const c = await garden('plant s1 ');
    expect(c.candidates.map((x) => [x.text, x.kind])).toEqual([
      ['prune', 'token'],
      ['tag', 'key-option'],
      ['depth', 'option'],
      ['water', 'flag'],
      ['', 'placeholder'], // <Enter>: `plant s1` is already a complete command
    ]);
    expect(c.candidates.at(-1)?.display).toBe('<Enter>');
    expect(shown(await garden('plant s1 tag a tag b '))).toEqual(['depth', 'water', '<Enter>']);
    expect(shown(await garden('plant s1 water '))).toEqual(['tag', 'depth', '<Enter>']);
    expect(shown(await garden('no plant s1 '))).toEqual(['tag', '<Enter>']); // DELETE
  });
  it('<Enter> only where the line is a complete command for its verb', async () => {
    const enter = async (line: string) => shown(await router(line)).includes('<Enter>');
    expect(await enter('ping ')).toBe(false); // the address is missing
    expect(await enter('ping 10.0.0.1 ')).toBe(true);
    // `no` on entries named by a Key option needs the key; `no` on a value deletes it.
    expect(await enter('no ipv4 firewall match-list bl action match ')).toBe(false);
    expect(await enter('no ipv4 firewall match-list bl action match net 1.2.3.4 ')).toBe(true);
    expect(await enter('no interface eth0 ')).toBe(true);
    expect(await enter('ping 10.0.0.1 cou')).toBe(false); // a word is being typed
  });

  it('an option value slot: configured values from SetOptions, then the placeholder', async () => {
    const c = await garden('no plant s1 tag ');
    expect(c.candidates.map((x) => [x.display, x.kind, x.insertable])).toEqual([
      ['red', 'configured', true],
      ['blue', 'configured', true],
      ['<str>', 'placeholder', false],
    ]);
    const d = await garden('plant s1 depth ');
    expect(d.candidates).toEqual([
      { text: '', display: '<value>', kind: 'placeholder', insertable: false, description: 'cm' },
    ]);
  });
  it('text with blanks is quoted for insertion', async () => {
    const c = await garden('qq hello');
    expect(c.candidates.filter((x) => x.insertable).map((x) => x.text)).toEqual(['hello', '"hello world"']);
    expect(c.commonPrefix).toBe('hello');
    expect((await garden('qq "hel')).commonPrefix).toBe('"hello');
    expect((await garden('qq hello\\ ')).commonPrefix).toBe('"hello world"');
    const q = await garden('qq "hello w');
    expect(q.commonPrefix).toBe('"hello world"');
    expect(q.replaceFrom).toBe(3);
  });
  it('a wrong word gives no candidates and says why', async () => {
    const c = await router('intrface ');
    expect(c.candidates).toEqual([]);
    expect(c.hint).toContain("unknown word 'intrface'");
  });
  it('context words are prepended; comments complete nothing', async () => {
    expect(shown(await garden('', ['plant', 's1'])).slice(0, 4)).toEqual(['prune', 'tag', 'depth', 'water']);
    expect((await garden('plant # pl')).candidates).toEqual([]);
  });
  it('the cursor in the middle of a line completes the word before it', async () => {
    const c = await engine(gardenTree()).tab('plant po s1', 8);
    expect(c).toMatchObject({ replaceFrom: 6, replaceTo: 8, commonPrefix: 'pot' });
  });
  it('built-in grammar completes like router nodes', async () => {
    expect(shown(await garden('metrics '))).toEqual(['query', 'range', 'names', 'labels', 'label-values']);
    expect(shown(await garden('metrics range up '))).toEqual(['since', 'from', 'to', 'step']);
    expect(shown(await garden('logs search x since 1h '))).toEqual(['limit', 'all']);
    expect(shown(await garden('metrics range '))).toEqual(['<expr>']);
  });
});

describe('ranking', () => {
  it('exact, then prefix, then case-insensitive prefix, stable within a class', async () => {
    expect(shown(await garden('plant pot'))).toEqual(['pot', 'potting', '<sNN>']);
    expect(shown(await garden('plant PO'))).toEqual(['pot', 'potting', '<sNN>']);
  });
  it('fuzzy matches only when nothing matched by prefix', async () => {
    const c = await garden('plant potng');
    expect(shown(c)[0]).toBe('potting');
    expect(c.commonPrefix).toBe('potng');
    const one = await garden('plant s1 wtaer');
    expect(shown(one)).toEqual(['water']);
    expect(one.commonPrefix).toBe('water');
    expect(shown(await garden('plant xyzzy'))).toEqual(['<sNN>']);
  });
});

describe('cache use', () => {
  it('completeSync is pending on a cold cache and answers from cache once warm', async () => {
    const { cache, tab } = engine(gardenTree());
    expect(completeSync('plant s1 ', 9, { cache })).toBe('pending');
    const warm = await tab('plant s1 ');
    expect(completeSync('plant s1 ', 9, { cache })).toEqual(warm);
    expect(completeSync('metrics ', 8, { cache })).not.toBe('pending');
  });
  it('completing a word prefetches the next node', async () => {
    const { cache, fetch, tab } = engine(routerTree());
    await tab('int');
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch.calls).toContainEqual(['interface']);
    expect(cache.peek(['interface'])).toBeDefined();
    expect(completeSync('interface ', 10, { cache })).not.toBe('pending');
  });
  it('metadata that cannot be fetched still offers the built-ins', async () => {
    const cache = new MetadataCache(async () => {
      throw new Error('connection refused');
    });
    const c = await complete('me', 2, { cache }, signal);
    expect(shown(c)).toEqual(['metrics']);
    expect(c.hint).toContain('metadata unavailable');
  });
});

describe('dynamic value slots', () => {
  it('a ValueCompleter fills telemetry slots with the slot id and context', async () => {
    const seen: unknown[] = [];
    const vc: ValueCompleter = async (slotId, partial, ctx) => {
      seen.push({ slotId, partial, ctx });
      return [
        { text: 'up', display: 'up', kind: 'value', insertable: true },
        { text: 'node load', display: 'node load', kind: 'value', insertable: true },
      ];
    };
    const { cache, tab } = engine(gardenTree(), [], vc);
    const c = await tab('metrics query ');
    expect(c.candidates.map((x) => x.text)).toEqual(['up', '"node load"', '']);
    expect(seen).toEqual([
      { slotId: 'metrics.expr', partial: '', ctx: { words: ['metrics', 'query'], options: {} } },
    ]);
    const h = await tab('logs histogram x by ho');
    expect(h.candidates.at(-1)?.display).toBe('<field>');
    expect((seen.at(-1) as { slotId: string }).slotId).toBe('logs.field');
    expect(completeSync('metrics query ', 14, { cache, dynamicValues: true })).toBe('pending');
  });
  it('a failing ValueCompleter degrades to the placeholder with a hint', async () => {
    const { tab } = engine(gardenTree(), [], async () => {
      throw new Error('telemetry down');
    });
    const c = await tab('metrics query ');
    expect(shown(c)).toEqual(['<expr>']);
    expect(c.hint).toContain('telemetry down');
  });
});

describe('cancellation', () => {
  it('an aborted completion rejects and cancels the fetch nobody else waits for', async () => {
    const signals: AbortSignal[] = [];
    const cache = new MetadataCache(
      (_w, s) =>
        new Promise<NodeInfo>(() => {
          signals.push(s);
        }),
    );
    const ac = new AbortController();
    const p = complete('pl', 2, { cache }, ac.signal);
    await new Promise((r) => setTimeout(r, 0));
    ac.abort();
    await expect(p).rejects.toThrow();
    // Abandoned one turn later (a keystroke's next lookup may still join it: cache.ts).
    await new Promise((r) => setTimeout(r, 0));
    expect(signals[0]?.aborted).toBe(true);
  });
});
