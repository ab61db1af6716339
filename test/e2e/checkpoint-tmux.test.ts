// Checkpoints in a real terminal (tmux), the built binary against the router simulator: Tab after
// `rollback checkpoint` completes this router's checkpoint name (the shell's session wires the
// completer), and the rollback asks its question before anything is sent — `n` sends nothing,
// `y` puts the configuration back. The diff of `compare checkpoint NAME` is shown in place.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const prompt = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('checkpoints in tmux', () => {
  it('Tab completes a checkpoint name; rollback asks, then restores', async (ctx) => {
    const { expect } = ctx;
    const sim = await startRouterSim();
    ctx.onTestFinished(() => sim.close());
    const t = new Tmux(120, 40);
    ctx.onTestFinished(() => t.kill());
    const state = mkdtempSync(join(tmpdir(), 'routersh-ckpt-tmux-'));
    t.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: state,
    });
    await t.waitFor(prompt);
    t.type('checkpoint before-upgrade');
    t.keys('Enter');
    await t.waitFor(/checkpoint before-upgrade: \d+ lines kept/);
    t.type('interface eth1 mtu 9000');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9000/);
    t.type('compare checkpoint before-upgrade');
    t.keys('Enter');
    await t.waitFor(/-interface eth1 mtu 1500\n\+interface eth1 mtu 9000\n/);
    t.type('rollback checkpoint be');
    t.keys('Tab');
    await t.waitFor(/rollback checkpoint before-upgrade ?$/m);
    const writes = () => sim.requests.filter((r) => r.method !== 'GET').length;
    const before = writes();
    t.keys('Enter');
    // The plan is the lines it is, and the question waits alone on the last line (the asker
    // once ran the plan's lines together into the prompt line).
    await t.waitFor(
      /^- interface eth1 mtu 9000\n\+ interface eth1 mtu 1500\nrequests \(1\):\n[\s\S]*^send 1 request as one transaction\? \[y\/N\]/m,
    );
    // One key answers (no Enter).
    t.keys('n');
    await t.waitFor(/cancelled: nothing sent\n[\s\S]*> ?$/m);
    expect(writes()).toBe(before);
    t.type('rollback checkpoint before-upgrade');
    t.keys('Enter');
    // The second question (the first is still on the screen).
    await t.waitFor(/transaction\? \[y\/N\][\s\S]*transaction\? \[y\/N\]/);
    t.keys('y');
    await t.waitFor(/committed: 1 request sent/);
    t.type('compare checkpoint before-upgrade');
    t.keys('Enter');
    await t.waitFor(/no differences: checkpoint before-upgrade/);
  });
});
