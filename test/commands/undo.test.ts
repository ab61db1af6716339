// `routersh undo --journal FILE [N | ID]` on any session's journal (here a script's), through the
// product's entry (commands/index.ts): the last N changes, or one named, reverted and recorded.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runCommand } from '../helpers/command-io.js';

let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

const mtu = async (env: NodeJS.ProcessEnv, name: string) =>
  (await runCommand(['--json', '-c', `describe interface ${name} mtu`], env)).out;

async function scriptJournal(lines: string[]) {
  const state = mkdtempSync(join(tmpdir(), 'routersh-undo-'));
  const env = {
    ROUTERSH_ROUTER: sim.url,
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: state,
  };
  const r = await runCommand(
    lines.flatMap((l) => ['-c', l]),
    env,
  );
  expect(r.err).toBe('');
  const dir = join(state, 'routersh', 'journal');
  const [file] = readdirSync(dir);
  return { env, file: join(dir, file!) };
}

describe('routersh undo --journal FILE', () => {
  it('N: the last N changes of the journal, newest first; the file records it', async () => {
    const { env, file } = await scriptJournal([
      'interface eth1 mtu 9001',
      'interface eth1 mtu 9002',
      'interface eth1 mtu 9003',
    ]);
    expect(await mtu(env, 'eth1')).toMatch(/9003/);
    const r = await runCommand(['undo', '--journal', file, '2', '--yes'], env);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/undone #3 interface eth1 mtu 9003\nundone #2 interface eth1 mtu 9002/);
    expect(await mtu(env, 'eth1')).toMatch(/9001/);
    expect(readFileSync(file, 'utf8')).toMatch(/"undone"/);
    // Without --yes and no terminal: refused, nothing sent.
    const n = sim.requests.length;
    const ask = await runCommand(['undo', '--journal', file], env);
    expect(ask.code).toBe(1);
    expect(ask.err).toMatch(/needs --yes/);
    expect(sim.requests.slice(n).filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('the main flags before the name, as git takes them: `routersh --yes --timeout 5 undo --journal FILE`', async () => {
    const { env, file } = await scriptJournal(['interface eth1 mtu 9011']);
    const r = await runCommand(['--yes', '--timeout', '5', 'undo', '--journal', file], env);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/undone #1 interface eth1 mtu 9011/);
    // A flag the command does not take is said as its own, not as the command's first word.
    const confirm = await runCommand(['--yes', 'confirm', '--journal', file], env);
    expect(confirm.err).toMatch(/^% Unknown option '--yes' \(routersh confirm --journal FILE\)/);
    // A flag's value named like a command stays that value: `-c undo` is the line `undo`.
    const line = await runCommand(['-c', 'undo', '--yes'], env);
    expect(line.err).toMatch(/nothing to undo/);
  });

  it('ID: that change only', async () => {
    const { env, file } = await scriptJournal([
      'interface eth0 mtu 9101',
      'interface eth0 description undo-me',
    ]);
    const id = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!).session as string;
    const r = await runCommand(['undo', '--journal', file, `${id}.1`, '--yes'], env);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/undone #1 interface eth0 mtu 9101/);
    expect(await mtu(env, 'eth0')).not.toMatch(/9101/);
  });

  it('a bad N or two of them: usage errors, exit 2', async () => {
    const { env, file } = await scriptJournal(['interface lo mtu 9201']);
    expect((await runCommand(['undo', '--journal', file, '1', '2'], env)).code).toBe(2);
    expect((await runCommand(['undo'], env)).code).toBe(2);
  });
});
