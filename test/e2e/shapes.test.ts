// Routers and telemetry servers that differ from our simulator, through the built binary
// (-c, no terminal): an unexpected shape in an optional or undocumented part degrades that
// part, never the whole command. `npm run build` first.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { BIN, runBin } from '../helpers/run-bin.js';
import { type HostileRouter, type RouterModes, startHostileRouter } from '../hostile/router.js';
import { type HostileTelemetry, startHostileTelemetry, type TelemetryModes } from '../hostile/telemetry.js';

const KEY = 'tk_test_shapes_e2e';
const BARS = /[▁▂▃▄▅▆▇█]/;
const servers: Array<{ close(): Promise<void> }> = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function hostileRouter(modes: RouterModes): Promise<HostileRouter> {
  const r = await startHostileRouter(modes);
  servers.push(r);
  return r;
}

const routerEnv = (url: string) => ({
  ROUTERSH_ROUTER: url,
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
  COLUMNS: '100',
});

async function withTelemetry(modes: TelemetryModes) {
  const r = await hostileRouter({});
  const t: HostileTelemetry = await startHostileTelemetry(modes);
  servers.push(t);
  return { ...routerEnv(r.url), ROUTERSH_TELEMETRY_URL: t.url, ROUTERSH_TELEMETRY_KEY: KEY };
}

describe('show tables with cells of any JSON type', () => {
  it('prints arrays joined, objects as JSON, null blank and booleans; exit 0', async () => {
    const r = await hostileRouter({ tableCells: true });
    const out = await runBin(['-c', 'show interface'], { env: routerEnv(r.url) });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const lines = out.stdout.split('\n');
    expect(lines[0]).toMatch(/^name\s+addresses\s+stats\s+note\s+up\s+mtu$/);
    expect(lines[2]).toMatch(/^eth0\s+10\.0\.0\.1\/24, 10\.0\.1\.1\/24\s+\{"rx":1,"tx":2\}\s+true\s+1500$/);
    expect(lines[3]).toMatch(/^eth1\s+\{\}\s+spare\s+false$/);
  });

  it('--json prints the envelope as received', async () => {
    const r = await hostileRouter({ tableCells: true });
    const out = await runBin(['--json', '-c', 'show interface'], { env: routerEnv(r.url) });
    expect(out.code).toBe(0);
    const doc = JSON.parse(out.stdout);
    expect(doc.NodeInfo.ShowOutput[0]).toEqual({
      name: 'eth0',
      addresses: ['10.0.0.1/24', '10.0.1.1/24'],
      stats: { rx: 1, tx: 2 },
      note: null,
      up: true,
      mtu: 1500,
    });
  });

  it("the router simulator's reference variant shows the same way", async () => {
    const sim: RouterSim = await startRouterSim({ variant: 'reference' });
    servers.push(sim);
    const out = await runBin(['-c', 'interface eth0 ip address 192.0.2.9/24', '-c', 'show interface'], {
      env: routerEnv(sim.url),
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /^eth0\s+true\s+1500\s+10\.0\.0\.1\/24, 192\.0\.2\.9\/24\s+\{"rx_packets":\d+/m,
    );
  });
});

describe('logs histogram in other shapes', () => {
  it('draws non-zero bars from the buckets shape', async () => {
    const out = await runBin(['-c', 'logs histogram *'], {
      env: await withTelemetry({ histogram: 'buckets' }),
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/level=error {2}total 7 {2}max 7 per bucket/);
    expect(out.stdout).toMatch(BARS);
  });

  it('prints a note for an answer it cannot read, and exits 0', async () => {
    const out = await runBin(['-c', 'logs histogram *'], {
      env: await withTelemetry({ histogram: 'garbage' }),
    });
    expect(out.code).toBe(0);
    expect(out.stdout).toBe("note: histogram: the server's answer has a shape routersh does not know\n");
    expect(out.stdout).not.toMatch(BARS);
  });

  it("the telemetry simulator's buckets switch draws bars", async () => {
    const r = await hostileRouter({});
    const tele: TelemetrySim = await startTelemetrySim({ histogram: 'buckets' });
    servers.push(tele);
    const env = {
      ...routerEnv(r.url),
      ROUTERSH_TELEMETRY_URL: tele.url,
      ROUTERSH_TELEMETRY_KEY: tele.keys.demo,
    };
    const out = await runBin(['-c', 'logs histogram * since 1h by level'], { env });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^level=\w+ {2}total [1-9]\d*/m);
    expect(out.stdout).toMatch(BARS);
    const json = await runBin(['--json', '-c', 'logs histogram * since 1h by level'], { env });
    expect(Object.keys(JSON.parse(json.stdout).data)).toEqual(['step_seconds', 'buckets']);
  });
});

describe('a metadata GET that fails', () => {
  const cases: Array<[NonNullable<RouterModes['metadataFailure']>, RegExp]> = [
    [500, /HTTP 500: metadata unavailable \(500\)/],
    [404, /HTTP 404: metadata unavailable \(404\)/],
    ['html', /HTTP 502 \(not a JSON envelope\)/],
    ['garbage', /malformed response from router: body is not JSON/],
  ];
  for (const [mode, why] of cases) {
    it(`(${mode}) is reported as that failure, not as an unknown word; exit 1`, async () => {
      const r = await hostileRouter({ metadataFailure: mode });
      const out = await runBin(['-c', 'show interface eth0 counters'], { env: routerEnv(r.url) });
      expect(out.code).toBe(1);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(/^% could not read the metadata of 'interface eth0': /);
      expect(out.stderr).toMatch(why);
      expect(out.stderr).not.toMatch(/unknown word/);
    });
  }

  it("the router's 400 envelope for a missing path still gives 'unknown word'", async () => {
    const r = await hostileRouter({});
    const out = await runBin(['-c', 'show interface eth9 counters'], { env: routerEnv(r.url) });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^% unknown word 'counters'/);
  });
});

describe('routersh sim --variant reference', () => {
  it('refuses an unknown variant (exit 2)', async () => {
    const out = await runBin(['sim', '--variant', 'bogus', '--no-save']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--variant wants default, reference or shaped/);
  });

  it('serves reference-shaped show tables and histograms', async () => {
    const home = mkdtempSync(join(tmpdir(), 'routersh-shapes-'));
    const child: ChildProcess = spawn(
      process.execPath,
      [BIN, 'sim', '--variant', 'reference', '--port', '0', '--telemetry-port', '0', '--no-save'],
      { env: { PATH: process.env.PATH ?? '', HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    servers.push({ close: async () => void child.kill('SIGINT') });
    let banner = '';
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
    const router = /router API\s+(http:\/\/\S+)\/api\//.exec(banner)?.[1] ?? '';
    const tele = /telemetry API\s+(http:\/\/\S+)\/api\/v1\//.exec(banner)?.[1] ?? '';
    const key = /API key\s+(\S+)/.exec(banner)?.[1] ?? '';
    const env = { ...routerEnv(router), ROUTERSH_TELEMETRY_URL: tele, ROUTERSH_TELEMETRY_KEY: key };
    const out = await runBin(['-c', 'show interface', '-c', 'logs histogram * since 1h'], { env });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Name\s+Up\s+MTU\s+Addresses\s+Counters\s+Description$/m);
    expect(out.stdout).toMatch(/^eth0\s+true\s+1500\s+10\.0\.0\.1\/24\s+\{"rx_packets"/m);
    expect(out.stdout).toMatch(BARS);
  });
});
