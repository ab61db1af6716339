// `routersh sim` as the new user runs it: it serves the API, prints the demo
// credentials, saves a profile, and `routersh api -s <that URL> interface` then just works.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin } from '../helpers/run-bin.js';

const home = mkdtempSync(join(tmpdir(), 'routersh-simcmd-'));
const env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') };
let child: ChildProcess;
let banner = '';
let url = '';

beforeAll(async () => {
  child = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--telemetry-port', '0'], {
    env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sim did not start: ${banner}`)), 10_000);
    child.stdout?.on('data', (d: Buffer) => {
      banner += d.toString();
      if (banner.includes('Press Ctrl-C')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  url = /router API\s+(http:\/\/127\.0\.0\.1:\d+)\/api\//.exec(banner)?.[1] ?? '';
});
afterAll(() => {
  child.kill('SIGINT');
});

describe('routersh sim', () => {
  it('prints the URLs, the demo users, a token and the API key', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(banner).toMatch(/admin\/admin/);
    expect(banner).toMatch(/token\s+ey/);
    expect(banner).toMatch(/API key\s+tk_demo_/);
    expect(banner).toMatch(/Saved profile 'sim'/);
  });

  it('saves the profile with secrets only in 0600 files', () => {
    const cfg = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, 'routersh', 'config.json'), 'utf8'));
    expect(cfg.profiles.sim).toMatchObject({ router: url, user: 'admin' });
    expect(cfg.profiles.sim.password).toBeUndefined();
    expect(JSON.stringify(cfg)).not.toMatch(/tk_demo_/);
    expect(statSync(cfg.profiles.sim.passwordFile).mode & 0o777).toBe(0o600);
  });

  it('`routersh api -s URL interface` prints the interface node metadata', async () => {
    const r = await runBin(['api', '-s', url, 'interface'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.NodeInfo.Name).toBe('interface');
    expect(doc.NodeInfo.SubNodes[0].Help).toBe('<ifname.vlanid>');
  });

  it('the shell connects by URL or by profile, telemetry included', async () => {
    const byUrl = await runBin(['--router', url, '-c', 'show hostname'], { env });
    expect(byUrl.stdout).toBe('router\n');
    const byProfile = await runBin(['--profile', 'sim', '-c', 'metrics names'], { env });
    expect(byProfile.code).toBe(0);
    expect(byProfile.stdout).toMatch(/^pkts_down$/m);
  });
});
