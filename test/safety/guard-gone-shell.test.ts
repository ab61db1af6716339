// The shell watches its guard (issue 37), through the shell's own wiring in-process (the
// session's journal and guard port, the real detached guard from the built binary, the router
// simulator over HTTP): a guard SIGKILLed after it had decided to revert — the decision file
// says `revert by guard PID`, the journal still `open` — is gone before its revert finished,
// and the shell finishes that revert at once; the router ends as before, the journal says
// `reverted` by the shell, once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, type TestContext } from 'vitest';
import { fileSink } from '../../src/features/changes/journal/file.js';
import { decide } from '../../src/features/changes/window-decision.js';
import { runPiped } from '../../src/run/output-pipes.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { events } from './invariant.js';

async function mtu(sim: RouterSim): Promise<string | undefined> {
  const r = await fetch(`${sim.url}/api/interface/eth1/mtu/1`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  const body = (await r.json()) as { NodeInfo: { SetValues: string[] | null } };
  return body.NodeInfo.SetValues?.[0];
}

/** Waits until `check` holds (a hang guard of 60 s). */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function shell(ctx: TestContext) {
  const sim = await startRouterSim();
  ctx.onTestFinished(() => sim.close());
  const file = join(mkdtempSync(join(tmpdir(), 'routersh-guard-gone-')), 'shell.jsonl');
  const session = await testSession(simConfig(sim.url), {
    interactive: true,
    journal: fileSink(file),
    guard: true,
  });
  ctx.onTestFinished(() => session.close());
  const notes: string[] = [];
  const io = { notify: (t: string) => notes.push(t) };
  const run = async (line: string) =>
    (await runPiped(line, { context: [] }, session.services, new AbortController().signal, io)).outcome;
  return { sim, file, run, notes, services: session.services };
}

it('a guard killed after deciding its revert: the shell finishes the revert at once', async (ctx) => {
  const { sim, file, run, notes, services } = await shell(ctx);
  const was = await mtu(sim);
  expect((await run('confirm-within 5m')).kind).toBe('text');
  const o = await run('interface eth1 mtu 9111');
  expect(o.kind === 'error' ? o.error.message : 'applied').toBe('applied');
  expect(await mtu(sim)).toBe('9111');
  const g = events(file).find((e) => e.t === 'guard');
  if (g?.t !== 'guard') throw new Error('no guard line');
  const w = services.journal!.opened()!.window()!;
  // What the guard does first at the window's end; then it is killed before it reverts.
  expect(decide(file, w.id, { kind: 'revert', by: `guard ${g.pid}` }).won).toBe(true);
  process.kill(g.pid, 'SIGKILL');
  await until(
    () => notes.some((n) => /^confirmed-change window expired: reverted 1 change/.test(n)),
    'the revert',
  );
  expect(notes).toContain(
    `the guard of window ${w.id} is gone before its revert finished: this shell reverts its changes now`,
  );
  expect(await mtu(sim)).toBe(was);
  const ends = events(file).filter((e) => e.t === 'window' && e.state !== 'open');
  expect(ends).toEqual([expect.objectContaining({ state: 'reverted', by: 'shell' })]);
  expect(events(file).filter((e) => e.t === 'undone')).toHaveLength(1);
  expect(services.windows?.tag(Date.now())).toBeUndefined();
}, 120_000);
