// The whole configuration's walk against the router simulator, through the session's own router
// client: the seeded demo router's lines exactly, members only when asked, one GET per node that
// has sub-nodes, under a path, bounded concurrency, a secret the router shows kept as ***, a
// node that cannot be read, cancellation and the progress line. At real size: walk.size.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConfigDoc } from '../../../src/contract/config.js';
import { isRoutershError } from '../../../src/errors.js';
import { lineText } from '../../../src/features/config/line-text.js';
import { readConfig } from '../../../src/features/config/walk.js';
import type { Session } from '../../../src/session/session.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';
import { type Front, startFront } from './front.js';
import { envOf } from './handler-env.js';

const DEMO = [
  'interface eth0',
  'interface eth0 description uplink',
  'interface eth0 mtu 1500',
  'interface eth0 ip address 10.0.0.1/24',
  'interface eth1',
  'interface eth1 description lan',
  'interface eth1 mtu 1500',
  'interface eth1 ip address 192.168.1.1/24',
  'interface lo',
  'interface lo mtu 65536',
  'interface lo ip address 127.0.0.1/8',
  'ip route 0.0.0.0/0 via 10.0.0.254',
  'ipv4 firewall match-list blacklist timeout 3600 key net',
  'ipv4 firewall filter forward rule 10 action DROP match-list blacklist src',
  'system user admin',
  'system user admin token-expiration 1800',
  'system user operator',
  'system user operator token-expiration 1800',
  'system user automation',
  'system user automation token-expiration 1800',
  'hostname router',
];
const MEMBERS = [
  'ipv4 firewall match-list blacklist action match net 198.51.100.0/24',
  'ipv4 firewall match-list blacklist action match net 203.0.113.7',
];

let sim: RouterSim;
let session: Session;
let front: Front | undefined;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(async () => {
  await session?.close();
  await front?.close();
  front = undefined;
});

const open = async (url = sim.url) => {
  session = await testSession(simConfig(url));
  return session;
};
const texts = (d: ConfigDoc) => d.lines.map(lineText);
const failureOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(isRoutershError(e)).toBe(true);
    return e as Error & { code: string };
  }
  throw new Error('the walk did not fail');
};

