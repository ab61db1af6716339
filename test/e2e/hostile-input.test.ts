// Input the built binary must refuse or protect (issue 8 §3): dot segments, unclosed quotes
// and a recalled `***` are refused with nothing sent; an abbreviated secret never reaches the
// history file or a metadata GET. Servers record every request as it arrived.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let router: HostileRouter;
let sim: RouterSim;
let term: Tmux | undefined;
const STATE = `/tmp/routersh-e2e-hostile-input-${process.pid}`;
const HISTORY = join(STATE, 'routersh', 'history');

beforeAll(async () => {
  router = await startHostileRouter();
  sim = await startRouterSim();
});
afterAll(async () => {
  await router.close();
  await sim.close();
  await rm(STATE, { recursive: true, force: true });
});
afterEach(() => term?.kill());

const run = (line: string) =>
  runBin(['--router', router.url, '--user', 'admin', '-c', line], { env: { ROUTERSH_PASSWORD: 'admin' } });

describe('batch against the hostile router', () => {
  it.each([
    ['no interface ..', /^% '\.\.' cannot be a path word \(a server would read it as "the parent"\)/],
    ['interface .', /^% '\.' cannot be a path word/],
    ["interface eth0 description it's", /^% unbalanced ' \(close it, or escape it as \\'\)/],
    ['interface eth0 passw ***', /^% '\*\*\*' is a redacted secret from history: type the value/],
  ])('%s: exit 1, one line, nothing sent', async (line, message) => {
    router.requests.length = 0;
    const r = await run(line);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(router.requests.filter((q) => q.method !== 'GET')).toEqual([]);
    expect(router.requests.filter((q) => /\/\.\.?(?:$|\?)/.test(q.url))).toEqual([]);
  });
});

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('shell in tmux against the simulator', () => {
  it('an abbreviated password: *** in the history file, never in a GET; a recalled *** is refused', async () => {
    await mkdir(join(STATE, 'routersh'), { recursive: true });
    await writeFile(HISTORY, 'system user operator password ***\n', { mode: 0o600 });
    term = new Tmux(120, 30);
    term.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: STATE,
    });
    const t = term;
    await t.waitFor(PROMPT);
    const sent = () => sim.requests.filter((q) => q.method !== 'GET');

    // Up recalls what an earlier session stored; Enter must not set the password to ***.
    t.keys('Up');
    await t.waitFor(/> system user operator password \*\*\*/);
    t.keys('Enter');
    await t.waitFor(/% '\*\*\*' is a redacted secret from history: type the value/);
    expect(sent()).toEqual([]);

    // Typed key by key with pauses, so every background lookup and prefetch has its chance.
    for (const word of ['system ', 'user ', 'operator ', 'pa ', 'hunter4 ']) {
      t.type(word);
      await new Promise((r) => setTimeout(r, 150));
    }
    t.keys('Enter');
    await t.waitFor(() => sent().some((q) => q.url.includes('hunter4')));
    await t.waitFor(/Password of operator changed/);
    const stored = async () => readFile(HISTORY, 'utf8').catch(() => '');
    for (let i = 0; i < 100 && !(await stored()).includes(' pa '); i++)
      await new Promise((r) => setTimeout(r, 50));

    expect(sim.requests.filter((q) => q.method === 'GET' && q.url.includes('hunter4'))).toEqual([]);
    expect(await stored()).toContain('system user operator pa ***');
    expect(await stored()).not.toContain('hunter4');
  });
});
