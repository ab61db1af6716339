// `routersh sim --seed-interfaces N --seed-members N`: the router at size for benches and demos,
// read back through `routersh api` (the built binary both sides); `--variant shaped`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { type SimProcess, startSimProcess } from '../helpers/sim-process.js';

const started: SimProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});
const home = () => {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-simseed-'));
  return { HOME: dir, XDG_STATE_HOME: join(dir, 'state'), XDG_CONFIG_HOME: join(dir, 'config') };
};

describe('routersh sim --seed-interfaces / --seed-members', () => {
  it('serves the generated interfaces and members', async () => {
    const env = home();
    const sim = await startSimProcess(
      [
        '--port',
        '0',
        '--telemetry-port',
        '0',
        '--no-save',
        '--seed-interfaces',
        '40',
        '--seed-members',
        '300',
      ],
      env,
    );
    started.push(sim);
    const api = async (...words: string[]) => {
      const r = await runBin(['api', '-s', sim.router, ...words], {
        env: { ...env, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' },
      });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout).NodeInfo;
    };
    const ifs = (await api('interface')).SubNodes[0].SetValues as string[];
    expect(ifs).toHaveLength(43);
    expect(ifs).toContain('eth41');
    const members = (await api('ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match')).SetValues;
    expect(members).toHaveLength(300);
  });

  it('--variant shaped serves the shaped tree, seeded after its own interfaces', async () => {
    const env = home();
    const sim = await startSimProcess(
      ['--variant', 'shaped', '--port', '0', '--telemetry-port', '0', '--no-save', '--seed-interfaces', '3'],
      env,
    );
    started.push(sim);
    const out = await runBin(['-c', 'show system host-name', '-c', 'show interfaces ethernet'], {
      env: { ...env, ROUTERSH_ROUTER: sim.router, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' },
    });
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(/^edge-1$/m);
    expect(out.stdout).toMatch(/^eth2 +- +A\/D +spare/m);
    expect(out.stdout).toMatch(/^eth5 +10\.0\.5\.1\/24 /m);
  });

  it('refuses a count that is not one (exit 2)', async () => {
    const out = await runBin(['sim', '--seed-members', '70000', '--no-save'], { env: home() });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--seed-members wants a count from 0 to 65536, not '70000'/);
    const bad = await runBin(['sim', '--seed-interfaces', '-3', '--no-save'], { env: home() });
    expect(bad.code).toBe(2);
  });
});
