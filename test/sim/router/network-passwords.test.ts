// `routersh sim --host` off loopback (issue 17, section 5): the users that can write get random
// passwords instead of admin/admin and operator/operator — derived from the seed, so a restart
// keeps them — printed in the banner and saved in the profile; `routersh sim` warns that the
// APIs are reachable from the network. Loopback keeps the fixed demo passwords.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  demoCredentials,
  isLoopbackHost,
  type RouterSim,
  startRouterSim,
} from '../../../sim/router/index.js';
import { networkWarning, simBanner } from '../../../src/commands/sim-banner.js';
import type { Sims } from '../../../src/session/demo.js';

const running: RouterSim[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
async function sim(o: Parameters<typeof startRouterSim>[0]): Promise<RouterSim> {
  const s = await startRouterSim({ port: 0, ...o });
  running.push(s);
  return s;
}

/** Basic auth against the simulator through its loopback address (it listens on every interface). */
async function login(s: RouterSim, user: string, password: string): Promise<number> {
  const url = `http://127.0.0.1:${s.port}/api/hostname`;
  const res = await fetch(url, { headers: { authorization: `Basic ${btoa(`${user}:${password}`)}` } });
  await res.arrayBuffer();
  return res.status;
}

describe('which addresses are loopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.0.2.10', false],
    ['router.lab', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('the simulator off loopback', () => {
  const seed = randomBytes(32).toString('hex');

  it('gives admin and operator random passwords: admin/admin no longer logs in', async () => {
    const s = await sim({ host: '0.0.0.0', secretSeed: seed });
    expect(s.users.admin.password).not.toBe('admin');
    expect(s.users.operator.password).not.toBe('operator');
    expect(s.users.admin.password).toMatch(/^[\w-]{16}$/);
    expect(s.users.admin.password).not.toBe(s.users.operator.password);
    expect(await login(s, 'admin', 'admin')).toBe(401);
    expect(await login(s, 'operator', 'operator')).toBe(401);
    expect(await login(s, 'admin', s.users.admin.password)).toBe(200);
    expect(await login(s, 'operator', s.users.operator.password)).toBe(200);
  });

  it('keeps them across a restart with the same seed; another seed, other passwords', async () => {
    const first = await sim({ host: '0.0.0.0', secretSeed: seed });
    const { admin, operator } = first.users;
    await first.close();
    const second = await sim({ host: '0.0.0.0', secretSeed: seed });
    expect(second.users.admin.password).toBe(admin.password);
    expect(second.users.operator.password).toBe(operator.password);
    expect(await login(second, 'admin', admin.password)).toBe(200);
    expect(demoCredentials('0.0.0.0', randomBytes(32).toString('hex')).admin.password).not.toBe(
      admin.password,
    );
  });

  it('without a seed, random each time', () => {
    expect(demoCredentials('0.0.0.0').admin.password).not.toBe(demoCredentials('0.0.0.0').admin.password);
  });

  it('on loopback keeps admin/admin and operator/operator (tests, --demo, lessons)', async () => {
    const s = await sim({ host: '127.0.0.1', secretSeed: seed });
    expect(s.users).toEqual(DEMO_USERS);
    expect(await login(s, 'admin', 'admin')).toBe(200);
  });

  it('the banner prints the random passwords (and never admin/admin); `routersh sim` warns', async () => {
    const router = await sim({ host: '0.0.0.0', secretSeed: seed });
    const sims = {
      router,
      telemetry: { url: 'http://127.0.0.1:1', port: 1, keys: { demo: 'tk_demo_x' } },
    } as unknown as Sims;
    const banner = await simBanner(sims, '0.0.0.0', {});
    const { admin, operator } = router.users;
    expect(banner).toContain(
      `users        admin/${admin.password}, operator/${operator.password}, automation`,
    );
    expect(banner).toContain(`ROUTERSH_PASSWORD=${admin.password} routersh`);
    expect(banner).not.toMatch(/admin\/admin|operator\/operator|PASSWORD=admin /);
    expect(networkWarning('0.0.0.0')).toMatch(
      /^warning: listening on 0\.0\.0\.0: .*reachable from the network/,
    );
    expect(networkWarning('127.0.0.1')).toBeUndefined();
  });
});
