// No server text drives the terminal, on any path, and the terminal is never wiped: the built
// binary against the hostile router and telemetry (their text carries EVIL: OSC 0 title,
// OSC 52 clipboard, ESC[2J ESC[3J, C1 CSI, U+202E, U+200B, DEL), in batch mode (stdout and
// stderr) and in tmux (every byte the pane received). (Needs `npm run build`: npm test builds first.)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { assertNoTerminalControls, hostileSequences } from '../helpers/terminal-bytes.js';
import { RawTmux } from '../helpers/tmux-raw.js';
import { EVIL, type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { type HostileTelemetry, startHostileTelemetry } from '../hostile/telemetry.js';
import { BIN, hasTmux } from './tmux.js';

const servers: Array<HostileRouter | HostileTelemetry> = [];
let term: RawTmux | undefined;
afterEach(async () => {
  term?.kill();
  term = undefined;
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function hostileEnv(): Promise<Record<string, string>> {
  const r = await startHostileRouter({ controls: true });
  const t = await startHostileTelemetry({ controls: true });
  servers.push(r, t);
  return {
    ROUTERSH_ROUTER: r.url,
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'hostile-test-password',
    ROUTERSH_TELEMETRY_URL: t.url,
    ROUTERSH_TELEMETRY_KEY: 'hostile-test-telemetry-key',
  };
}

async function expectClean(args: string[], env: Record<string, string>) {
  const res = await runBin(args, { env });
  assertNoTerminalControls(res.stdout, `stdout of ${args.join(' ')}`);
  assertNoTerminalControls(res.stderr, `stderr of ${args.join(' ')}`);
  return res;
}

describe('batch: stdout and stderr carry no control character', () => {
  it('router output and errors quoting Help, ValueType and Description', async () => {
    const env = await hostileEnv();
    await expectClean(['-c', 'describe interface'], env);
    await expectClean(['-c', 'show interface'], env);
    const help = await expectClean(['-c', 'interface b@d'], env); // the error quotes Help
    expect(help.stderr).toMatch(/^% invalid value 'b@d': expected <ifname>.*evil/);
    const valueType = await expectClean(['-c', 'interface eth0 mtu x'], env); // quotes ValueType
    expect(valueType.stderr).toMatch(/expected %NUM.*evil.* \(command 1\)\n$/);
    await expectClean(['-c', 'interface eth0 mtu'], env);
  });

  it('--json documents: C1, DEL and bidi characters escaped, the document unchanged', async () => {
    const env = await hostileEnv();
    const doc = await expectClean(['--json', '-c', 'describe interface'], env);
    const parsed = JSON.parse(doc.stdout) as { NodeInfo: { Description: string } };
    expect(parsed.NodeInfo.Description).toBe(`interfaces${EVIL}`);
    await expectClean(['--json', '-c', 'show interface'], env);
    const err = await expectClean(['--json', '-c', 'interface eth0 mtu x'], env);
    expect((JSON.parse(err.stdout) as { error: { message: string } }).error.message).toContain(EVIL);
  });

  it('telemetry: metrics query and logs search, plain and --json', async () => {
    const env = await hostileEnv();
    await expectClean(['-c', 'metrics query up'], env);
    await expectClean(['-c', 'logs search *'], env);
    await expectClean(['--json', '-c', 'metrics query up'], env);
    await expectClean(['--json', '-c', 'logs search *'], env);
  });
});

const PROMPT = />\s*$/m;

/** bash in tmux, piping every byte the pane receives to a file; routersh is started from bash. */
async function rawTerminal(
  command: string,
  env: Record<string, string>,
  rows = 40,
): Promise<{ t: RawTmux; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-raw-'));
  const file = join(dir, 'pane.raw');
  const t = new RawTmux(120, rows);
  term = t;
  t.start('bash --norc --noprofile', { PS1: 'bash$ ', ...env });
  await t.waitFor(/^bash\$/m);
  t.pipeTo(file);
  t.type(command);
  t.keys('Enter');
  return { t, file };
}

describe.skipIf(!hasTmux())('interactive: the raw bytes the terminal received', () => {
  it('describe, errors, history, the Tab menu, the hint and a chart pane over hostile names', async () => {
    const env = await hostileEnv();
    const state = mkdtempSync(join(tmpdir(), 'routersh-state-'));
    mkdirSync(join(state, 'routersh'), { recursive: true });
    writeFileSync(join(state, 'routersh', 'history'), `show interface ${EVIL}\n`);
    const { t, file } = await rawTerminal(`node ${BIN}`, {
      ...env,
      XDG_STATE_HOME: state,
      XDG_CONFIG_HOME: join(state, 'config'),
    });
    await t.waitFor(PROMPT);
    t.type('describe interface');
    t.keys('Enter');
    await t.waitFor(/Sub-nodes:/);
    t.type('interface eth0 mtu x');
    t.keys('Enter');
    await t.waitFor(/expected %NUM/);
    t.type('history');
    t.keys('Enter');
    await t.waitFor(/^\s+1 {2}show interface/m);
    t.type('interface ');
    t.keys('Tab'); // the common prefix `eth`; the second Tab lists eth0, eth1 and eth<EVIL>
    await t.waitFor(/interface eth\s*$/m);
    t.keys('Tab');
    await t.waitFor(/^ +eth1/m);
    t.keys('Escape');
    // Escape then another key in one read is Alt-<key>: let the menu close first.
    await t.waitFor((s) => !/^ +eth1/m.test(s));
    t.keys('C-u');
    t.type('metrics range up');
    t.keys('Enter');
    await t.waitFor(/up.*evil/);
    t.type('q');
    await t.waitFor(PROMPT);
    const raw = RawTmux.raw(file);
    expect(raw).toContain('evil'); // the hostile text did arrive, shown
    expect(hostileSequences(raw)).toEqual([]);
  });
});

describe.skipIf(!hasTmux())('a shrinking terminal keeps its scrollback', () => {
  it('with the menu open, then with a chart pane open: no ESC[3J, the earlier lines stay', async () => {
    const { t, file } = await rawTerminal(
      `for i in $(seq 1 100); do echo early-line-$i; done; node ${BIN} --demo`,
      {
        XDG_STATE_HOME: '/tmp/routersh-e2e-shrink-state',
        XDG_CONFIG_HOME: '/tmp/routersh-e2e-shrink-config',
      },
    );
    await t.waitFor(/admin@127\.0\.0\.1>\s*$/m);
    t.type('help');
    t.keys('Enter');
    await t.waitFor(/'#' starts a comment only/);
    t.type('interface ');
    t.keys('Tab');
    await t.waitFor(/more|eth/);
    t.resize(120, 12);
    await new Promise((r) => setTimeout(r, 400));
    t.keys('Escape');
    await t.waitFor((s) => !/^ +eth1/m.test(s));
    t.keys('C-u');
    t.resize(120, 40);
    t.type('metrics range up');
    t.keys('Enter');
    await t.waitFor(/live · every/);
    t.resize(120, 20);
    await t.waitFor(/live · every/);
    t.resize(120, 10);
    await new Promise((r) => setTimeout(r, 400));
    t.type('q');
    await t.waitFor(/admin@127\.0\.0\.1>\s*$/m);
    const history = t.history(1000);
    for (const n of [1, 50, 100]) expect(history).toMatch(new RegExp(`^early-line-${n}$`, 'm'));
    expect(hostileSequences(RawTmux.raw(file))).toEqual([]);
  });
});
