// A confirmed-change window outlives the shell (issue 17 §1), against the router simulator over
// HTTP and the built binary: the window's guard (a detached routersh) reverts at its end whether
// the shell was killed (SIGKILL), left (exit → "leave it running"), or was a script; a confirm
// from another terminal keeps the changes; a router answering 503 is retried until it takes the
// revert; exactly one process reverts (the decision file names it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runPiped } from '../../src/run/output-pipes.js';
import { runBin } from '../helpers/run-bin.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

// Each test waits seconds for a window's end: they run concurrently, each with a simulator and a
// terminal of its own (they change the same interface, and one answers 503 on purpose).
const root = mkdtempSync(join(tmpdir(), 'routersh-guard-'));
let n = 0;

/** A simulator of the test's own, closed when the test ends. */
async function routerSim(c: TestContext): Promise<RouterSim> {
  const sim = await startRouterSim();
  c.onTestFinished(() => sim.close());
  return sim;
}

const PROMPT = /admin@127\.0\.0\.1(?: \[confirm \d+m?\d*s\])?> ?$/m;
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

/**
 * Ends the window of journal `file` now, as its end would: its guard, once waiting, gets SIGTERM
 * and settles it at once (docs/safe-changes.md). The windows here are 30 minutes, never waited
 * out (the built binary takes no clock; the end on the guard's clock: test/safety/window-faults).
 */
async function endWindow(file: string): Promise<void> {
  const guard = events(file).find((x) => x.t === 'guard');
  if (!guard) throw new Error('no guard journaled');
  const log = `${file}.${String(guard.window)}.guard.log`;
  await until(() => existsSync(log) && readFileSync(log, 'utf8').includes('guarding window'));
  process.kill(Number(guard.pid), 'SIGTERM');
}

/** A terminal of the test's own, killed when the test ends. */
function terminal(c: TestContext): Tmux {
  const t = new Tmux(160, 40);
  c.onTestFinished(() => t.kill());
  return t;
}

function shell(c: TestContext, sim: RouterSim, e: Record<string, string>): Tmux {
  const t = terminal(c);
  t.start(`node ${BIN} --router ${sim.url} --user admin`, e);
  return t;
}

/** The routersh process in the tmux pane (a child of the pane's shell). */
function routershPid(t: Tmux): number {
  const pane = execFileSync('tmux', ['-L', t.socket, 'display', '-p', '-t', 'app', '#{pane_pid}'], {
    encoding: 'utf8',
  }).trim();
  return Number(execFileSync('pgrep', ['-P', pane, 'node'], { encoding: 'utf8' }).trim().split('\n')[0]);
}

