// Candidate mode in a real terminal (tmux) against the router simulator, through the built
// binary: lines staged (the prompt counts them) and nothing sent; compare, show configuration
// with the staged lines marked, and commit check;
// commit and commit confirmed; discard; leaving with lines staged answering each choice (stay,
// discard, commit) by exit, end and Ctrl-D; and the staged lines of a shell killed with SIGKILL
// offered back by the next configure.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const state = mkdtempSync(join(tmpdir(), 'routersh-cand-e2e-'));

const prompt = (staged?: number, extra = '') =>
  new RegExp(
    `admin@127\\.0\\.0\\.1${staged === undefined ? '' : ` \\[candidate ${staged}\\]`}${extra}> ?$`,
    'm',
  );

async function launch(c: TestContext, xdg: string, sim?: RouterSim): Promise<{ sim: RouterSim; t: Tmux }> {
  const s = sim ?? (await startRouterSim());
  if (!sim) c.onTestFinished(() => s.close());
  const t = new Tmux(120, 40);
  c.onTestFinished(() => t.kill());
  t.start(`node ${BIN} --router ${s.url} --user admin`, { ROUTERSH_PASSWORD: 'admin', XDG_STATE_HOME: xdg });
  await t.waitFor(prompt());
  return { sim: s, t };
}

