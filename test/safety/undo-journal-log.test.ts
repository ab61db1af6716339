// `routersh undo --journal FILE` settling a window before its end is journaled as what it was
// (issue 37 item 7): the undone changes say `window … reverted by routersh undo --journal`, not
// `window … expired` — which it was not, ten minutes before the window's end.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { type FaultRouter, startFaultRouter } from './fault-router.js';
import { alive, guardPid, until } from './guard-proc.js';
import { events, journalFile, LINES } from './invariant.js';

const routers: FaultRouter[] = [];
afterAll(() => Promise.all(routers.map((r) => r.close())));

it('undo --journal inside a window: its changes are undone by routersh undo --journal, not by an expiry', async () => {
  const router = await startFaultRouter();
  routers.push(router);
  const env = adminEnv(router.url);
  const script = join(env.XDG_STATE_HOME, 'w.routersh');
  writeFileSync(script, `confirm-within 15m\n${LINES[0]}\n`);
  expect((await runCommand(['-f', script, '--yes'], env)).code).toBe(0);
  const file = journalFile(env.XDG_STATE_HOME);
  const id = fold(events(file)).windows.at(-1)!.id;
  const undo = await runCommand(['undo', '--journal', file, '--yes'], env);
  expect(undo.code, undo.err).toBe(0);
  const why = `window ${id} reverted by routersh undo --journal`;
  expect(fold(events(file)).changes[0]?.undoneBy).toBe(why);
  const listed = await runCommand(['-c', 'changes all'], { ...env, COLUMNS: '400' });
  expect(listed.out).toContain(`undone (${why})`);
  expect(listed.out).not.toMatch(/expired/);
  // Its guard saw the decision and ended.
  const pid = guardPid(file);
  if (pid !== undefined) await until(() => !alive(pid), 'the guard ending');
}, 60_000);
