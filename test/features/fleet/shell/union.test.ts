// The fleet shell's metadata (issue 39): the union of differing hosts' trees, the marks of what
// not every host has, the 300 ms budget with the partial answer said, and — a property over
// fleets of differing trees — every prefix of every line completes and resolves without
// throwing through the union cache, and every word any host offers is offered.
import { setMaxListeners } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../../../src/api/router/types.js';
import { fleetMetadata, type MetadataHost } from '../../../../src/features/fleet/shell/fleet-metadata.js';
import { markOf, unionNode } from '../../../../src/features/fleet/shell/union.js';
import { complete, completeSync, resolveLine } from '../../../../src/lang/index.js';
import { gardenTree, routerTree, tok, treeFetch, val } from '../../../lang/fixtures.js';

const host = (name: string, root: NodeInfo): MetadataHost => {
  const f = treeFetch(root);
  return { name, get: (words) => f([...words], new AbortController().signal) };
};

/** A copy of `root` without the sub-nodes and values `drop` picks (a host with less). */
function thinned(root: NodeInfo, drop: (path: string) => boolean, path = ''): NodeInfo {
  return {
    ...root,
    setValues: root.setValues.filter((v) => !drop(`${path}=${v}`)),
    subNodes: root.subNodes
      .filter((c) => !drop(`${path}/${c.name}`))
      .map((c) => thinned(c, drop, `${path}/${c.name}`)),
  };
}

const iface = (values: string[]) =>
  tok('root', {
    sub: [tok('interface', { sub: [val('%IF', { inputRe: '.+', setValues: values, allowShow: true })] })],
  });

