// `routersh sim` for a class (issue 10): its help, a busy port said plainly, secrets that
// survive a restart, and the addresses trainees can reach when it listens on every interface.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { type SimProcess, startSimProcess } from '../helpers/sim-process.js';

const home = () => {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-simclass-'));
  return { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
};
const EPHEMERAL = ['--port', '0', '--telemetry-port', '0'];
const running: SimProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});
async function sim(args: string[], env: Record<string, string>): Promise<SimProcess> {
  const s = await startSimProcess(args, env);
  running.push(s);
  return s;
}

describe('routersh sim for a class', () => {
  it('--help prints its usage and exits 0', async () => {
    const r = await runBin(['sim', '--help'], { env: home() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^usage: routersh sim \[--host H\] \[--port N\]/);
    expect(r.stdout).toContain('--telemetry-port M');
    expect(r.stdout).toContain('sim-seed');
  });

  it('a busy port is one line saying how to pick another, exit 2', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const router = await runBin(['sim', '--port', String(port), '--telemetry-port', '0', '--no-save'], {
        env: home(),
      });
      expect(router.stderr).toBe(`% port ${port} is in use; pick another with --port N\n`);
      expect(router.code).toBe(2);
      const telemetry = await runBin(['sim', '--port', '0', '--telemetry-port', String(port), '--no-save'], {
        env: home(),
      });
      expect(telemetry.stderr).toBe(`% port ${port} is in use; pick another with --telemetry-port N\n`);
      expect(telemetry.code).toBe(2);
    } finally {
      busy.close();
    }
  });

  it('keeps the API key and the token key across a restart', async () => {
    const env = home();
    const first = await sim([...EPHEMERAL, '--no-save'], env);
    const key = /API key\s+(tk_demo_\w+)/.exec(first.banner)![1]!;
    const token = /token\s+(ey\S+)/.exec(first.banner)![1]!;
    await first.stop();
    const second = await sim([...EPHEMERAL, '--no-save'], env);
    expect(second.banner).toContain(`API key      ${key}`);
    // The key and the token printed before the restart still work against the new one.
    const metrics = await runBin(
      ['--router', second.router, '--user', 'admin', '--telemetry', second.telemetry, '-c', 'metrics names'],
      { env: { ...env, ROUTERSH_PASSWORD: 'admin', ROUTERSH_TELEMETRY_KEY: key } },
    );
    expect(metrics.stderr).toBe('');
    expect(metrics.stdout).toMatch(/^pkts_down$/m);
    const byToken = await runBin(['--router', second.router, '--user', 'automation', '-c', 'show hostname'], {
      env: { ...env, ROUTERSH_TOKEN: token },
    });
    expect(byToken.stderr).toBe('');
    expect(byToken.stdout).toBe('router\n');
    // Another state directory is another class: other secrets.
    const other = await sim([...EPHEMERAL, '--no-save'], home());
    expect(other.banner).not.toContain(key);
  });

  it('--host 0.0.0.0 prints the addresses trainees can reach, never 0.0.0.0', async () => {
    const env = home();
    const s = await sim(['--host', '0.0.0.0', ...EPHEMERAL, '--no-save'], env);
    expect(s.banner).not.toContain('0.0.0.0');
    const ipv4 = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    const port = new URL(s.router).port;
    const reach = /router API.*\n {2}reachable at (.*)/.exec(s.banner)![1]!;
    expect(reach.split(', ')).toEqual([
      `http://127.0.0.1:${port}`,
      ...ipv4.map((a) => `http://${a}:${port}`),
    ]);
    // Reachable from the network: a warning, and admin's password is random (issue 17).
    expect(s.stderr()).toMatch(
      /^warning: listening on 0\.0\.0\.0: the simulators' APIs are reachable from the network/,
    );
    const password = /users +admin\/(\S+),/.exec(s.banner)![1]!;
    expect(password).not.toBe('admin');
    const refused = await runBin(['--router', s.router, '--user', 'admin', '-c', 'show hostname'], {
      env: { ...home(), ROUTERSH_PASSWORD: 'admin' },
    });
    expect(refused.code).toBe(3);
    const r = await runBin(['--router', s.router, '--user', 'admin', '-c', 'show hostname'], {
      env: { ...home(), ROUTERSH_PASSWORD: password },
    });
    expect(r.stdout).toBe('router\n');
    // The seed keeps it across a restart.
    await s.stop();
    const again = await sim(['--host', '0.0.0.0', ...EPHEMERAL, '--no-save'], env);
    expect(again.banner).toContain(`admin/${password},`);
  });

  it('on loopback (the default) the demo passwords stay admin/admin, without a warning', async () => {
    const s = await sim([...EPHEMERAL, '--no-save'], home());
    expect(s.banner).toMatch(/users +admin\/admin, operator\/operator, automation/);
    expect(s.stderr()).toBe('');
  });
});
