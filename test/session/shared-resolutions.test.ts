// Lines resolved once for a fleet run's hosts (src/lang/shared-resolutions.ts, wired by
// session/fleet.ts), against real servers on 127.0.0.1: hosts whose metadata answers are the
// same bytes share one resolution, each still sent its own reads and its own command; a host
// whose metadata differs, whose read fails or whose answer holds its own secret resolves the
// line itself, with no request sent twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetHost } from '../../src/contract/fleet.js';
import type { Outcome } from '../../src/contract/outcome.js';
import type { Resolution } from '../../src/lang/types.js';
import { lineSecrets } from '../../src/lang/secrets.js';
import { runLine } from '../../src/run/runner.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { openFleet } from '../../src/session/fleet.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { BASE_CONFIG } from '../helpers/sim-config.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-shared-res-'));
const node = (name: string, o: Record<string, unknown> = {}) => ({
  Name: name,
  Type: 'Token',
  Description: `the ${name}`,
  AllowShow: 1,
  SubNodes: [],
  ...o,
});
/** A router's root: `hostname`, `interface` and whatever `extra` names. */
const root = (extra: string[] = [], values: string[] = []) => ({
  RequestStatus: 'OK',
  NodeInfo: {
    ...node('', { AllowShow: 0 }),
    SubNodes: [node('hostname', { SetValues: values }), node('interface'), ...extra.map((n) => node(n))],
  },
});

interface Router {
  server: TestServer;
  name: string;
}
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A router answering GET /api/ with `rootAnswer` (or a status) and a SHOW of any node with its own name. */
async function router(name: string, rootAnswer: unknown | number = root()): Promise<Router> {
  const server = await startServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url === '/api/') {
      if (typeof rootAnswer === 'number') res.writeHead(rootAnswer).end('{}');
      else res.end(JSON.stringify(rootAnswer));
      return;
    }
    if (req.method === 'POST') {
      res.end(
        JSON.stringify({ RequestStatus: 'OK', NodeInfo: { ...node('hostname'), ShowOutput: `${name}\n` } }),
      );
      return;
    }
    res.end(JSON.stringify({ RequestStatus: 'Error', ErrorStatus: 'no such node' }));
  });
  servers.push(server);
  return { server, name };
}