describe('readConfig on the demo router', () => {
  it('gives the lines that create its configuration, in tree order, without members', async () => {
    const s = await open();
    const doc = await readConfig(envOf(s), { under: [], members: false });
    expect(texts(doc)).toEqual(DEMO);
    expect(doc.lines.every((l) => !l.member && !l.secret)).toBe(true);
    expect(doc).toMatchObject({ router: sim.url, user: 'admin', members: false, under: [] });
    expect(doc.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('with members: the list’s entries after the list, marked member', async () => {
    const s = await open();
    const doc = await readConfig(envOf(s), { under: [], members: true });
    const at = DEMO.indexOf('ipv4 firewall match-list blacklist timeout 3600 key net') + 1;
    expect(texts(doc)).toEqual([...DEMO.slice(0, at), ...MEMBERS, ...DEMO.slice(at)]);
    expect(doc.lines.filter((l) => l.member).map(lineText)).toEqual(MEMBERS);
    expect(doc.lines.find((l) => l.member)?.options).toEqual({ net: ['198.51.100.0/24'] });
  });

  it('reads each node that has sub-nodes once, and never a leaf', async () => {
    const s = await open();
    const from = sim.requests.length;
    await readConfig(envOf(s), { under: [], members: true });
    const urls = sim.requests.slice(from).map((r) => `${r.method} ${r.url}`);
    expect(urls.every((u) => u.startsWith('GET /api/'))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    for (const u of urls) {
      const words = u.slice('GET /api/'.length).split('/').filter(Boolean).map(decodeURIComponent);
      const got = await s.services.router.send({ method: 'GET', words }, {});
      expect(got.nodeInfo?.hasSubnodes, u).toBe(true);
    }
    // Nothing settable below them: never read.
    expect(urls).not.toContain('GET /api/system/uptime');
    expect(urls).not.toContain('GET /api/interface/eth0/shutdown');
  });

  it('under a path: its own line and what lies below it', async () => {
    const s = await open();
    const eth1 = await readConfig(envOf(s), { under: ['interface', 'eth1'], members: false });
    expect(texts(eth1)).toEqual(DEMO.filter((l) => l.startsWith('interface eth1')));
    expect(eth1.under).toEqual(['interface', 'eth1']);
    const match = ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'];
    expect(texts(await readConfig(envOf(s), { under: match, members: false }))).toEqual([]);
    expect(texts(await readConfig(envOf(s), { under: match, members: true }))).toEqual(MEMBERS);
    const fw = await readConfig(envOf(s), { under: ['ipv4', 'firewall'], members: false });
    expect(texts(fw)).toEqual(DEMO.filter((l) => l.startsWith('ipv4 firewall')));
  });
});

describe('readConfig on a changed router', () => {
  let own: RouterSim;
  beforeAll(async () => {
    own = await startRouterSim();
  });
  afterAll(() => own.close());

  it('shows a shut interface’s token entry, and walks many nodes at once, at most 16', async () => {
    const s = await open(own.url);
    const send = (words: string[]) => s.services.router.send({ method: 'POST', words, actions: ['SET'] }, {});
    await send(['interface', 'eth1', 'shutdown']);
    const names = Array.from({ length: 40 }, (_, i) => `eth${i + 10}`);
    for (const n of names) await send(['interface', n]);
    const from = own.requests.length;
    // Slow answers, so the reads overlap at the router (its count of requests in flight).
    own.faults.set({ latencyMs: 30 });
    const doc = await readConfig(envOf(s), { under: ['interface'], members: false });
    own.faults.clear();
    const seen = own.requests.slice(from).map((r) => r.inFlight);
    expect(Math.max(...seen)).toBeLessThanOrEqual(16);
    expect(Math.max(...seen)).toBeGreaterThan(1);
    const at = texts(doc).indexOf('interface eth1');
    expect(texts(doc).slice(at, at + 5)).toEqual([
      'interface eth1',
      'interface eth1 description lan',
      'interface eth1 mtu 1500',
      'interface eth1 ip address 192.168.1.1/24',
      'interface eth1 shutdown',
    ]);
    // Tree order whatever order the answers came in: each interface, then its own lines.
    const heads = texts(doc).filter((l) => /^interface [^ ]+$/.test(l));
    expect(heads).toEqual([
      'interface eth0',
      'interface eth1',
      'interface lo',
      ...names.map((n) => `interface ${n}`),
    ]);
    expect(texts(doc).at(-1)).toBe(`interface ${names.at(-1)} mtu 1500`);
  });
});

describe('readConfig through a front', () => {
  it('a secret the router shows (a value, an option) is *** and marked; never read below', async () => {
    front = await startFront(sim.url);
    front.rules.set('/api/system/user/admin/password', {
      rewrite: (b) => {
        const sub = (b['NodeInfo'] as { SubNodes: Array<Record<string, unknown>> }).SubNodes[0]!;
        sub['SetValues'] = ['s3cret-pw'];
        return b;
      },
    });
    front.rules.set('/api/ipv4/firewall/match-list', {
      rewrite: (b) => {
        const sub = (b['NodeInfo'] as { SubNodes: Array<{ SetOptions: Array<Record<string, string[]>> }> })
          .SubNodes[0]!;
        sub.SetOptions[0]!['psk'] = ['hush-psk'];
        return b;
      },
    });
    const s = await open(front.url);
    const from = sim.requests.length;
    const doc = await readConfig(envOf(s), { under: [], members: false });
    const secret = doc.lines.filter((l) => l.secret).map(lineText);
    expect(secret).toEqual([
      'ipv4 firewall match-list blacklist timeout 3600 key net psk ***',
      'system user admin password ***',
    ]);
    expect(JSON.stringify(doc)).not.toMatch(/s3cret-pw|hush-psk/);
    expect(sim.requests.slice(from).some((r) => r.url.includes('s3cret'))).toBe(false);
  });

  it('a node that cannot be read fails the walk with one line naming it', async () => {
    front = await startFront(sim.url);
    front.rules.set('/api/ipv4/firewall/match-list/blacklist', { fail: 404 });
    const s = await open(front.url);
    const e = await failureOf(readConfig(envOf(s), { under: [], members: false }));
    expect(e.message).toBe('cannot read ipv4 firewall match-list blacklist: injected 404');
  });

  it('is cancelled by the run’s signal: the read under way is given up', async () => {
    front = await startFront(sim.url);
    let release = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    const ac = new AbortController();
    front.rules.set('/api/system/user', { hold, reached: () => ac.abort() });
    const s = await open(front.url);
    try {
      const e = await failureOf(readConfig(envOf(s, { signal: ac.signal }), { under: [], members: false }));
      expect(e.code).toBe('cancelled');
      await vi.waitFor(() => expect(front?.abandoned).toContain('/api/system/user'), { timeout: 30_000 });
    } finally {
      release();
    }
  });

  it('shows a progress line once it has taken a second', async () => {
    front = await startFront(sim.url);
    let release = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    front.rules.set('/api/system/user', { hold, reached: () => {} });
    const shown: string[] = [];
    const progress = (line: string) => {
      shown.push(line);
      release();
    };
    const s = await open(front.url);
    const doc = await readConfig(envOf(s, { io: { progress } }), { under: [], members: false });
    expect(texts(doc)).toEqual(DEMO);
    expect(shown[0]).toMatch(/^walked \d+ nodes, \d+ lines$/);
  });
});

describe('readConfig on the shaped router', () => {
  it('other top-level words, Count > 1, two Key options, flags, and the community the router shows is ***', async () => {
    const shaped = await startRouterSim({ variant: 'shaped' });
    try {
      const s = await open(shaped.url);
      const doc = await readConfig(envOf(s), { under: [], members: true });
      expect(texts(doc)).toEqual([
        'interfaces ethernet eth0',
        'interfaces ethernet eth0 address 192.0.2.1/24',
        'interfaces ethernet eth0 description "WAN uplink"',
        'interfaces ethernet eth1',
        'interfaces ethernet eth1 address 10.1.0.1/24',
        'interfaces ethernet eth1 address 10.1.1.1/24',
        'interfaces ethernet eth1 description LAN',
        'interfaces ethernet eth1 mtu 9000',
        'interfaces ethernet eth2',
        'interfaces ethernet eth2 description spare',
        'interfaces ethernet eth2 disable',
        'nat rule 100 source-address 10.1.0.0/24 source-address 10.1.1.0/24 outbound-interface eth0 translation-address 192.0.2.1 description "LAN out" log',
        'nat rule 200 source-address 10.20.0.0/16 outbound-interface eth0',
        'nat port-forward protocol tcp port 443 to 10.1.0.10 to-port 8443',
        'nat port-forward protocol udp port 51820 to 10.1.0.11',
        'protocols static route 0.0.0.0/0',
        'protocols static route 0.0.0.0/0 next-hop 192.0.2.254 distance 1',
        'protocols static route 10.20.0.0/16',
        'protocols static route 10.20.0.0/16 next-hop 10.1.0.2 distance 10',
        'protocols static route 10.20.0.0/16 next-hop 10.1.0.3',
        'protocols static route 203.0.113.0/24',
        'protocols static route 203.0.113.0/24 blackhole',
        'snmp community *** authorization rw client 10.1.0.50 client 10.1.0.51',
        'snmp community *** authorization ro',
        'snmp contact noc@example.net',
        'snmp location "rack 4, row B"',
        'system host-name edge-1',
        'system domain-name example.net',
        'system name-server 192.0.2.53',
        'system name-server 198.51.100.53',
      ]);
      expect(doc.lines.filter((l) => l.secret).map((l) => l.path)).toEqual([
        ['snmp', 'community', '***'],
        ['snmp', 'community', '***'],
      ]);
      expect(JSON.stringify(doc)).not.toMatch(/Pr1vate-c0mm|"public"/);
      // Never read below a secret value: its words would carry it.
      expect(shaped.requests.some((r) => /Pr1vate|public/.test(r.url))).toBe(false);
    } finally {
      await shaped.close();
    }
  });
});
