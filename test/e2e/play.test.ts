// `routersh play` in a real terminal (tmux) against the router simulator: a script typed into
// the shell as if by hand, paced by --auto or by the presenter, who can take the keyboard.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux;

beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => term?.kill());

const sent = () => sim.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

function script(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'play-')), 'demo.txt');
  writeFileSync(file, text);
  return file;
}

function play(file: string, flags: string): Tmux {
  term = new Tmux(100, 40);
  term.start(`node ${BIN} play ${file} ${flags} --router ${sim.url} --user admin`, {
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'play-state-')),
  });
  return term;
}

const show = async (cmd: string) =>
  (await runBin(['--router', sim.url, '--user', 'admin', '-c', cmd], { env: { ROUTERSH_PASSWORD: 'admin' } }))
    .stdout;

describe.skipIf(!hasTmux())('routersh play in tmux', () => {
  it('types a 10-step script with --auto and leaves the router in the expected state', async () => {
    const file = script(
      [
        '# A new uplink',
        'interface eth5',
        'interface eth5 mtu 1400',
        'interface eth5 description uplink',
        '# A trainee account',
        'system user carol',
        'system user carol token-expiration 600',
        'system user carol password Tr41nPass',
        'interface eth1 mtu 9000',
        'show interface',
        'no interface eth5 description',
        'exit',
        '',
      ].join('\n'),
    );
    const t = play(file, '--auto 0.05 --speed 40');
    const end = await t.waitFor(/\[exited 0\]/);
    // Captions on their own lines, the lines echoed as typed, the password drawn masked.
    expect(end).toMatch(/^A trainee account$/m);
    expect(end).toMatch(/admin@127\.0\.0\.1> system user carol password \*{9}$/m);
    expect(end).not.toContain('Tr41nPass');
    expect(sent()).toEqual(
      expect.arrayContaining([
        'POST /api/interface/eth5',
        'POST /api/interface/eth5/mtu/1400',
        'POST /api/system/user/carol',
        'POST /api/interface/eth1/mtu/9000',
        'POST /api/interface/eth5/description/uplink',
        'DELETE /api/interface/eth5/description',
        'POST /api/system/user/carol/token-expiration/600',
      ]),
    );
    const ifaces = await show('show interface');
    expect(ifaces).toMatch(/eth5\s+UP\s+1400/);
    expect(ifaces).toMatch(/eth1\s+UP\s+9000/);
    expect(await show('show interface eth5')).not.toContain('description');
    expect(await show('show system user')).toMatch(/carol\s+set\s+600/);
  }, 180_000);

  it('waits before each Enter for the presenter, who can take over and edit the line', async () => {
    const file = script('# Pause here\ninterface eth6\ninterface eth8\n');
    const t = play(file, '--speed 10');
    await t.waitFor(/^Pause here\n.*> interface eth6 ?$/m);
    await new Promise((r) => setTimeout(r, 500));
    expect(sent()).not.toContain('POST /api/interface/eth6');
    t.keys('Space'); // go on: Enter
    await t.waitFor(() => sent().includes('POST /api/interface/eth6'));
    await t.waitFor(/> interface eth8 ?$/m);
    // Another key: the presenter has the keyboard; the line is edited and run with Enter.
    t.keys('BSpace');
    t.type('7');
    await t.waitFor(/> interface eth7 ?$/m);
    t.keys('Enter');
    await t.waitFor(() => sent().includes('POST /api/interface/eth7'));
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(/\[exited 0\]/);
    expect(sent()).not.toContain('POST /api/interface/eth8');
  }, 180_000);
});
