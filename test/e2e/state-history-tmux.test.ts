// State only its user can touch, in the interactive shell (issue 37 §4), in tmux against the
// router simulator: a `routersh/` others can write holds a history line someone planted. The
// shell says once that the history is not kept, Up does not bring the planted line back, and a
// change typed there is refused with the one line (its journal would live there too).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux | undefined;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(async () => {
  term?.kill();
  await sim.close();
});

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('a routersh/ others can write, in the shell', () => {
  it('history neither read nor written, said once; a change refused with the one line', async () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-state-history-'));
    const dir = join(state, 'routersh');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const planted = 'interface eth0 mtu 1280';
    writeFileSync(join(dir, 'history'), `${planted}\n`);
    const t = new Tmux(250, 30);
    term = t;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: state,
    });
    const line = `unsafe state: ${dir} is writable by others (mode 0777): chmod 700 ${dir}`;
    const first = await t.waitFor(/history not kept/);
    expect(first).toContain(`warning: history not kept: ${line}`);
    await t.waitFor(PROMPT);
    t.keys('Up');
    t.type('x');
    const typed = await t.waitFor(/admin@127\.0\.0\.1> x\s*$/m);
    expect(typed).not.toContain(planted);
    t.keys('C-u');
    t.type('interface eth0 mtu 1400');
    t.keys('Enter');
    const refused = await t.waitFor(/% unsafe state: .*chmod 700/);
    expect(refused).toContain(`% ${line}`);
    expect(sim.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(readFileSync(join(dir, 'history'), 'utf8')).toBe(`${planted}\n`);
  });
});