const host = (r: Router, password = `pw-${r.name}`): FleetHost => {
  const passwordFile = join(dir, `${r.name}.pw`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  return {
    name: r.name,
    router: r.server.url,
    user: 'admin',
    passwordFile,
    groups: ['all'],
    vars: {},
    origin: {},
  };
};

/** Each host's resolution of `line` and its outcome, through the fleet's sessions, `forks` at a time. */
async function run(
  routers: Router[],
  line: string,
  o: { forks?: number; share?: boolean; hosts?: FleetHost[] } = {},
) {
  const hosts = o.hosts ?? routers.map((r) => host(r));
  const fleet = openFleet(BASE_CONFIG, hosts, {
    env: process.env,
    warn: () => {},
    journal: false,
    ...(o.share === false ? {} : { shareAnswers: true }),
  });
  const seen = new Map<string, { resolution: Resolution; outcome: Outcome }>();
  const never = new AbortController().signal;
  try {
    const results = await fleet.each(
      async (h, s, signal) => {
        const resolution = await s.services.resolve(line, [], signal);
        const outcome = await runLine(line, { context: [] }, s.services, signal);
        seen.set(h.name, { resolution, outcome });
      },
      { forks: o.forks ?? 1, signal: never },
    );
    for (const r of results)
      if (!r.ok)
        seen.set(r.host.name, { resolution: undefined as never, outcome: { kind: 'error', error: r.error } });
  } finally {
    await fleet.close();
  }
  return seen;
}

const textOf = (o: Outcome | undefined) =>
  o?.kind === 'router' ? o.text : o?.kind === 'error' ? `error: ${o.error.message}` : o?.kind;
const requestsOf = (r: Router) => r.server.requests.map((q) => `${q.method} ${q.url}`);

describe('SharedResolutions: a line resolved once for the hosts of one model', () => {
  it('hosts whose metadata is the same bytes share the resolution; each is sent its own reads and its own command', async () => {
    const routers = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((n) => router(n)));
    const seen = await run(routers, 'show hostname');
    const first = seen.get('r1')?.resolution;
    expect(first?.kind).toBe('router');
    for (const r of routers) {
      expect(seen.get(r.name)?.resolution).toBe(first);
      expect(textOf(seen.get(r.name)?.outcome)).toContain(r.name);
      // What an unshared session sends: the root's metadata once (the test resolves the line,
      // then runs it: the second resolution reads the cache), then the command.
      expect(requestsOf(r)).toEqual(['GET /api/', 'POST /api/hostname']);
    }
    expect(Object.isFrozen(first)).toBe(true);
    // The same requests as without sharing.
    const alone = await Promise.all(['u1', 'u2'].map((n) => router(n)));
    const unshared = await run(alone, 'show hostname', { share: false });
    expect(unshared.get('u2')?.resolution).not.toBe(unshared.get('u1')?.resolution);
    expect(unshared.get('u2')?.resolution).toEqual(first);
    for (const r of alone) expect(requestsOf(r)).toEqual(['GET /api/', 'POST /api/hostname']);
  });

  it('a host whose metadata differs resolves the line itself: refused where its router has no such node', async () => {
    const routers = [
      await router('r1', root(['vlan'])),
      await router('r2', root(['vlan'])),
      await router('r3', root()),
      await router('r4', root(['vlan'])),
    ];
    const seen = await run(routers, 'show vlan');
    expect(seen.get('r2')?.resolution).toBe(seen.get('r1')?.resolution);
    expect(seen.get('r3')?.resolution.kind).toBe('error');
    expect(textOf(seen.get('r3')?.outcome)).toMatch(/^error: .*vlan/);
    expect(requestsOf(routers[2]!)).toEqual(['GET /api/']);
    // The host after it takes the record r3 left (its own) only when its metadata is r3's: r4's is
    // r1's, so r4 resolves again and is sent its command.
    expect(seen.get('r4')?.resolution.kind).toBe('router');
    expect(seen.get('r4')?.resolution).toEqual(seen.get('r1')?.resolution);
    expect(requestsOf(routers[3]!)).toEqual(['GET /api/', 'POST /api/vlan']);
  });

  it('a read that fails on a later host is not sent again: the host fails as it would alone', async () => {
    const routers = [await router('r1'), await router('r2', 503), await router('r3')];
    const seen = await run(routers, 'show hostname');
    expect(textOf(seen.get('r2')?.outcome)).toMatch(/^error: /);
    // One GET of the root for the resolution's test call and one for runLine's (a failed read is not cached).
    const alone = await router('u2', 503);
    await run([alone], 'show hostname', { share: false });
    expect(requestsOf(routers[1]!)).toEqual(requestsOf(alone));
    expect(seen.get('r3')?.resolution).toBe(seen.get('r1')?.resolution);
    expect(textOf(seen.get('r3')?.outcome)).toContain('r3');
  });

  it("an answer holding a host's own secret is that host's: never compared, never shared", async () => {
    // r2's root lists r2's password among hostname's values: its answer is redacted for it.
    const routers = [
      await router('r1', root([], ['pw-r2'])),
      await router('r2', root([], ['pw-r2'])),
      await router('r3', root([], ['pw-r2'])),
    ];
    const seen = await run(routers, 'show hostname');
    expect(seen.get('r3')?.resolution).toBe(seen.get('r1')?.resolution);
    expect(seen.get('r2')?.resolution).not.toBe(seen.get('r1')?.resolution);
    expect(seen.get('r2')?.resolution.kind).toBe('router');
    expect(textOf(seen.get('r2')?.outcome)).toContain('r2');
  });

  it('hosts at work at once each resolve until one has kept a record, then share it', async () => {
    const routers = await Promise.all(Array.from({ length: 12 }, (_, i) => router(`r${i + 1}`)));
    const seen = await run(routers, 'show hostname', { forks: 4 });
    const kinds = new Set(routers.map((r) => seen.get(r.name)?.resolution));
    // At most the first `forks` hosts resolve on their own; every later one shares.
    expect(kinds.size).toBeLessThanOrEqual(4);
    expect(seen.get('r12')?.resolution).toBe(seen.get('r11')?.resolution);
    for (const r of routers) {
      expect(textOf(seen.get(r.name)?.outcome)).toContain(r.name);
      expect(requestsOf(r)).toEqual(['GET /api/', 'POST /api/hostname']);
    }
  });

  it("a shared line's secrets are found as for a host's own resolution: the password of every host's line is a secret", async () => {
    const sims: RouterSim[] = await Promise.all([startRouterSim(), startRouterSim(), startRouterSim()]);
    const hosts = sims.map((sim, i) => ({
      ...host({ name: `s${i + 1}`, server: { url: sim.url } as TestServer }, 'admin'),
    }));
    const line = 'system user ops password Hunter2-secret';
    const fleet = openFleet(BASE_CONFIG, hosts, {
      env: process.env,
      warn: () => {},
      journal: false,
      shareAnswers: true,
    });
    const never = new AbortController().signal;
    try {
      const got = await fleet.each(async (_, s, signal) => s.services.resolve(line, [], signal), {
        forks: 1,
        signal: never,
      });
      const [a, b, c] = got.map((r) => (r.ok ? r.value : undefined));
      expect(b).toBe(a);
      expect(c).toBe(a);
      expect(a?.kind).toBe('router');
      const words = a?.kind === 'router' ? a.words : [];
      expect(Object.isFrozen(words)).toBe(true);
      expect(lineSecrets(line, { words, context: [] })).toEqual(['Hunter2-secret']);
      // Asked again for the same words: the same answer; for another line, that line's.
      expect(lineSecrets(line, { words, context: [] })).toEqual(['Hunter2-secret']);
      expect(lineSecrets('system user ops password Other-pw-9', { words, context: [] })).toEqual([
        'Other-pw-9',
      ]);
    } finally {
      await fleet.close();
      await Promise.all(sims.map((sim) => sim.close()));
    }
  });
});
