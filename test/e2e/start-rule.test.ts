// What a start finds (issue 37): a confirmed-change window whose guard was SIGKILLed while no
// shell was open is reverted by nobody — until routersh starts again. Against the router
// simulator over HTTP and the built binary: a script (`-c show …`) says so in one line on
// stderr with the command that settles it, its exit status its own; the shell on a terminal
// (tmux) asks and reverts; `changes all` shows the window unguarded, then reverted; a window left
// unsettled is said and finished the same way. On old main every start was silent and the
// change stayed.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { alive, until, waitingGuard } from '../safety/guard-proc.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const root = mkdtempSync(join(tmpdir(), 'routersh-startrule-'));
let n = 0;

async function routerSim(c: TestContext): Promise<RouterSim> {
  const sim = await startRouterSim();
  c.onTestFinished(() => sim.close());
  return sim;
}

const env = () => ({ ROUTERSH_PASSWORD: 'admin', XDG_STATE_HOME: join(root, `s${++n}`), COLUMNS: '250' });
const journalOf = (state: string) => {
  const dir = join(state, 'routersh', 'journal');
  const f = readdirSync(dir).find((x) => x.endsWith('.jsonl'));
  if (!f) throw new Error(`no journal in ${dir}`);
  return join(dir, f);
};
const indexOf = (state: string) => {
  try {
    return readdirSync(join(state, 'routersh', 'windows')).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
};
const lastWindowState = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { t: string; state?: string })
    .filter((e) => e.t === 'window')
    .at(-1)?.state;

