import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../src/api/router/types.js';
import { transportError } from '../../src/errors.js';
import {
  classifyLineSync,
  MetadataCache,
  type Resolution,
  resolveLine,
  validationError,
} from '../../src/lang/index.js';
import { gardenTree, routerTree, treeFetch } from './fixtures.js';
import { exitStatusOf } from '../../src/exit-status.js';

const signal = new AbortController().signal;

function engine(tree: NodeInfo, context: string[] = []) {
  const fetch = treeFetch(tree);
  const cache = new MetadataCache(fetch);
  return { fetch, cache, res: (line: string) => resolveLine(line, { cache, context }, signal) };
}

const router = (line: string, ctx: string[] = []) => engine(routerTree(), ctx).res(line);
const garden = (line: string, ctx: string[] = []) => engine(gardenTree(), ctx).res(line);

function request(r: Resolution) {
  if (r.kind !== 'router') throw new Error(`expected a router request, got ${JSON.stringify(r)}`);
  return r.request;
}
function error(r: Resolution) {
  if (r.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
}

describe('verbs → method and actions', () => {
  it('bare line is POST SET, raw words kept (no percent-encoding here)', async () => {
    expect(request(await router('interface eth0'))).toEqual({
      method: 'POST',
      words: ['interface', 'eth0'],
      actions: ['SET'],
    });
    const r = request(await router('no ipv4 firewall match-list bl action match net 10.0.0.0/24'));
    expect(r.words).toEqual(['ipv4', 'firewall', 'match-list', 'bl', 'action', 'match']);
    expect(r.options).toEqual({ net: ['10.0.0.0/24'] });
  });
  it('no → DELETE, or POST UNSET with options', async () => {
    expect(request(await router('no interface eth0'))).toEqual({
      method: 'DELETE',
      words: ['interface', 'eth0'],
    });
    expect(request(await router('no ipv4 firewall match-list bl action match net 1.2.3.4'))).toMatchObject({
      method: 'POST',
      actions: ['UNSET'],
    });
  });
  it('show → POST SHOW; describe → GET without allow flags', async () => {
    expect(request(await router('show interface eth0'))).toEqual({
      method: 'POST',
      words: ['interface', 'eth0'],
      actions: ['SHOW'],
    });
    expect(request(await router('describe interface'))).toEqual({ method: 'GET', words: ['interface'] });
    expect(request(await router('describe'))).toEqual({ method: 'GET', words: [] });
  });
});

describe('word resolution rules', () => {
  it('1: exact Token; 3: unique prefix', async () => {
    expect(request(await router('int eth0')).words).toEqual(['interface', 'eth0']);
    expect(request(await router('ip fire match-l bl act mat net 1.1.1.1')).words).toEqual([
      'ipv4',
      'firewall',
      'match-list',
      'bl',
      'action',
      'match',
    ]);
  });
  it('3: a shared prefix is an error listing the words', async () => {
    const e = error(await router('i eth0'));
    expect(e.reason).toBe('ambiguous');
    expect(e.message).toBe("ambiguous word 'i': could be interface, ipv4");
    expect(e.candidates).toEqual(['interface', 'ipv4']);
    expect(e).toMatchObject({ wordIndex: 0, column: 0, length: 1 });
  });
  it('unknown word names the candidates and a did-you-mean', async () => {
    const e = error(await router('intrface eth0'));
    expect(e.message).toBe(
      "unknown word 'intrface': expected one of interface, ipv4, ping, system (did you mean 'interface'?)",
    );
    expect(e.didYouMean).toBe('interface');
    expect(e.reason).toBe('unknown');
  });
  it('prefix of a Token wins over a Value at the root; a Value takes a matching word', async () => {
    expect(request(await garden('z')).words).toEqual(['zebra']);
    expect(request(await garden('z9')).words).toEqual(['z9']);
    const e = error(await garden('plant pz'));
    expect(e.reason).toBe('value');
    expect(e.expected).toBe('<sNN>');
    expect(e.message).toContain("invalid value 'pz': expected <sNN> or one of pot, potting");
    expect(e).toMatchObject({ wordIndex: 1, column: 6, length: 2 });
  });
  it('4: Value failing InputRe reports the Help', async () => {
    const e = error(await router('interface eth0!'));
    expect(e).toMatchObject({ reason: 'value', expected: '<ifname.vlanid>', wordIndex: 1, column: 10 });
  });
  it('2/5: options start at an exact or uniquely-prefixed option name', async () => {
    const r = request(await router('ping 10.0.0.1 size 100 co 3 numeric interface eth0'));
    expect(r).toEqual({
      method: 'POST',
      words: ['ping', '10.0.0.1'],
      actions: ['SET'],
      options: { size: [100], count: [3], numeric: [], interface: ['eth0'] },
    });
  });
  it('a bad InputRe from the server does not throw: the value is accepted', async () => {
    expect(request(await garden('broken anything')).words).toEqual(['broken', 'anything']);
  });
  it('Token after a Value, options on a node that also has sub-nodes', async () => {
    expect(request(await garden('plant s1 prune')).words).toEqual(['plant', 's1', 'prune']);
    expect(request(await garden('show plant color red verbose'))).toEqual({
      method: 'POST',
      words: ['plant'],
      actions: ['SHOW'],
      options: { color: ['red'], verbose: [] },
    });
  });
});

describe('options', () => {
  it('values keep their order up to Count; numbers for %NUM and digits-only InputRe', async () => {
    const r = request(await garden('plant s1 tag b tag a depth 5 water'));
    expect(r.options).toEqual({ tag: ['b', 'a'], depth: [5], water: [] });
  });
  it('beyond Count is an error', async () => {
    const e = error(await garden('plant s1 tag a tag b tag c'));
    expect(e).toMatchObject({ reason: 'option-count', wordIndex: 6 });
    expect(e.message).toBe("option 'tag' may be given at most 2 times");
    expect(error(await router('ping 1.1.1.1 size 1 size 2')).message).toBe(
      "option 'size' may be given at most 1 time",
    );
  });
  it('a value failing the option InputRe', async () => {
    const e = error(await router('ping 1.1.1.1 size abc'));
    expect(e).toMatchObject({ reason: 'option-value', wordIndex: 3, expected: '%NUM' });
    expect(e.message).toBe("invalid value 'abc' for option 'size': expected a number");
  });
  it('a secret-looking option value is not echoed', async () => {
    const e = error(await router('system user bob password short'));
    expect(e.message).not.toContain('short');
    expect(e.message).toContain('***');
  });
  it('unknown option with did-you-mean; ambiguous option prefix', async () => {
    const e = error(await router('ping 1.1.1.1 size 1 sorce 1.1.1.1'));
    expect(e.reason).toBe('option-unknown');
    expect(e.didYouMean).toBe('source');
    expect(error(await router('ping 1.1.1.1 size 1 in 2')).reason).toBe('ambiguous');
  });
  it('options come after the last path word', async () => {
    const e = error(await garden('plant s1 depth 5 prune'));
    expect(e.message).toContain('options come after the last path word');
  });
  it('option not available for the action', async () => {
    const e = error(await garden('no plant s1 depth 3'));
    expect(e.reason).toBe('option-unavailable');
    expect(e.message).toBe("option 'depth' is not available with 'no'");
    expect(e.candidates).toEqual(['tag']);
    expect(error(await garden('plant verbose')).reason).toBe('option-unavailable');
  });
  it("'no … OPTION' without the Key option", async () => {
    const e = error(await router('no ipv4 firewall match-list bl action match port 80'));
    expect(e.reason).toBe('key');
    expect(e.message).toBe("'no … OPTION' needs the key option 'net'");
    expect(request(await garden('no plant s1 tag red'))).toEqual({
      method: 'POST',
      words: ['plant', 's1'],
      actions: ['UNSET'],
      options: { tag: ['red'] },
    });
  });
  it('an option without its value at the end of the line', async () => {
    const e = error(await router('ping 1.1.1.1 size'));
    expect(e).toMatchObject({ reason: 'missing-value', wordIndex: 3, column: 17, length: 0 });
  });
});

describe('incomplete commands', () => {
  it('AllowSet/AllowUnSet/AllowShow 0 at the last node', async () => {
    const e = error(await router('interface'));
    expect(e.reason).toBe('incomplete');
    expect(e.message).toBe("incomplete command after 'interface': expected one of <ifname.vlanid>");
    expect(error(await garden('plant color red')).reason).toBe('incomplete');
    expect(error(await garden('no pl pot')).reason).toBe('incomplete');
    expect(error(await garden('show potting'.replace('potting', 'plant potting'))).reason).toBe('incomplete');
    expect(error(await garden('no')).reason).toBe('incomplete');
  });
});

describe('context, built-ins, empty lines', () => {
  it('context words are prepended', async () => {
    expect(request(await garden('depth 4', ['plant', 's1']))).toEqual({
      method: 'POST',
      words: ['plant', 's1'],
      actions: ['SET'],
      options: { depth: [4] },
    });
    expect(request(await garden('pru', ['plant', 's1'])).words).toEqual(['plant', 's1', 'prune']);
    expect(request(await garden('no', ['plant', 's1']))).toEqual({
      method: 'DELETE',
      words: ['plant', 's1'],
    });
  });
  it('telemetry built-ins with options', async () => {
    expect(await garden('metrics range "rate(x[5m])" since 1h step 30')).toMatchObject({
      kind: 'builtin',
      name: 'metrics range',
      args: ['rate(x[5m])'],
      options: { since: ['1h'], step: ['30'] },
    });
    // A LogsQL query is never unwrapped: "level:error" is a phrase query, sent as typed.
    expect(await garden('logs search "level:error" limit 10 all')).toMatchObject({
      name: 'logs search',
      args: ['"level:error"'],
      options: { limit: ['10'], all: [] },
    });
    expect(await garden('met label-v job match {a="b"}')).toMatchObject({
      name: 'metrics label-values',
      args: ['job'],
    });
    expect(await garden('metrics query up at now-1h')).toMatchObject({ options: { at: ['now-1h'] } });
    expect(await garden('logs fields')).toMatchObject({ kind: 'builtin', name: 'logs fields', args: [] });
    expect(error(await garden('metrics range up -- since 5x')).reason).toBe('option-value');
    expect(error(await garden('metrics range up since 1h from now to now')).reason).toBe('builtin');
    expect(error(await garden('metrics')).reason).toBe('incomplete');
  });
  it('built-ins win over router words of the same name at the first word', async () => {
    expect(await garden('history')).toMatchObject({ kind: 'builtin', name: 'history' });
    expect(request(await garden('show history'))).toEqual({
      method: 'POST',
      words: ['history'],
      actions: ['SHOW'],
    });
  });
  it('edit, help, refresh take router paths', async () => {
    expect(await garden('edit pl s1')).toMatchObject({
      kind: 'builtin',
      name: 'edit',
      args: ['plant', 's1'],
    });
    expect(await garden('edit pot', ['plant'])).toMatchObject({ args: ['plant', 'pot'] });
    expect(error(await garden('edit')).reason).toBe('incomplete');
    expect(await garden('help')).toMatchObject({ kind: 'builtin', name: 'help', args: [] });
    expect(await garden('help metrics range')).toMatchObject({ name: 'help', args: ['metrics', 'range'] });
    expect(await garden('refresh plant')).toMatchObject({ name: 'refresh', args: ['plant'] });
    expect(await garden('exit')).toMatchObject({ kind: 'builtin', name: 'exit' });
  });
  it('empty and comment-only lines', async () => {
    expect(await garden('')).toEqual({ kind: 'empty' });
    expect(await garden('   # just a note')).toEqual({ kind: 'empty' });
    // Not at the beginning of the line, `#` is a word like any other (here: not one of zebra's).
    expect(await garden('zebra # trailing')).toMatchObject({ kind: 'error', error: { column: 6 } });
  });
});

describe('errors and metadata failures', () => {
  it('validationError wraps a LineError', async () => {
    const e = validationError(error(await router('intrface')));
    expect(e.code).toBe('validation');
    expect(exitStatusOf(e)).toBe(1);
    expect(e.details).toEqual({ column: 0, word: 0 });
  });
  it('a node the router refuses to describe falls back to its parent entry', async () => {
    const fetch = treeFetch(gardenTree(), { refuse: (w) => w.length === 2 });
    const cache = new MetadataCache(fetch);
    const r = await resolveLine('plant s5 depth 2', { cache }, signal);
    expect(request(r).options).toEqual({ depth: [2] });
  });
  it('a leaf entry without flags is not trusted: the node itself is fetched', async () => {
    const tree = gardenTree();
    const zebra = tree.subNodes.find((n) => n.name === 'zebra')!;
    const bare = { ...zebra, allowSet: false };
    const fetch = treeFetch({ ...tree, subNodes: tree.subNodes.map((n) => (n === zebra ? bare : n)) });
    const cache = new MetadataCache(async (w, s) => (w[0] === 'zebra' ? zebra : fetch(w, s)));
    expect(request(await resolveLine('zebra', { cache }, signal)).words).toEqual(['zebra']);
  });
  it('a transport error propagates', async () => {
    const cache = new MetadataCache(async () => {
      throw transportError('connection refused');
    });
    await expect(resolveLine('plant', { cache }, signal)).rejects.toMatchObject({ code: 'transport' });
  });
  it('an aborted signal rejects', async () => {
    const ac = new AbortController();
    ac.abort();
    const { cache } = engine(gardenTree());
    await expect(resolveLine('plant', { cache }, ac.signal)).rejects.toThrow();
  });
});

describe('classifyLineSync', () => {
  it('is pending on a cold cache, agrees with resolveLine once warm', async () => {
    const { cache, res } = engine(gardenTree());
    const cold = classifyLineSync('plant s1 depth 3', { cache });
    expect(cold.kind).toBe('pending');
    expect(cold.kind === 'pending' && cold.words.map((w) => w.role)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    const warm = await res('plant s1 depth 3');
    expect(classifyLineSync('plant s1 depth 3', { cache })).toEqual(warm);
  });
  it('gives roles for colouring, and knows built-ins without metadata', async () => {
    const { cache, res } = engine(gardenTree());
    expect(classifyLineSync('metrics range up since 1h', { cache })).toMatchObject({ kind: 'builtin' });
    await res('plant s1 water');
    const r = classifyLineSync('show plant s1 tag red', { cache });
    expect(r.kind !== 'empty' && r.words.map((w) => w.role)).toEqual([
      'verb',
      'token',
      'value',
      'option',
      'option-value',
    ]);
    const bad = classifyLineSync('plant sx', { cache });
    expect(bad.kind !== 'empty' && bad.words.map((w) => w.role)).toEqual(['token', 'error']);
  });
});
