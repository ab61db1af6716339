// The fleet shell in a real terminal (tmux), the built binary against a fleet of simulated
// routers that differ (some have eth7, one answers slowly): the prompt names the selection, the
// hint says a partial completion (`5/6 answered`), Tab marks what not every host has (eth7
// 2/5), `hosts` lists the selection, answers come back grouped with the outliers apart,
// `monitor match-list` is one pane with a row per host, `limit` narrows the selection, a change
// is one run that `undo` reverts, and `on HOST` runs one host's line as the single-router shell.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

/** Six routers: edge-03 and edge-06 have eth2…eth9 (eth7 among them), the others eth2…eth3; edge-06 is slow. */
async function fleet(dir: string): Promise<{ file: string; sims: RouterSim[] }> {
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, 'admin\n', { mode: 0o600 });
  const sims: RouterSim[] = [];
  const lines = ['all:', '  children:', '    edge:', '      hosts:'];
  for (let i = 1; i <= 6; i++) {
    // Match-list bl: i members on router i (the same addresses from the first on).
    const sim = await startRouterSim({
      seed: { interfaces: i % 3 === 0 ? 8 : 2, members: { list: 'bl', count: i } },
    });
    sims.push(sim);
    lines.push(
      `        edge-0${i}:`,
      `          routersh_router: ${JSON.stringify(sim.url)}`,
      '          routersh_user: admin',
      `          routersh_password_file: ${JSON.stringify(passwordFile)}`,
    );
  }
  const file = join(dir, 'inventory.yml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, sims };
}

describe.skipIf(!hasTmux())('the fleet shell in tmux', () => {
  it('prompt, partial completion, marks, hosts, grouped answers, limit and on HOST', async (ctx) => {
    const { expect } = ctx;
    const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-shell-'));
    const { file, sims } = await fleet(dir);
    ctx.onTestFinished(() => Promise.all(sims.map((s) => s.close())).then(() => {}));
    // Far above the 300 ms budget: its answer is never in the first union.
    sims[5]?.faults.set({ latencyMs: 4000 });
    const t = new Tmux(120, 40);
    ctx.onTestFinished(() => t.kill());
    t.start(`node ${BIN} -i ${file}`, { XDG_STATE_HOME: join(dir, 'state') });
    await t.waitFor(/^all \(6\)> ?$/m);
    // The first union (the root, read at start) lacks the slow host: said under the prompt.
    await t.waitFor(/[1-5]\/6 answered/);

    // eth7 is on edge-03 and edge-06 only: marked with how many of those that answered have it.
    // Which hosts answered within the budget depends on the machine's load; once the slow one
    // has answered, the union is made again: Tab is pressed until the menu holds eth7.
    let menu = '';
    // (A hang guard of 60 tries, half a second apart: a loaded machine answers late.)
    for (let i = 0; i < 60 && !/eth7\s.*\b[12]\/[1-6]\b/.test(menu); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 500));
      t.type('interface ');
      t.keys('Tab');
      t.keys('Tab');
      menu = await t.waitFor(/eth0\s/);
      t.keys('C-u');
      await t.waitFor(/^all \(6\)> ?$/m);
    }
    expect(menu).toMatch(/eth7\s.*\b[12]\/[1-6]\b/);

    t.type('hosts');
    t.keys('Enter');
    await t.waitFor(/^edge-01\s+http:\/\/127\.0\.0\.1:\d+\n[\s\S]*^edge-06\s+http:\/\/127\.0\.0\.1:\d+$/m);

    t.type('show interface eth7');
    t.keys('Enter');
    // The four without eth7 once, the two with it apart (their counters differ or not: apart from the four).
    await t.waitFor(/^edge-\[01-02,04-05\] \(4\):\n {2}% Interface eth7 does not exist/m);
    const screen = await t.waitFor(/^edge-0[36][\s\S]*eth7: <BROADCAST/m);
    expect(screen).toMatch(/warning: edge-\[01-02,04-05\] \(4\) of 6 refuse it/);

    // One pane, a row per host: 6 distinct members (router 6 has them all), q goes back.
    t.type('monitor match-list bl');
    t.keys('Enter');
    await t.waitFor(
      /match-list bl: 6 distinct members, \d+ hits on 6 hosts[\s\S]*^edge-01\s+1\s+\d+$[\s\S]*^edge-06\s+6\s+\d+$/m,
    );
    t.keys('q');
    await t.waitFor(/^all \(6\)> ?$/m);

    t.type('limit edge-01:edge-03');
    t.keys('Enter');
    await t.waitFor(/^edge-01:edge-03 \(2\)> ?$/m);
    t.type('show hostname');
    t.keys('Enter');
    await t.waitFor(/^edge-\[01,03\] \(2\):\n {2}router$/m);

    // A change to the two is one run (asked with its waves), then `undo` reverts that run on both.
    t.type('interface eth0 mtu 1600');
    t.keys('Enter');
    await t.waitFor(/send this change to 2 hosts in one wave, as one run\? \[y\/N\] ?$/m);
    t.type('y');
    t.keys('Enter');
    await t.waitFor(/^run r[0-9a-z]+: confirmed; 2 confirmed\n {2}confirmed: edge-\[01,03\] \(2\)$/m);
    t.type('undo');
    t.keys('Enter');
    await t.waitFor(/undo run r[0-9a-z]+: revert every host it changed\? \[y\/N\] ?$/m);
    t.type('y');
    t.keys('Enter');
    await t.waitFor(/^run r[0-9a-z]+: reverted; 2 reverted$/m);
    t.type('show interface eth0 | match mtu');
    t.keys('Enter');
    await t.waitFor(/^edge-\[01,03\] \(2\):\n {2}eth0: .* mtu 1500 /m);
    for (const i of [0, 2])
      expect(sims[i]?.requests.filter((r) => r.method !== 'GET').length).toBeGreaterThan(1);

    t.type('on edge-06 show interface eth7');
    t.keys('Enter');
    // As the single-router shell prints it: no group header.
    await t.waitFor(/on edge-06 show interface eth7\neth7: <BROADCAST/);
    // Nothing of a line went to a host outside the selection after `limit` but the one named by `on`.
    // No line ran on a host outside the selection (its metadata may have been read for Tab before `limit`).
    expect(sims[1]?.requests.some((r) => r.method === 'POST' && r.url.includes('hostname'))).toBe(false);
    expect(sims[0]?.requests.some((r) => r.method === 'POST' && r.url.includes('hostname'))).toBe(true);
  });

  it('--demo --routers N opens it on N simulated routers, whose distinct hostnames come back apart', async (ctx) => {
    const t = new Tmux(120, 40);
    ctx.onTestFinished(() => t.kill());
    const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-demo-'));
    t.start(`node ${BIN} --demo --routers 3`, { XDG_STATE_HOME: join(dir, 'state') });
    await t.waitFor(/\(simulator[\s\S]*^all \(3\)> ?$/m);
    t.type('show hostname');
    t.keys('Enter');
    // Each router its own name: three groups of one, each under its host's name.
    await t.waitFor(/^(\S+):\n {2}\1$[\s\S]*^(\S+):\n {2}\2$[\s\S]*^(\S+):\n {2}\3$/m);
  });
});
