// Input the command language must refuse or protect (issue 8 §3), against real HTTP servers:
// the router simulator and the hostile router, which record every request as it arrived.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../src/api/router/client.js';
import { encodeWord } from '../../src/api/router/encode.js';
import { isRoutershError } from '../../src/errors.js';
import {
  classifyLineSync,
  complete,
  completeSync,
  MetadataCache,
  type Classification,
  resolveLine,
} from '../../src/lang/index.js';
import { plainValues } from '../../src/lang/plain-values.js';
import { redact } from '../../src/lang/redact.js';
import { appendHistory, historyEntry } from '../../src/shell/editor/history-file.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { EVIL, type HostileRouter, startHostileRouter } from '../hostile/router.js';

const signal = new AbortController().signal;

interface Rig {
  client: RouterClient;
  cache: MetadataCache;
}

function rig(url: string): Rig {
  const client = new RouterClient({
    baseUrl: url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
  return { client, cache: new MetadataCache((w, s) => client.nodeInfo(w, { signal: s })) };
}

let sim: RouterSim;
let hostile: HostileRouter;
let s: Rig;
let h: Rig;
let dir: string;

beforeAll(async () => {
  sim = await startRouterSim();
  hostile = await startHostileRouter({ snmp: true, controls: true });
  s = rig(sim.url);
  h = rig(hostile.url);
  dir = await mkdtemp(join(tmpdir(), 'routersh-hlang-'));
});
afterAll(async () => {
  await s.client.close();
  await h.client.close();
  await sim.close();
  await hostile.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.requests.length = 0;
  hostile.requests.length = 0;
});

const resolve = (r: Rig, line: string, context: string[] = []) =>
  resolveLine(line, { cache: r.cache, context }, signal);

function error(r: Classification) {
  if (r.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
}

describe('dot segments', () => {
  it('refuses . and .. as path words, even where a Value InputRe accepts them', async () => {
    for (const line of ['no interface ..', 'interface .', 'edit interface ..', 'describe interface ..']) {
      const e = error(await resolve(s, line));
      expect(e.reason, line).toBe('dot-segment');
      expect(e.column, line).toBe(line.lastIndexOf('.') - (line.endsWith('..') ? 1 : 0));
    }
    expect(error(await resolve(s, 'no interface ..')).message).toBe(
      `'..' cannot be a path word (a server would read it as "the parent")`,
    );
    expect(sim.requests.filter((q) => q.url.includes('/..') || /\/\.$/.test(q.url))).toEqual([]);
  });

  it('the encoder refuses them too (validation), and nothing reaches the server', async () => {
    for (const w of ['.', '..']) {
      let thrown: unknown;
      try {
        encodeWord(w);
      } catch (e) {
        thrown = e;
      }
      expect(isRoutershError(thrown) && thrown.code).toBe('validation');
    }
    expect(encodeWord('...')).toBe('...');
    await expect(h.client.send({ method: 'DELETE', words: ['interface', '..'] })).rejects.toMatchObject({
      code: 'validation',
    });
    expect(hostile.requests).toEqual([]);
  });
});

describe('secrets redacted on the resolved words', () => {
  const stored = async (r: Rig, line: string) => {
    await resolve(r, line);
    const file = join(dir, `history-${Math.random()}`);
    await appendHistory(file, historyEntry(line, { cache: r.cache, context: [] }));
    return (await readFile(file, 'utf8')).trim();
  };

  it('abbreviated secret words (unique prefixes) are written as ***', async () => {
    expect(await stored(s, 'system user operator passw hunter3')).toBe('system user operator passw ***');
    expect(await stored(s, 'system user operator pa hunter4')).toBe('system user operator pa ***');
    expect(await stored(h, 'snmp comm s3cret location lab')).toBe('snmp comm *** location lab');
    expect(await stored(h, 'interface eth0 passw s3cret mtu 1400')).toBe('interface eth0 passw *** mtu 1400');
  });

  it('before the metadata is cached, or after a wrong word, an abbreviation of a secret name still hides', async () => {
    const cold = rig(sim.url);
    const line = 'system user operator pa hunter8';
    expect(classifyLineSync(line, { cache: cold.cache }).kind).toBe('pending');
    expect(redact(line, plainValues(line, { cache: cold.cache, context: [] }))).toBe(
      'system user operator pa ***',
    );
    await cold.client.close();
    expect(await stored(s, 'sytem user operator pa hunter9')).toBe('sytem user operator pa ***');
    // A resolved value is not a name, whatever it abbreviates.
    expect(await stored(s, 'system user pa')).toBe('system user pa');
  });

  it('typed text is kept otherwise, a comment is still redacted by its own words', async () => {
    expect(await stored(s, 'system  user operator pa "two words" # password x')).toBe(
      'system  user operator pa *** # password ***',
    );
    expect(await stored(s, 'ipv4 firewall match-list lab key net')).toBe(
      'ipv4 firewall match-list lab key net',
    );
  });
});

describe('a redacted placeholder is never sent', () => {
  it('*** in a secret slot is refused, resolved on the words', async () => {
    for (const [r, line] of [
      [s, 'system user operator password ***'],
      [s, 'system user operator pa ***'],
      [h, 'interface eth0 passw ***'],
      [h, 'snmp comm ***'],
    ] as const) {
      const e = error(await resolve(r, line));
      expect(e.reason, line).toBe('redacted-secret');
      expect(e.message).toBe("'***' is a redacted secret from history: type the value");
      expect(e.column).toBe(line.indexOf('***'));
      expect(classifyLineSync(line, { cache: r.cache }).kind).toBe('error');
    }
    // In an `edit … password` context the first word is the secret slot.
    const ctx = ['system', 'user', 'operator', 'password'];
    expect(error(await resolve(s, '***', ctx)).reason).toBe('redacted-secret');
    await resolve(s, 'hunter10', ctx);
    expect(redact('hunter10', plainValues('hunter10', { cache: s.cache, context: ctx }))).toBe('***');
    // Not a secret slot: *** is an ordinary value there.
    expect((await resolve(h, 'interface eth0 description ***')).kind).toBe('router');
  });
});

describe('no secret in a metadata GET', () => {
  const secretGets = (secret: string) =>
    sim.requests.filter((q) => q.method === 'GET' && q.url.includes(secret)).map((q) => q.url);

  it('resolveLine describes the secret value from its parent; only the SET carries it', async () => {
    const line = 'system user operator password hunter5';
    const r = await resolve(s, line);
    expect(r).toMatchObject({ kind: 'router', request: { method: 'POST', actions: ['SET'] } });
    const more = await resolve(s, `${line} extra`);
    expect(more.kind).toBe('error');
    if (r.kind === 'router') await s.client.send(r.request);
    expect(secretGets('hunter5')).toEqual([]);
    expect(sim.requests.filter((q) => q.method === 'POST' && q.url.includes('hunter5'))).toHaveLength(1);
  });

  it('the keystroke path (classify, complete, the background lookups) never GETs it', async () => {
    const line = 'system user operator password hunter6 ';
    const fresh = rig(sim.url); // nothing cached: every lookup goes to the server
    for (let i = 1; i <= line.length; i++) {
      const typed = line.slice(0, i);
      const view = { cache: fresh.cache, context: [] };
      const c = classifyLineSync(typed, view);
      const comp = completeSync(typed, typed.length, view);
      // What the shell's decorate() does when the cache lacks something; then Tab.
      if (c.kind === 'pending') await resolveLine(typed, { cache: fresh.cache }, signal);
      if (comp === 'pending') await complete(typed, typed.length, { cache: fresh.cache }, signal);
      await complete(typed, typed.length, { cache: fresh.cache }, signal);
    }
    await new Promise((r) => setTimeout(r, 50)); // background prefetches
    await fresh.client.close();
    expect(secretGets('hunter6')).toEqual([]);
    expect(sim.requests.some((q) => q.method === 'GET')).toBe(true);
  });

  it('describe or edit with a secret in the path is refused (it would be a GET)', async () => {
    for (const line of [
      'describe system user operator password hunter7',
      'edit system user operator password hunter7',
    ]) {
      const e = error(await resolve(s, line));
      expect(e.reason, line).toBe('secret-in-path');
      expect(e.column).toBe(line.indexOf('hunter7'));
    }
    expect(secretGets('hunter7')).toEqual([]);
  });
});

describe('unbalanced quotes in a router line', () => {
  it('is a local error with the caret at the quote, nothing sent', async () => {
    const cases: Array<[string, number, string]> = [
      ["interface eth0 description it's", 29, "unbalanced ' (close it, or escape it as \\')"],
      ['interface eth0 description "a \\" b', 27, 'unbalanced " (close it, or escape it as \\")'],
      ['interface eth0 description x\\"y\'z', 31, "unbalanced ' (close it, or escape it as \\')"],
    ];
    for (const [line, column, message] of cases) {
      const e = error(await resolve(s, line));
      expect(e, line).toMatchObject({ reason: 'unbalanced-quote', column, length: 1, message });
      expect(error(classifyLineSync(line, { cache: s.cache })).reason).toBe('unbalanced-quote');
    }
    expect((await resolve(s, "interface eth0 description 'it''s'")).kind).toBe('router');
    expect(sim.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('an earlier wrong word still wins', async () => {
    expect(error(await resolve(s, "intrface eth0 description 'x")).reason).toBe('unknown');
  });
});

describe('completion of configured values holding control characters', () => {
  it('is listed (sanitized) but not insertable, so Tab never inserts a changed value', async () => {
    const c = await complete('interface ', 10, { cache: h.cache }, signal);
    const evil = c.candidates.find((x) => x.display.startsWith('eth') && x.display.length > 4);
    expect(evil).toBeDefined();
    expect(evil!.display).not.toMatch(/[\u001b\u0007\u009b\u202e\u200b\u007f]/);
    expect(evil!.insertable).toBe(false);
    expect(c.candidates.filter((x) => x.insertable).map((x) => x.text)).toEqual(
      expect.arrayContaining(['eth0', 'eth1']),
    );
    // The common prefix of what can be inserted: nothing of EVIL leaks into the line.
    const typed = await complete('interface eth', 13, { cache: h.cache }, signal);
    expect(typed.commonPrefix).toBe('eth');
    expect(typed.candidates.some((x) => x.insertable && x.text.includes(EVIL.slice(0, 3)))).toBe(false);
  });
});

describe("a bare 'no' on an entry node with a Key option", () => {
  it('needs the key option, nothing sent', async () => {
    const e = error(await resolve(s, 'no ipv4 firewall match-list blacklist action match'));
    expect(e.reason).toBe('key');
    expect(e.message).toBe(
      "'no … action match' needs the key option 'net' (e.g. no … action match net <ip4>)",
    );
    expect(e.candidates).toEqual(['net']);
    // With the key it is an UNSET; deleting the list itself (a Value) needs none.
    expect(
      await resolve(s, 'no ipv4 firewall match-list blacklist action match net 203.0.113.7'),
    ).toMatchObject({
      kind: 'router',
      request: { method: 'POST', actions: ['UNSET'] },
    });
    expect(await resolve(s, 'no ipv4 firewall match-list blacklist')).toMatchObject({
      kind: 'router',
      request: { method: 'DELETE' },
    });
    expect(sim.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('redact() stays line-only without metadata', () => {
  it('an abbreviation is not a secret name by itself', () => {
    expect(redact('system user operator pa hunter4')).toBe('system user operator pa hunter4');
  });
});
