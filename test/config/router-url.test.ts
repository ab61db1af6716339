// A router written as `host:port` or a bare `host` means http:// — for --router,
// ROUTERSH_ROUTER and a profile's "router", by the rule `routersh api -s` always had
// (src/config/router-url.ts). A scheme other than http or https is still refused.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { parseMainArgs } from '../../src/cli/args.js';
import { resolveConfig } from '../../src/config/config.js';
import { sameRouter } from '../../src/config/profiles.js';
import { serverUrl } from '../../src/config/router-url.js';
import { isRoutershError } from '../../src/errors.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-router-url-'));
mkdirSync(join(dir, 'routersh'), { recursive: true });
writeFileSync(join(dir, 'pw'), 'secret\n');
writeFileSync(
  join(dir, 'routersh', 'config.json'),
  JSON.stringify({
    profiles: { lab: { router: 'r1.lab:8080', user: 'ops', passwordFile: join(dir, 'pw') } },
  }),
);
const env = { XDG_CONFIG_HOME: dir };
const cfg = (argv: string[], e: Record<string, string> = {}) =>
  resolveConfig(parseMainArgs(argv), { env: { ...env, ...e }, isTTY: false });

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isRoutershError(e) && e.code === 'usage') return e.message;
    throw e;
  }
  throw new Error('not refused');
}

describe('serverUrl', () => {
  it.each([
    ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['r1', 'http://r1'],
    ['localhost:8080/prefix', 'http://localhost:8080/prefix'],
    ['::1', 'http://[::1]'],
    ['[::1]:8080', 'http://[::1]:8080'],
    ['https://r1:8443/x', 'https://r1:8443/x'],
    ['ftp://x', 'ftp://x'],
    ['mailto:x', 'mailto:x'],
  ])('%s → %s', (written, url) => expect(serverUrl(written)).toBe(url));
});

describe('--router, ROUTERSH_ROUTER and a profile take host:port', () => {
  it('--router host:port and a bare host', () => {
    expect(cfg(['--router', '127.0.0.1:8080']).router).toBe('http://127.0.0.1:8080');
    expect(cfg(['--router', 'r9']).router).toBe('http://r9');
  });

  it('ROUTERSH_ROUTER host:port', () => {
    expect(cfg([], { ROUTERSH_ROUTER: '10.0.0.1:8080' }).router).toBe('http://10.0.0.1:8080');
  });

  it("a profile's router host:port, by name and by the router it names (as ~/.netrc)", () => {
    expect(cfg(['--profile', 'lab'])).toMatchObject({ router: 'http://r1.lab:8080', user: 'ops' });
    expect(cfg(['--router', 'http://r1.lab:8080'])).toMatchObject({ user: 'ops', password: 'secret' });
    expect(cfg(['--router', 'r1.lab:8080'])).toMatchObject({ user: 'ops', password: 'secret' });
    expect(sameRouter('r1.lab:8080', 'http://R1.lab:8080/')).toBe(true);
  });

  it('a scheme other than http or https stays a usage error', () => {
    expect(refusal(() => cfg(['--router', 'ftp://x']))).toMatch(/http/);
    expect(refusal(() => cfg(['--router', 'mailto:x']))).toMatch(/http/);
    expect(refusal(() => cfg([], { ROUTERSH_ROUTER: 'file:///etc/passwd' }))).toMatch(/http/);
  });
});

describe('routersh --router host:port reaches the router', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(() => sim.close());

  it('as `routersh api -s host:port` does', async () => {
    const { ROUTERSH_ROUTER: _, ...login } = adminEnv(sim.url);
    const r = await runCommand(['--router', `127.0.0.1:${sim.port}`, '-c', 'show interface'], login);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    expect(r.out).toMatch(/eth0/);
  });
});