describe.skipIf(!hasTmux()).concurrent('a confirmed-change window outlives the shell', () => {
  it('SIGKILL of the shell inside a window: its guard reverts at the end, and only it', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const was = await mtu(sim, 'eth1');
    const e = env();
    const t = shell(ctx, sim, e);
    await t.waitFor(PROMPT);
    t.type('confirm-within 30m');
    t.keys('Enter');
    await t.waitFor(/reverted at .* unless you type confirm; the revert is done by routersh's guard/);
    t.type('interface eth1 mtu 9101');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9101/);
    process.kill(routershPid(t), 'SIGKILL');
    await t.waitFor(/\[exited 137\]/);
    expect(await mtu(sim, 'eth1')).toBe('9101');
    const file = journalOf(e.XDG_STATE_HOME);
    await endWindow(file);
    await until(async () => (await mtu(sim, 'eth1')) === was);
    // The guard journals the window's end once its revert has been answered: a moment after the
    // router shows it.
    const lastWindow = () =>
      events(file)
        .filter((x) => x.t === 'window')
        .at(-1);
    await until(() => lastWindow()?.['state'] !== 'open');
    const win = events(file).filter((x) => x.t === 'window');
    expect(win.at(-1)).toMatchObject({ state: 'reverted', by: expect.stringMatching(/^guard \d+$/) });
    const decided = readdirSync(join(e.XDG_STATE_HOME, 'routersh', 'journal')).filter((f) =>
      f.endsWith('.decided'),
    );
    expect(decided).toHaveLength(1);
    // One revert: one undo record, one undone.
    expect(events(file).filter((x) => x.t === 'undone')).toHaveLength(1);
  }, 180_000);

  it('exit with a window open asks; "leave it running" leaves it to the guard, which reverts at the end', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const was = await mtu(sim, 'eth1');
    const e = env();
    const t = shell(ctx, sim, e);
    await t.waitFor(PROMPT);
    // The countdown shows in the live prompt also when the window opens well after the prompt
    // was first drawn (it did not, when the journal opened after the first frame).
    await new Promise((r) => setTimeout(r, 1500));
    t.type('confirm-within 30m');
    t.keys('Enter');
    await t.waitFor(/\[confirm \d+m\d+s\]> ?$/m);
    t.type('interface eth1 mtu 9102');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9102/);
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(
      /window open: r revert now · k keep \(confirm\) · l leave it running until .* \[r\/k\/L\]/,
    );
    t.type('l');
    await t.waitFor(/stays open until .* routersh confirm --journal .*\n?[\s\S]*\[exited 0\]/);
    expect(await mtu(sim, 'eth1')).toBe('9102');
    await endWindow(journalOf(e.XDG_STATE_HOME));
    await until(async () => (await mtu(sim, 'eth1')) === was);
  }, 180_000);

  it('exit with a window open: "k" keeps the changes, "r" reverts them before the shell ends', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const e = env();
    let t = shell(ctx, sim, e);
    await t.waitFor(PROMPT);
    // A window far longer than the steps below: beside stress-ng the prompt's first look may
    // come seconds into it, and the window must not end before `k` or `r`.
    t.type('confirm-within 10m');
    t.keys('Enter');
    await t.waitFor(/\[confirm (10m00s|9m\d\ds)\]/);
    t.type('interface eth1 mtu 9103');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9103/);
    t.keys('C-d');
    await t.waitFor(/\[r\/k\/L\]/);
    t.type('k');
    await t.waitFor(/confirmed: 1 change kept[\s\S]*\[exited 0\]/);
    expect(await mtu(sim, 'eth1')).toBe('9103');
    t.kill();

    t = shell(ctx, sim, env());
    await t.waitFor(PROMPT);
    // A window far longer than the steps below: beside stress-ng the prompt's first look may
    // come seconds into it, and the window must not end before `k` or `r`.
    t.type('confirm-within 10m');
    t.keys('Enter');
    await t.waitFor(/\[confirm (10m00s|9m\d\ds)\]/);
    t.type('interface eth1 mtu 9104');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9104/);
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(/\[r\/k\/L\]/);
    t.type('r');
    await t.waitFor(/reverted 1 change\(s\)[\s\S]*\[exited 0\]/);
    expect(await mtu(sim, 'eth1')).toBe('9103');
  }, 180_000);
});