async function mtu(sim: RouterSim, ifname: string): Promise<string | undefined> {
  const r = await fetch(`${sim.url}/api/interface/${ifname}/mtu/1`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  const body = (await r.json()) as { NodeInfo: { SetValues: string[] | null } };
  return body.NodeInfo.SetValues?.[0];
}

/**
 * A script opens a window of 10 minutes (never waited out) holding one change, and ends; then its
 * guard is SIGKILLed: nobody is left to revert it. Returns the journal.
 */
async function windowWithoutGuard(
  c: TestContext,
  sim: RouterSim,
  e: ReturnType<typeof env>,
  value: string,
): Promise<string> {
  const r = await runBin(
    ['--router', sim.url, '--user', 'admin', '-c', 'confirm-within 10m', '-c', `interface eth1 mtu ${value}`],
    { env: e },
  );
  c.expect(r.code, r.stderr).toBe(0);
  const file = journalOf(e.XDG_STATE_HOME);
  const pid = await waitingGuard(file);
  process.kill(pid, 'SIGKILL');
  await until(() => !alive(pid), 'the guard gone');
  c.expect(await mtu(sim, 'eth1')).toBe(value);
  return file;
}

const base = (sim: RouterSim) => ['--router', sim.url, '--user', 'admin'];

describe.concurrent('what a start finds', () => {
  it('a script says it in one line with the command that settles it, its exit status its own; changes all shows unguarded, then reverted', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const e = env();
    const before = await mtu(sim, 'eth1');
    const file = await windowWithoutGuard(ctx, sim, e, '9201');
    expect(indexOf(e.XDG_STATE_HOME)).toHaveLength(1);
    const show = await runBin([...base(sim), '-c', 'show interface eth1'], { env: e });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stderr).toMatch(
      new RegExp(
        `^routersh: window \\S+ of ${file} \\(1 change to ${sim.url}\\) has no guard: its guard process is gone; revert it: routersh undo --journal ${file}\\n$`,
      ),
    );
    // A failing script keeps its own status (3: the router refused the line).
    const bad = await runBin([...base(sim), '-c', 'show interface nosuch9'], { env: e });
    const alone = await runBin([...base(sim), '-c', 'show interface nosuch9'], {
      env: { ...e, XDG_STATE_HOME: join(root, `s${++n}`) },
    });
    expect(bad.code).toBe(alone.code);
    expect(bad.stderr).toContain('has no guard');
    const listed = await runBin([...base(sim), '-c', 'changes all'], { env: e });
    expect(listed.stdout).toMatch(/interface eth1 mtu 9201 .* done, window unguarded\n/);
    // The one command it names settles it.
    const undo = await runBin(['undo', '--journal', file, '--yes', ...base(sim)], { env: e });
    expect(undo.stderr).toBe('');
    expect(undo.stdout).toMatch(/reverted 1 change\(s\)/);
    expect(await mtu(sim, 'eth1')).toBe(before);
    expect(lastWindowState(file)).toBe('reverted');
    expect(indexOf(e.XDG_STATE_HOME)).toEqual([]);
    const after = await runBin([...base(sim), '-c', 'changes all'], { env: e });
    expect(after.stderr).toBe('');
    expect(after.stdout).toMatch(/interface eth1 mtu 9201 .* undone \(.*\), window reverted\n/);
  }, 180_000);

  it('a window left unsettled is said so, and undo --journal finishes it', async (ctx) => {
    const { expect } = ctx;
    const sim = await routerSim(ctx);
    const e = env();
    const before = await mtu(sim, 'eth1');
    const file = await windowWithoutGuard(ctx, sim, e, '9202');
    // What a guard writes when a signal cut its one revert attempt short.
    const w = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { t: string; window?: string; deadline?: number })
      .find((x) => x.t === 'window')!;
    appendFileSync(
      file,
      `${JSON.stringify({ t: 'window', window: w.window, state: 'unsettled', deadline: w.deadline, at: Date.now(), by: 'guard 1', note: 'SIGTERM' })}\n`,
    );
    const show = await runBin([...base(sim), '-c', 'show interface eth1'], { env: e });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stderr).toMatch(
      /^routersh: window \S+ of \S+ \(1 change to \S+\) was left unsettled: its revert did not finish; revert it: routersh undo --journal \S+\n$/,
    );
    const listed = await runBin([...base(sim), '-c', 'changes all'], { env: e });
    expect(listed.stdout).toMatch(/interface eth1 mtu 9202 .* done, window unsettled\n/);
    const undo = await runBin(['undo', '--journal', file, '--yes', ...base(sim)], { env: e });
    expect(undo.stderr).toBe('');
    expect(undo.stdout).toMatch(/reverted 1 change\(s\)/);
    expect(await mtu(sim, 'eth1')).toBe(before);
    expect(lastWindowState(file)).toBe('reverted');
    expect(indexOf(e.XDG_STATE_HOME)).toEqual([]);
    const again = await runBin([...base(sim), '-c', 'show interface eth1'], { env: e });
    expect(again.stderr).toBe('');
  }, 180_000);

  it.skipIf(!hasTmux())(
    'the shell on a terminal asks, and yes reverts before its prompt',
    async (ctx) => {
      const { expect } = ctx;
      const sim = await routerSim(ctx);
      const e = env();
      const before = await mtu(sim, 'eth1');
      const file = await windowWithoutGuard(ctx, sim, e, '9203');
      const t = new Tmux(200, 40);
      ctx.onTestFinished(() => t.kill());
      t.start(`node ${BIN} --router ${sim.url} --user admin`, e);
      // One long line, wrapped by the terminal.
      const joined = (s: string) => s.replace(/\n/g, '');
      await t.waitFor((s) =>
        joined(s).includes('has no guard: its guard process is gone: revert it now? [Y/n]'),
      );
      expect(joined(t.screen())).toContain(file);
      t.keys('Enter');
      await t.waitFor(/reverted 1 change\(s\)/);
      await t.waitFor(/admin@127\.0\.0\.1> ?$/m);
      expect(await mtu(sim, 'eth1')).toBe(before);
      expect(lastWindowState(file)).toBe('reverted');
      expect(indexOf(e.XDG_STATE_HOME)).toEqual([]);
    },
    180_000,
  );
});
