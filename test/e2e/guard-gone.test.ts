// The shell watches its guard (issue 37): the built binary in tmux against the router simulator
// over HTTP. The real guard of a window opened in the shell is SIGKILLed: the shell says so in
// one line, the prompt shows `[unguarded …]`, the shell itself reverts at the window's end (the
// router back to the value before, the journal says `reverted` by the shell, once), and leaving
// asks revert-now / keep (Enter reverts), never "leave it running". A guard that ends because it
// settled the window (its revert at the end, a confirm from another terminal) is not gone.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const root = mkdtempSync(join(tmpdir(), 'routersh-guard-gone-'));
let n = 0;
const PROMPT = /admin@127\.0\.0\.1> ?$/m;
const env = () => ({ ROUTERSH_PASSWORD: 'admin', XDG_STATE_HOME: join(root, `s${++n}`) });
const journalOf = (state: string) => {
  const dir = join(state, 'routersh', 'journal');
  const f = readdirSync(dir).find((x) => x.endsWith('.jsonl'));
  if (!f) throw new Error(`no journal in ${dir}`);
  return join(dir, f);
};
const events = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function mtu(sim: RouterSim, ifname: string): Promise<string | undefined> {
  const r = await fetch(`${sim.url}/api/interface/${ifname}/mtu/1`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  const body = (await r.json()) as { NodeInfo: { SetValues: string[] | null } };
  return body.NodeInfo.SetValues?.[0];
}

async function until(check: () => Promise<boolean> | boolean, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

/** A simulator and a shell on it in a terminal of the test's own, both ended with the test. */
async function shell(c: TestContext) {
  const sim = await startRouterSim();
  c.onTestFinished(() => sim.close());
  const t = new Tmux(160, 40);
  c.onTestFinished(() => t.kill());
  const e = env();
  t.start(`node ${BIN} --router ${sim.url} --user admin`, e);
  await t.waitFor(PROMPT);
  return { sim, t, e };
}

/** Opens a window of `within` in the shell and changes eth1's MTU in it; returns its journal file. */
async function openAndChange(t: Tmux, e: { XDG_STATE_HOME: string }, within: string, value: string) {
  t.type(`confirm-within ${within}`);
  t.keys('Enter');
  await t.waitFor(/the revert is done by routersh's guard/);
  t.type(`interface eth1 mtu ${value}`);
  t.keys('Enter');
  await t.waitFor(new RegExp(`MTU of eth1 set to ${value}`));
  return journalOf(e.XDG_STATE_HOME);
}

/** SIGKILLs the window's guard, as its journal names it. */
function killGuard(file: string): number {
  const g = events(file).find((x) => x.t === 'guard');
  if (!g) throw new Error(`no guard line in ${file}`);
  process.kill(Number(g['pid']), 'SIGKILL');
  return Number(g['pid']);
}

const GONE =
  /the guard of window (w\w+) is gone: this shell reverts its changes at (\d\d:\d\d:\d\d) unless you confirm/;

describe.skipIf(!hasTmux()).concurrent('the shell watches its guard', () => {
  it('SIGKILL of the guard: one line, [unguarded …], and the shell reverts at the end', async (ctx) => {
    const { expect } = ctx;
    const { sim, t, e } = await shell(ctx);
    const was = await mtu(sim, 'eth1');
    // Long enough that the guard is killed and its end seen before the deadline on a loaded machine.
    const file = await openAndChange(t, e, '30s', '9201');
    killGuard(file);
    const screen = await t.waitFor(GONE);
    // Said once; the prompt now names the window unguarded.
    expect(screen.match(new RegExp(GONE.source, 'g'))).toHaveLength(1);
    await t.waitFor(/\[unguarded \d+s\]> ?$/m);
    expect(await mtu(sim, 'eth1')).toBe('9201');
    // At the end the shell reverts (never `[confirm 0s]` past it), and the prompt loses its tag.
    await t.waitFor(/confirmed-change window expired: reverted 1 change\(s\)/);
    expect(await mtu(sim, 'eth1')).toBe(was);
    await t.waitFor(PROMPT);
    const win = events(file).filter((x) => x.t === 'window');
    expect(win.at(-1)).toMatchObject({ state: 'reverted', by: 'shell' });
    expect(events(file).filter((x) => x.t === 'undone')).toHaveLength(1);
    const decided = readdirSync(join(e.XDG_STATE_HOME, 'routersh', 'journal')).filter((f) =>
      f.endsWith('.decided'),
    );
    expect(readFileSync(join(e.XDG_STATE_HOME, 'routersh', 'journal', decided[0]!), 'utf8')).toMatch(
      /"kind":"revert","by":"shell"/,
    );
    expect(t.screen().trimEnd().split('\n').at(-1)).toMatch(/^admin@127\.0\.0\.1> ?$/);
  }, 180_000);

  it('leaving with the guard gone asks revert now or keep, never "leave it running"; Enter reverts', async (ctx) => {
    const { expect } = ctx;
    const { sim, t, e } = await shell(ctx);
    const was = await mtu(sim, 'eth1');
    const file = await openAndChange(t, e, '5m', '9202');
    killGuard(file);
    await t.waitFor(GONE);
    await t.waitFor(/\[unguarded \dm\d\ds\]> ?$/m);
    t.keys('C-d');
    const asked = await t.waitFor(
      /window open, its guard is gone and nothing reverts it after this shell: r revert now · k keep \(confirm\) \[R\/k\]/,
    );
    expect(asked).not.toMatch(/leave it running/);
    t.keys('Enter');
    await t.waitFor(/reverted 1 change\(s\)[\s\S]*\[exited 0\]/);
    expect(await mtu(sim, 'eth1')).toBe(was);
    expect(
      events(file)
        .filter((x) => x.t === 'window')
        .at(-1),
    ).toMatchObject({ state: 'reverted', by: 'shell (on exit)' });
  }, 180_000);

  it('leaving with the guard gone: k keeps the changes', async (ctx) => {
    const { expect } = ctx;
    const { sim, t, e } = await shell(ctx);
    const file = await openAndChange(t, e, '5m', '9203');
    killGuard(file);
    await t.waitFor(GONE);
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(/its guard is gone .* \[R\/k\]/);
    t.type('k');
    await t.waitFor(/confirmed: 1 change kept[\s\S]*\[exited 0\]/);
    expect(await mtu(sim, 'eth1')).toBe('9203');
  }, 180_000);

  it('a guard that ends having reverted the window at its end is not gone', async (ctx) => {
    const { expect } = ctx;
    const { sim, t, e } = await shell(ctx);
    const was = await mtu(sim, 'eth1');
    const file = await openAndChange(t, e, '15s', '9204');
    await t.waitFor(/confirmed-change window expired: reverted 1 change\(s\) \(by guard \d+\)/);
    expect(await mtu(sim, 'eth1')).toBe(was);
    // The shell's watch ended with what the journal said (its look at the guard comes first,
    // the journal after: a guard seen gone has written all it wrote); the guard has ended too.
    await until(() => !events(file).some((x) => x.t === 'guard' && alive(Number(x['pid']))));
    await t.waitFor(PROMPT);
    expect(t.screen()).not.toMatch(/is gone|unguarded/);
  }, 180_000);

  it('a guard that ends on a confirm from another terminal is not gone: the shell shows it confirmed', async (ctx) => {
    const { expect } = ctx;
    const { t, e } = await shell(ctx);
    const file = await openAndChange(t, e, '5m', '9205');
    const c = await runBin(['confirm', '--journal', file], { env: { XDG_STATE_HOME: e.XDG_STATE_HOME } });
    expect(c.code).toBe(0);
    await t.waitFor(/confirmed-change window w\w+ confirmed \(by routersh confirm\)/);
    await until(() => !events(file).some((x) => x.t === 'guard' && alive(Number(x['pid']))));
    await t.waitFor(PROMPT);
    expect(t.screen()).not.toMatch(/is gone|unguarded/);
  }, 180_000);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