describe.skipIf(!hasTmux()).concurrent('with --demo the router lives in the shell', () => {
  it('no guard: leaving asks only revert or keep, and Enter reverts', async (ctx) => {
    const t = terminal(ctx);
    t.start(`node ${BIN} --demo`, { XDG_STATE_HOME: join(root, 'demo') });
    await t.waitFor(PROMPT);
    t.type('confirm-within 1m');
    t.keys('Enter');
    await t.waitFor(/the revert is done by this shell \(keep it open\)/);
    t.type('interface eth1 mtu 9001');
    t.keys('Enter');
    await t.waitFor(/MTU of eth1 set to 9001/);
    t.keys('C-d');
    await t.waitFor(/nothing reverts it after this shell: r revert now · k keep \(confirm\) \[R\/k\]/);
    t.keys('Enter');
    await t.waitFor(/reverted 1 change\(s\)[\s\S]*\[exited 0\]/);
  }, 120_000);

  it('a --demo script cannot open a window: nothing would revert it', async (ctx) => {
    const { expect } = ctx;
    const r = await runBin(['--demo', '-c', 'confirm-within 1m'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /need a guard process, and none could start \(with --demo the router ends with the run\)/,
    );
  });
});

describe.concurrent('confirmed changes in a script', () => {
  it('a script that opens a window ends, says how to confirm; the guard reverts at the end', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const was = await mtu(sim, 'eth1');
    const e = env();
    // 30 minutes, ended by the test (endWindow).
    const r = await runBin(
      ['--router', sim.url, '--user', 'admin', '-c', 'confirm-within 30m', '-c', 'interface eth1 mtu 9105'],
      { env: e },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^note: confirmed-change window \S+ stays open until .*: its changes are reverted then unless confirmed — keep them: routersh confirm --journal \S+; revert now: routersh undo --journal \S+\n$/,
    );
    expect(await mtu(sim, 'eth1')).toBe('9105');
    const file = journalOf(e.XDG_STATE_HOME);
    await endWindow(file);
    await until(async () => (await mtu(sim, 'eth1')) === was);
    await until(
      () =>
        events(file)
          .filter((x) => x.t === 'window')
          .at(-1)?.state === 'reverted',
    );
  }, 180_000);

  it('routersh confirm --journal FILE from another terminal keeps them; the guard ends without a revert', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const e = env();
    const r = await runBin(
      // Never waited out: the confirm ends it (6 s was too short for two runs on a loaded machine).
      ['--router', sim.url, '--user', 'admin', '-c', 'confirm-within 60s', '-c', 'interface eth1 mtu 9106'],
      { env: e },
    );
    expect(r.code).toBe(0);
    const file = journalOf(e.XDG_STATE_HOME);
    // The guard runs on its own; its credentials came through a pipe: not in argv nor its environment.
    const pid = execFileSync('pgrep', ['-f', `__guard --journal ${file}`], { encoding: 'utf8' }).trim();
    // Its spawner journaled it (pid and start): any process can tell whether it lives.
    expect(events(file).find((x) => x.t === 'guard')).toMatchObject({
      pid: Number(pid),
      pidStart: expect.any(String),
    });
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    expect(cmdline).not.toMatch(/admin/);
    expect(environ).not.toMatch(/ROUTERSH_PASSWORD|admin/);
    // `routersh undo --journal` alone lists the journals with a window open.
    const listed = await runBin(['undo', '--journal'], { env: { XDG_STATE_HOME: e.XDG_STATE_HOME } });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(file);
    expect(listed.stdout).toMatch(/window \S+ until \d\d:\d\d:\d\d {2}1 change\(s\)/);
    expect(await mtu(sim, 'eth1')).toBe('9106');
    const c = await runBin(['confirm', '--journal', file], { env: { XDG_STATE_HOME: e.XDG_STATE_HOME } });
    expect(c.stderr).toBe('');
    expect(c.stdout).toMatch(/^confirmed: 1 change of window \S+ kept\n$/);
    const logFile = () =>
      readdirSync(join(e.XDG_STATE_HOME, 'routersh', 'journal'))
        .filter((f) => f.endsWith('.guard.log'))
        .map((f) => join(e.XDG_STATE_HOME, 'routersh', 'journal', f))[0]!;
    await until(() => readFileSync(logFile(), 'utf8').includes('the guard ends'));
    expect(await mtu(sim, 'eth1')).toBe('9106');
    const log = readFileSync(
      readdirSync(join(e.XDG_STATE_HOME, 'routersh', 'journal'))
        .filter((f) => f.endsWith('.guard.log'))
        .map((f) => join(e.XDG_STATE_HOME, 'routersh', 'journal', f))[0]!,
      'utf8',
    );
    expect(log).toMatch(/settled by routersh confirm: confirmed; the guard ends/);
    // Too late now: a second confirm says it was confirmed already; undo says so too.
    const again = await runBin(['confirm', '--journal', file], { env: { XDG_STATE_HOME: e.XDG_STATE_HOME } });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/no confirmed-change window is open/);
  }, 120_000);

  it('a router answering 503 at the end: the guard retries (each failure journaled) until it takes the revert', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const was = await mtu(sim, 'eth1');
    const e = env();
    // A 30-minute window opened through the session's own wiring with a clock the test moves
    // (session/clock.ts; its guard, the built binary, gets it): it ends once the faults are set,
    // never while the opening still runs on a loaded machine.
    const offsetFile = join(e.XDG_STATE_HOME, 'clock-offset');
    mkdirSync(e.XDG_STATE_HOME, { recursive: true });
    writeFileSync(offsetFile, '0\n');
    const session = await testSession(simConfig(sim.url), {
      env: { ...process.env, ...e },
      journal: 'file',
      guard: true,
      yes: true,
      clock: { offsetFile },
    });
    try {
      for (const line of ['confirm-within 30m', 'interface eth1 mtu 9107']) {
        const { outcome } = await runPiped(
          line,
          { context: [] },
          session.services,
          new AbortController().signal,
        );
        expect(outcome.kind, line).not.toBe('error');
      }
    } finally {
      await session.close();
    }
    const file = journalOf(e.XDG_STATE_HOME);
    await until(() => {
      const w = events(file).find((x) => x.t === 'window');
      const log = w && `${file}.${String(w.window)}.guard.log`;
      return log !== undefined && existsSync(log) && readFileSync(log, 'utf8').includes('guarding window');
    });
    // The next three requests — the guard's, at the window's end — answer 503.
    sim.faults.set({ status: { code: 503, count: 3 } });
    writeFileSync(offsetFile, `${3_600_000}\n`);
    const last = () =>
      events(file)
        .filter((x) => x.t === 'window')
        .at(-1);
    await until(() => last()?.state === 'reverted', 30_000);
    expect(await mtu(sim, 'eth1')).toBe(was);
    const notes = events(file).filter((x) => x.t === 'window' && typeof x.note === 'string');
    expect(notes.length).toBeGreaterThan(0);
    expect(String(notes[0]!.note)).toMatch(/failed \(attempt 1\).*retrying/);
    expect(
      events(file)
        .filter((x) => x.t === 'window')
        .at(-1),
    ).toMatchObject({ state: 'reverted' });
  }, 180_000);
});