const writes = (sim: RouterSim, from: number) =>
  sim.requests
    .slice(from)
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.url}`);

async function mtu(sim: RouterSim, ifname: string): Promise<string | undefined> {
  const r = await fetch(`${sim.url}/api/interface/${ifname}/mtu/1`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  const body = (await r.json()) as { NodeInfo: { SetValues: string[] | null } };
  return body.NodeInfo.SetValues?.[0];
}

/** Types a line and presses Enter. */
function enter(t: Tmux, line: string): void {
  t.type(line);
  t.keys('Enter');
}

describe.skipIf(!hasTmux()).concurrent('candidate mode in tmux', () => {
  it('stages (nothing sent), compares, checks, commits at once', async (ctx) => {
    const { expect } = ctx;
    const { sim, t } = await launch(ctx, join(state, 'a'));
    const from = sim.requests.length;
    enter(t, 'configure');
    await t.waitFor(prompt(0));
    enter(t, 'interface eth1 mtu 9000');
    await t.waitFor(prompt(1));
    enter(t, 'interface eth9');
    await t.waitFor(prompt(2));
    enter(t, 'interface eth9 mtu 1400');
    await t.waitFor(prompt(3));
    // A line that cannot be right: its caret, and nothing staged.
    enter(t, 'interface eth1 mtu nine');
    await t.waitFor(/invalid value 'nine'[\s\S]*\[candidate 3\]> ?$/m);
    expect(writes(sim, from)).toEqual([]);
    enter(t, 'compare');
    const compared = await t.waitFor(/\+ interface eth9 mtu 1400\n[\s\S]*\[candidate 3\]> ?$/m);
    expect(compared).toContain('- interface eth1 mtu 1500\n+ interface eth1 mtu 9000\n+ interface eth9\n');
    enter(t, 'show configuration interface eth1');
    const shown = await t.waitFor(/\+ interface eth1 mtu 9000\n[\s\S]*\[candidate 3\]> ?$/m);
    expect(shown).toContain('- interface eth1 mtu 1500\n+ interface eth1 mtu 9000\n');
    enter(t, 'commit check');
    await t.waitFor(/commit check: 3 staged lines, 3 requests: ok \(nothing sent\)/);
    expect(writes(sim, from)).toEqual([]);
    enter(t, 'commit');
    await t.waitFor(
      /commit complete: 3 staged lines, 3 requests sent \(transaction [^)]+\)\n[\s\S]*\[candidate 0\]> ?$/m,
    );
    // Steps on unrelated nodes go at once (tx-send.ts), so only a node before what lies under it is ordered.
    const sent = writes(sim, from);
    expect([...sent].sort()).toEqual([
      'POST /api/interface/eth1/mtu/9000',
      'POST /api/interface/eth9',
      'POST /api/interface/eth9/mtu/1400',
    ]);
    expect(sent.indexOf('POST /api/interface/eth9')).toBeLessThan(
      sent.indexOf('POST /api/interface/eth9/mtu/1400'),
    );
    expect(await mtu(sim, 'eth1')).toBe('9000');
    enter(t, 'end');
    await t.waitFor(/left candidate mode\n[\s\S]*admin@127\.0\.0\.1> ?$/m);
  }, 180_000);

  it('commit confirmed N sends inside a new window; confirm keeps it; one open refuses another', async (ctx) => {
    const { expect } = ctx;
    const { sim, t } = await launch(ctx, join(state, 'b'));
    enter(t, 'configure');
    await t.waitFor(prompt(0));
    enter(t, 'interface eth1 mtu 9000');
    await t.waitFor(prompt(1));
    enter(t, 'commit confirmed 30');
    await t.waitFor(
      /commit complete: .*inside a 30-minute window[\s\S]*\[candidate 0\] \[confirm \d+m\d+s\]> ?$/m,
    );
    expect(await mtu(sim, 'eth1')).toBe('9000');
    enter(t, 'interface eth1 mtu 9100');
    await t.waitFor(/\[candidate 1\] \[confirm/);
    enter(t, 'commit confirmed 5');
    await t.waitFor(/commit confirmed is refused until it is settled/);
    // commit alone joins the open window.
    enter(t, 'commit');
    await t.waitFor(/commit complete: 1 staged line, 1 request sent, inside the open window/);
    expect(await mtu(sim, 'eth1')).toBe('9100');
    enter(t, 'confirm');
    await t.waitFor(/confirmed: 2 changes kept[\s\S]*\[candidate 0\]> ?$/m);
    expect(await mtu(sim, 'eth1')).toBe('9100');
  }, 180_000);

  it('discard; leaving with lines staged asks: stay, discard (exit), commit (Ctrl-D)', async (ctx) => {
    const { expect } = ctx;
    const { sim, t } = await launch(ctx, join(state, 'c'));
    const from = sim.requests.length;
    enter(t, 'configure');
    await t.waitFor(prompt(0));
    enter(t, 'interface eth1 mtu 9000');
    await t.waitFor(prompt(1));
    enter(t, 'discard');
    await t.waitFor(/discarded 1 staged line\n[\s\S]*\[candidate 0\]> ?$/m);
    enter(t, 'interface eth1 mtu 9000');
    await t.waitFor(prompt(1));
    // Inside a context exit goes up, as always.
    enter(t, 'edit interface eth1');
    await t.waitFor(/admin@127\.0\.0\.1\(interface eth1\) \[candidate 1\]> ?$/m);
    enter(t, 'exit');
    await t.waitFor(prompt(1));
    enter(t, 'exit');
    await t.waitFor(/1 line staged: c commit · d discard · s stay in candidate mode \[c\/d\/S\]/);
    t.type('s');
    await t.waitFor(/still in candidate mode \(1 staged line\)\n[\s\S]*\[candidate 1\]> ?$/m);
    enter(t, 'exit');
    await t.waitFor(/\[c\/d\/S\] ?$/m);
    t.type('d');
    await t.waitFor(/discarded 1 staged line; left candidate mode\n[\s\S]*admin@127\.0\.0\.1> ?$/m);
    expect(writes(sim, from)).toEqual([]);
    enter(t, 'configure');
    await t.waitFor(prompt(0));
    enter(t, 'interface eth1 mtu 9000');
    await t.waitFor(prompt(1));
    t.keys('C-d');
    await t.waitFor(/\[c\/d\/S\] ?$/m);
    t.type('c');
    await t.waitFor(/commit complete[\s\S]*left candidate mode\n[\s\S]*admin@127\.0\.0\.1> ?$/m);
    expect(writes(sim, from)).toEqual(['POST /api/interface/eth1/mtu/9000']);
    // Out of candidate mode, Ctrl-D leaves the shell.
    t.keys('C-d');
    await t.waitFor(/\[exited 0\]/);
  }, 180_000);

  it('the staged lines of a shell killed with SIGKILL are offered back by the next configure', async (ctx) => {
    const { expect } = ctx;
    const xdg = join(state, 'd');
    const { sim, t } = await launch(ctx, xdg);
    const from = sim.requests.length;
    enter(t, 'configure');
    await t.waitFor(prompt(0));
    enter(t, 'interface eth1 mtu 9000');
    await t.waitFor(prompt(1));
    enter(t, 'interface eth1 description "rack #3"');
    await t.waitFor(prompt(2));
    // The file names the shell's pid: the shell, killed.
    const dir = join(xdg, 'routersh', 'candidate');
    const [file] = readdirSync(dir);
    const pid = Number(/\.(\d+)\.json$/.exec(file!)?.[1]);
    process.kill(pid, 'SIGKILL');
    await t.waitFor(/\[exited 137\]/);
    t.kill();
    const again = await launch(ctx, xdg, sim);
    enter(again.t, 'configure');
    await again.t.waitFor(
      /2 staged lines from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d were not committed: load them\? \[y\/N\]/,
    );
    again.t.type('y');
    await again.t.waitFor(/loaded 2 staged lines\n[\s\S]*\[candidate 2\]> ?$/m);
    enter(again.t, 'compare');
    await again.t.waitFor(/\+ interface eth1 description "rack #3"\n[\s\S]*\[candidate 2\]> ?$/m);
    expect(writes(sim, from)).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(1);
  }, 180_000);
});