describe('union of hosts', () => {
  it('offers what any host has and marks what not all have (eth7 2/3)', async () => {
    const hosts = [
      host('edge-01', iface(['eth0', 'eth7'])),
      host('edge-02', iface(['eth0', 'eth7'])),
      host('edge-03', iface(['eth0', 'eth1'])),
    ];
    const meta = fleetMetadata({ hosts: () => hosts });
    const c = await complete(
      'interface ',
      10,
      { cache: meta.cache, context: [] },
      new AbortController().signal,
    );
    const shown = new Map(c.candidates.map((x) => [x.display, x.description ?? '']));
    expect([...shown.keys()]).toEqual(expect.arrayContaining(['eth0', 'eth1', 'eth7']));
    expect(shown.get('eth7')).toMatch(/^2\/3\b/);
    expect(shown.get('eth1')).toMatch(/^1\/3\b/);
    expect(shown.get('eth0')).not.toMatch(/\d\/3/);
    expect(meta.note()).toBeUndefined();
  });

  it('marks values in a list long enough to be indexed (300 interfaces) as well', async () => {
    const many = Array.from({ length: 300 }, (_, i) => `eth${i}`);
    const meta = fleetMetadata({
      hosts: () => [host('a', iface(many)), host('b', iface(many.slice(0, 10)))],
    });
    const c = await complete(
      'interface eth29',
      15,
      { cache: meta.cache, context: [] },
      new AbortController().signal,
    );
    const shown = new Map(c.candidates.map((x) => [x.display, x.description ?? '']));
    expect(shown.get('eth299')).toMatch(/^1\/2\b/);
    const d = await complete(
      'interface eth',
      13,
      { cache: meta.cache, context: [] },
      new AbortController().signal,
    );
    expect(d.candidates.find((x) => x.display === 'eth1')?.description ?? '').not.toMatch(/\d\/2/);
  });

  it('a token only some hosts have is accepted and marked; one no host has is refused', async () => {
    const a = tok('root', { sub: [tok('ipv4', { allowShow: true }), tok('system', { allowShow: true })] });
    const b = tok('root', { sub: [tok('system', { allowShow: true })] });
    const meta = fleetMetadata({ hosts: () => [host('a', a), host('b', b)] });
    const signal = new AbortController().signal;
    expect((await resolveLine('show ipv4', { cache: meta.cache, context: [] }, signal)).kind).toBe('router');
    expect((await resolveLine('show nowhere', { cache: meta.cache, context: [] }, signal)).kind).toBe(
      'error',
    );
    const root = await meta.cache.get([]);
    expect(root.subNodes.find((n) => n.name === 'ipv4')?.description).toMatch(/^1\/2/);
    expect(root.subNodes.find((n) => n.name === 'system')?.description ?? '').not.toMatch(/\//);
  });

  it('answers with the hosts that answered within the budget, says so, and is made again when the rest answer', async () => {
    let late!: (n: NodeInfo) => void;
    // As a host's own cache: one request, answered once, the same answer after.
    const root = new Promise<NodeInfo>((r) => {
      late = r;
    });
    const slow: MetadataHost = {
      name: 'slow',
      get: (words) => (words.length === 0 ? root : Promise.reject(new Error('no'))),
    };
    const meta = fleetMetadata({
      hosts: () => [host('a', iface(['eth0'])), host('b', iface(['eth0'])), slow],
    });
    const first = await meta.cache.get([]);
    expect(first.subNodes.map((n) => n.name)).toEqual(['interface']);
    expect(meta.note()).toBe('2/3 answered');
    late(tok('root', { sub: [tok('interface'), tok('ntp')] }));
    // The union is made again once the slow host answered: wait for that event.
    await expect
      .poll(() => meta.cache.peek([])?.subNodes.map((n) => n.name), { timeout: 60_000 })
      .toEqual(['interface', 'ntp']);
    expect(meta.note()).toBeUndefined();
  });

  it('ends the wait at the first answer read past the budget, not at the late timer', async () => {
    // Answers read in one turn of the loop (100 hosts' at once) keep the budget's timer from
    // firing: b's answer is read after the budget is over, c's in the same turn after it. The
    // union must be made with a and b then, c said as missing, not wait for the timer.
    // Far above what a host that answers at once (a) takes on a loaded machine.
    const budgetMs = 200;
    const asked: string[] = [];
    const answerLater = (root: NodeInfo, busyMs = 0): MetadataHost => {
      const { get } = host('x', root);
      return {
        name: 'x',
        get: async (words) => {
          asked.push(`${busyMs}:${words.join(' ')}`);
          const node = await get(words);
          await new Promise((r) => setImmediate(r));
          const until = performance.now() + busyMs;
          while (performance.now() < until);
          return node;
        },
      };
    };
    const meta = fleetMetadata({
      hosts: () => [
        host('a', iface(['eth0'])),
        answerLater(iface(['eth1']), 2 * budgetMs),
        answerLater(iface(['eth2'])),
      ],
      budgetMs,
    });
    const c = await complete(
      'interface ',
      10,
      { cache: meta.cache, context: [] },
      new AbortController().signal,
    );
    expect({
      shown: c.candidates
        .map((x) => x.display)
        .filter((d) => d.startsWith('eth'))
        .sort(),
      note: meta.note(),
    }).toEqual({
      shown: ['eth0', 'eth1'],
      note: '2/3 answered',
    });
    // Once c has answered, the union is made again from the answers in hand: the slow hosts are
    // not asked again (b, slower than the budget each time, was asked for ever, each answer
    // making the union again: its CPU taken from every later file of the worker).
    await expect
      .poll(() => meta.cache.peek(['interface'])?.subNodes.flatMap((n) => n.setValues), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(['eth0', 'eth1', 'eth2']));
    expect(meta.note()).toBeUndefined();
    expect(asked.length).toBe(new Set(asked).size);
  });

  it("counts a Tab's budget from its key: a key read a budget ago takes the hosts that answered at once", async () => {
    // b answers one turn of the loop after a: within any budget counted from the fetch, so only
    // a budget counted from a key read before the fetch (the keys read with the Tab, their
    // frame) leaves it out. The key is said read two budgets ago: the wait ends at a's answer.
    const budgetMs = 200;
    const nextTurn = (root: NodeInfo): MetadataHost => {
      const { get } = host('b', root);
      return { name: 'b', get: (words) => new Promise((r) => setImmediate(r)).then(() => get(words)) };
    };
    const meta = fleetMetadata({
      hosts: () => [host('a', iface(['eth0'])), nextTurn(iface(['eth1']))],
      budgetMs,
    });
    await meta.cache.get([]);
    const shown = async () => {
      const c = await complete(
        'interface ',
        10,
        { cache: meta.cache, context: [] },
        new AbortController().signal,
      );
      return c.candidates.map((x) => x.display).filter((d) => d.startsWith('eth'));
    };
    meta.keyAt(performance.now() - 2 * budgetMs);
    expect({ shown: await shown(), note: meta.note() }).toEqual({ shown: ['eth0'], note: '1/2 answered' });
    // Without a key (a prefetch, the union made again), the budget counts from the fetch.
    meta.keyAt(undefined);
    meta.reset();
    await meta.cache.get([]);
    expect({ shown: (await shown()).sort(), note: meta.note() }).toEqual({
      shown: ['eth0', 'eth1'],
      note: undefined,
    });
  });

  it('when no host answers, the first failure is the error', async () => {
    const down: MetadataHost = { name: 'x', get: () => Promise.reject(new Error('connection refused')) };
    const meta = fleetMetadata({ hosts: () => [down, down] });
    await expect(meta.cache.get([])).rejects.toThrow('connection refused');
  });

  it('markOf says nothing when every host has it', () => {
    expect(markOf(40, 40)).toBeUndefined();
    expect(markOf(12, 40)).toBe('12/40');
  });
});

const LINES = [
  'show interface eth0',
  'interface eth0 mtu 9000',
  'no ipv4 firewall match-list bl action match net 10.0.0.0/24',
  'ping 10.0.0.1 count 3 interface eth0',
  'plant s1 tag red tag "a b"',
  'describe i f m',
  'system user bob password "x y"',
  'hosts',
  'show configuration',
  'z9 "unclosed \\"quote',
];

describe('every prefix across a fleet of differing trees', () => {
  it('completes, classifies and resolves without throwing; every word any host offers is in the union', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 1 << 20 })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom(...LINES),
        async (spec, line) => {
          const trees = spec.map(([garden, seed]) =>
            thinned(garden ? gardenTree() : routerTree(), (p) => ((seed ^ hash(p)) & 7) === 0),
          );
          const meta = fleetMetadata({ hosts: () => trees.map((t, i) => host(`h${i}`, t)) });
          const signal = new AbortController().signal;
          setMaxListeners(0, signal);
          const union = await meta.cache.get([]);
          for (const t of trees)
            for (const c of t.subNodes) expect(union.subNodes.some((u) => u.name === c.name)).toBe(true);
          for (let i = 0; i <= line.length; i++) {
            const prefix = line.slice(0, i);
            const deps = { cache: meta.cache, context: [] };
            completeSync(prefix, i, deps);
            await resolveLine(prefix, deps, signal);
            const c = await complete(prefix, i, deps, signal);
            if (c.replaceFrom > c.replaceTo) expect(c.replaceFrom).toBeLessThanOrEqual(c.replaceTo);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('unionNode of one host alone is that host', () => {
    const t = routerTree();
    expect(unionNode([t], 1)).toBe(t);
  });
});

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
