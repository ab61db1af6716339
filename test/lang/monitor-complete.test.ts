// `monitor match-list <Tab>` offers the router's list names: the SetValues of the firewall
// match-list node's value child, read through the metadata cache like any router word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient } from '../../src/api/router/client.js';
import { complete, completeSync, MetadataCache } from '../../src/lang/index.js';
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../sim/router/index.js';

let sim: RouterSim;
let client: RouterClient;

beforeAll(async () => {
  sim = await startRouterSim();
  client = new RouterClient({ baseUrl: sim.url, ...DEMO_USERS.admin, auth: 'basic', timeoutMs: 5000 });
  await client.post(['ipv4', 'firewall', 'match-list', 'feed-tor'], { Actions: ['SET'] });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const texts = (c: { candidates: Array<{ text: string; insertable: boolean }> }) =>
  c.candidates.filter((x) => x.insertable).map((x) => x.text);

describe('monitor match-list <Tab>', () => {
  it('lists the match-lists configured on the router', async () => {
    const cache = new MetadataCache((words, signal) => client.nodeInfo(words, { signal }));
    const line = 'monitor match-list ';
    expect(completeSync(line, line.length, { cache })).toBe('pending');
    const c = await complete(line, line.length, { cache }, new AbortController().signal);
    expect(texts(c)).toEqual(expect.arrayContaining(['blacklist', 'feed-tor']));
    const sync = completeSync('monitor match-list fe', 21, { cache });
    expect(sync === 'pending' ? [] : texts(sync)).toEqual(['feed-tor']);
  });
});
