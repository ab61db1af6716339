// The per-host session opener (src/session/fleet.ts) against real servers on 127.0.0.1: each
// host gets only its own credentials, at most `forks` hosts are at work at once, a hanging host
// ends at its whole-host bound without delaying the others, and Ctrl-C (the run's signal)
// cancels every host.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_CONFIG } from '../helpers/sim-config.js';
import type { FleetHost } from '../../src/contract/fleet.js';
import { openFleet } from '../../src/session/fleet.js';
import { startRouterSim, type RouterSim } from '../../sim/router/index.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const base = BASE_CONFIG;
const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-'));
const secret = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, `${text}\n`, { mode: 0o600 });
  return p;
};
const host = (name: string, router: string, more: Partial<FleetHost> = {}): FleetHost => ({
  name,
  router,
  groups: ['all'],
  vars: {},
  origin: {},
  ...more,
});

const servers: Array<TestServer | RouterSim> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const never = new AbortController().signal;

describe('openFleet', () => {
  it('sends each host only its own password; a host without a file gets the default', async () => {
    const ok = (_: unknown, res: import('node:http').ServerResponse) => res.writeHead(404).end();
    const [a, b, c] = await Promise.all([startServer(ok), startServer(ok), startServer(ok)]);
    servers.push(a, b, c);
    const hosts = [
      host('a', a.url, { user: 'ua', passwordFile: secret('a.pw', 'secret-a') }),
      host('b', b.url, { user: 'ub', passwordFile: secret('b.pw', 'secret-b') }),
      host('c', c.url),
    ];
    const fleet = openFleet({ ...base, user: 'dflt', password: 'secret-default' }, hosts, {
      env: process.env,
      warn: () => {},
      journal: false,
    });
    const results = await fleet.each(
      (_, s, signal) => s.services.router.send({ method: 'GET', words: ['system'] }, { signal }),
      {
        forks: 3,
        signal: never,
      },
    );
    await fleet.close();
    expect(results).toHaveLength(3);
    const auth = (s: TestServer) =>
      s.requests.map((r) => Buffer.from(String(r.headers.authorization).slice(6), 'base64').toString());
    expect(new Set(auth(a))).toEqual(new Set(['ua:secret-a']));
    expect(new Set(auth(b))).toEqual(new Set(['ub:secret-b']));
    expect(new Set(auth(c))).toEqual(new Set(['dflt:secret-default']));
  });

  it('has at most `forks` hosts at work at once', async () => {
    let now = 0;
    let most = 0;
    const slow = (_: unknown, res: import('node:http').ServerResponse) => {
      now++;
      most = Math.max(most, now);
      setTimeout(() => {
        now--;
        res.writeHead(404).end();
      }, 30);
    };
    const many = await Promise.all(Array.from({ length: 9 }, () => startServer(slow)));
    servers.push(...many);
    const fleet = openFleet(
      base,
      many.map((s, i) => host(`r${i}`, s.url)),
      { env: process.env, warn: () => {}, journal: false },
    );
    const results = await fleet.each(
      (_, s, signal) =>
        s.services.router.send({ method: 'GET', words: ['system'] }, { signal }).catch(() => 0),
      {
        forks: 3,
        signal: never,
        closeAfter: true,
      },
    );
    await fleet.close();
    expect(results).toHaveLength(9);
    expect(many.every((s) => s.requests.length === 1)).toBe(true);
    expect(most).toBeLessThanOrEqual(3);
  });

  it('a hanging host ends at its bound, after the others, which it does not hold', async () => {
    const hang = await startServer(() => {});
    const sims = await Promise.all([startRouterSim(), startRouterSim()]);
    servers.push(hang, ...sims);
    const pw = secret('admin.pw', 'admin');
    const hosts = [
      host('hang', hang.url, { user: 'admin', passwordFile: pw }),
      ...sims.map((s, i) => host(`edge-${i + 1}`, s.url, { user: 'admin', passwordFile: pw })),
    ];
    const fleet = openFleet(base, hosts, { env: process.env, warn: () => {}, journal: false });
    const order: string[] = [];
    const results = await fleet.each(
      async (_, s, signal) =>
        (await s.services.router.send({ method: 'GET', words: ['hostname'] }, { signal })).raw,
      // The others are simulators in this thread, answering in milliseconds: a second is far above.
      { forks: 3, signal: never, hostBoundMs: 1000, onResult: (r) => order.push(r.host.name) },
    );
    await fleet.close();
    expect(order.at(-1)).toBe('hang');
    const hung = results.find((r) => r.host.name === 'hang');
    expect(hung?.ok ? 'ok' : hung?.error.code).toBe('timeout');
    expect(hung?.ok ? '' : hung?.error.message).toMatch(/whole-host bound/);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
  });

  it('the run signal cancels every host, those waiting for a slot too', async () => {
    const hangs = await Promise.all(Array.from({ length: 4 }, () => startServer(() => {})));
    servers.push(...hangs);
    const fleet = openFleet(
      base,
      hangs.map((s, i) => host(`h${i}`, s.url)),
      { env: process.env, warn: () => {}, journal: false },
    );
    const ctrlC = new AbortController();
    const results = await fleet.each(
      (_, s, signal) => s.services.router.send({ method: 'GET', words: ['system'] }, { signal }),
      {
        forks: 2,
        signal: ctrlC.signal,
        onProgress: (p) => {
          if (p.running === 2) ctrlC.abort();
        },
      },
    );
    await fleet.close();
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(hangs.map((s) => s.requests.length).reduce((x, y) => x + y)).toBeLessThanOrEqual(2);
  });

  it('refuses a host URL with credentials in it, for that host only', async () => {
    const sim = await startRouterSim();
    servers.push(sim);
    const fleet = openFleet(
      base,
      [
        host('bad', 'http://u:p@127.0.0.1:1'),
        host('good', sim.url, { user: 'admin', passwordFile: secret('g.pw', 'admin') }),
      ],
      {
        env: process.env,
        warn: () => {},
        journal: false,
      },
    );
    const results = await fleet.each(
      async (_, s, signal) =>
        (await s.services.router.send({ method: 'GET', words: ['hostname'] }, { signal })).raw,
      { forks: 2, signal: never },
    );
    await fleet.close();
    const bad = results.find((r) => r.host.name === 'bad');
    expect(bad?.ok ? '' : bad?.error.message).toMatch(/must not carry credentials/);
    expect(results.find((r) => r.host.name === 'good')?.ok).toBe(true);
  });
});
