// History redaction reads the metadata: a value chosen from an InputRe's fixed list is kept;
// anything else after a secret-like word is still `***`. Against the router simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient } from '../../src/api/router/client.js';
import { MetadataCache, resolveLine } from '../../src/lang/index.js';
import { enumeratedValues, plainValues } from '../../src/lang/plain-values.js';
import { redact } from '../../src/lang/redact.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';

let sim: RouterSim;
let client: RouterClient;
let cache: MetadataCache;

beforeAll(async () => {
  sim = await startRouterSim();
  client = new RouterClient({
    baseUrl: sim.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
  cache = new MetadataCache((w, s) => client.nodeInfo(w, { signal: s }));
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const stored = async (line: string) => {
  await resolveLine(line, { cache }, new AbortController().signal);
  return redact(line, plainValues(line, { cache, context: [] }));
};

describe('history redaction with metadata', () => {
  it('reads enumerations from InputRe', () => {
    expect(enumeratedValues('(net|net-port)')).toEqual(['net', 'net-port']);
    expect(enumeratedValues('^(tcp|udp)$')).toEqual(['tcp', 'udp']);
    expect(enumeratedValues('(\\d+)')).toBeUndefined();
    expect(enumeratedValues('.*')).toBeUndefined();
  });

  it('keeps a match-list key type, hides a password', async () => {
    expect(await stored('ipv4 firewall match-list lab key net timeout 60')).toBe(
      'ipv4 firewall match-list lab key net timeout 60',
    );
    expect(await stored('system user bob password hunter2')).toBe('system user bob password ***');
  });
});
