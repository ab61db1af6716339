// Confirmed changes in a real terminal (tmux) against the router simulator: a window that
// expires reverts its changes while the user does nothing; one confirmed in time keeps them;
// a shell killed inside a window leaves its journal, and `routersh undo --journal FILE` from
// another terminal reverts what it changed.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const state = mkdtempSync(join(tmpdir(), 'routersh-confirm-'));

const PROMPT = /admin@127\.0\.0\.1(?: \[confirm \d+m?\d*s\])?> ?$/m;

// The tests run concurrently (one waits seconds for its window to end), each with a simulator
// and a terminal of its own, closed when it ends: they change the same interface.
async function launch(c: TestContext, xdg: string): Promise<{ sim: RouterSim; t: Tmux }> {
  const sim = await startRouterSim();
  c.onTestFinished(() => sim.close());
  const t = new Tmux(120, 40);
  c.onTestFinished(() => t.kill());
  t.start(`node ${BIN} --router ${sim.url} --user admin`, {
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: xdg,
  });
  return { sim, t };
}

async function mtu(sim: RouterSim, ifname: string): Promise<string | undefined> {
  const r = await fetch(`${sim.url}/api/interface/${ifname}/mtu/1`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  const body = (await r.json()) as { NodeInfo: { SetValues: string[] | null } };
  return body.NodeInfo.SetValues?.[0];
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

describe.skipIf(!hasTmux()).concurrent('confirmed changes in tmux', () => {
  it('a window that expires reverts its changes while the user does nothing', async (ctx) => {
    const { expect } = ctx;
    const { sim, t } = await launch(ctx, join(state, 'a'));
    await t.waitFor(PROMPT);
    // Long enough that the change is made inside it on a loaded machine (a change typed in a
    // window that has ended is not sent: window-race.test.ts).
    t.type('confirm-within 8s');
    t.keys('Enter');
    await t.waitFor(/\[confirm [5-8]s\]> ?$/m);
    t.type('interface eth1 mtu 9000');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9000/);
    expect(await mtu(sim, 'eth1')).toBe('9000');
    // Hands off the keyboard: routersh reverts on its own.
    await t.waitFor(/confirmed-change window expired: reverted 1 change/);
    expect(await mtu(sim, 'eth1')).toBe('1500');
    await t.waitFor(/admin@127\.0\.0\.1> ?$/m);
  }, 180_000);

  it("inside a window, adding 127.0.0.0/8 to a dropping list asks, naming routersh's own address", async (ctx) => {
    const { expect } = ctx;
    const { sim, t } = await launch(ctx, join(state, 'own'));
    await t.waitFor(PROMPT);
    t.type('confirm-within 5m');
    t.keys('Enter');
    await t.waitFor(/\[confirm \d+m\d+s\]> ?$/m);
    const n = sim.requests.length;
    t.type('ipv4 firewall match-list blacklist action match net 127.0.0.0/8');
    t.keys('Enter');
    const screen = await t.waitFor(/Send it anyway\?/);
    expect(screen.replace(/\n/g, ' ')).toMatch(
      /127\.0\.0\.0\/8 covers routersh's own address 127\.0\.0\.1 and rule 10 drops what the list matches/,
    );
    expect(screen).not.toMatch(/cannot tell/);
    t.type('n');
    await t.waitFor(/cancelled: nothing sent/);
    const sent = sim.requests.slice(n).filter((r) => r.method === 'POST' && r.body.includes('127.0.0.0/8'));
    expect(sent).toEqual([]);
  }, 180_000);

  it('a window confirmed in time keeps its changes', async (ctx) => {
    const { expect } = ctx;
    const { sim, t } = await launch(ctx, join(state, 'b'));
    await t.waitFor(PROMPT);
    // Ten minutes: beside stress-ng the prompt's first look may come seconds in (not 1m00s or 59s).
    t.type('commit confirmed 10');
    t.keys('Enter');
    await t.waitFor(/\[confirm (10m00s|9m\d\ds)\]> ?$/m);
    t.type('interface eth1 mtu 9100');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9100/);
    t.type('commit');
    t.keys('Enter');
    await t.waitFor(/confirmed: 1 change kept/);
    await t.waitFor(/admin@127\.0\.0\.1> ?$/m);
    expect(await mtu(sim, 'eth1')).toBe('9100');
    t.type('interface eth1 mtu 1500');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 1500/);
  }, 180_000);

  it('killing the shell in a window, then routersh undo --journal FILE, reverts its changes', async (ctx) => {
    const { expect } = ctx;
    const xdg = join(state, 'c');
    const { sim, t } = await launch(ctx, xdg);
    await t.waitFor(PROMPT);
    t.type('confirm-within 10m');
    t.keys('Enter');
    await t.waitFor(/\[confirm (10m00s|9m5\ds)\]> ?$/m);
    t.type('interface eth7');
    t.keys('Enter');
    await t.waitFor(/Interface eth7 created/);
    t.type('interface eth1 mtu 4000');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 4000/);
    t.kill(); // the terminal is gone, the shell with it
    const dir = join(xdg, 'routersh', 'journal');
    const [file] = readdirSync(dir);
    const r = await runBin(
      ['undo', '--journal', join(dir, file!), '--yes', '--router', sim.url, '--user', 'admin'],
      {
        env: { ROUTERSH_PASSWORD: 'admin', XDG_STATE_HOME: xdg },
      },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /reverted 2 change\(s\)\nundone #2 interface eth1 mtu 4000\nundone #1 interface eth7/,
    );
    await until(async () => (await mtu(sim, 'eth1')) === '1500');
    const again = await runBin(['undo', '--journal', join(dir, file!), '--yes', '--router', sim.url], {
      env: { ROUTERSH_PASSWORD: 'admin', ROUTERSH_USER: 'admin', XDG_STATE_HOME: xdg },
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/nothing to undo: the \d+ change\(s\) journaled were undone already/);
  }, 180_000);
});
