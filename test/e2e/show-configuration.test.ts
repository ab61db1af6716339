// `show configuration` in the built binary's shell (tmux): completion offers it, it prints the
// lines, shows its progress once a read has held it for a second, and Ctrl-C cancels the walk
// (the read under way is given up, the prompt comes back).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type Front, startFront } from '../features/config/front.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let front: Front;
let term: Tmux | undefined;
beforeAll(async () => {
  sim = await startRouterSim();
  front = await startFront(sim.url);
});
afterAll(async () => {
  await front.close();
  await sim.close();
});
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('show configuration in the shell', () => {
  it('completes, prints, shows progress, and Ctrl-C cancels it', async () => {
    term = new Tmux(120, 40);
    const t = term;
    t.start(`node ${BIN} --router ${front.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-showconf-')),
    });
    await t.waitFor(PROMPT);
    t.type('show conf');
    t.keys('Tab');
    await t.waitFor(/> show configuration\s*\n\[WORD…\] \[members\] \[--json\]/);
    t.type('interface eth1');
    t.keys('Enter');
    await t.waitFor(/^interface eth1 ip address 192\.168\.1\.1\/24$/m);
    await t.waitFor(PROMPT);

    // A read held at the router: the progress line comes after a second, then Ctrl-C.
    let release = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    front.rules.set('/api/system/user', { hold, reached: () => {} });
    try {
      t.keys('C-l');
      t.type('show configuration');
      t.keys('Enter');
      await t.waitFor(/walked \d+ nodes, \d+ lines/);
      t.keys('C-c');
      await t.waitFor(PROMPT);
      await t.waitFor(() => front.abandoned.includes('/api/system/user'));
      expect(t.screen()).not.toMatch(/^hostname router$/m);
    } finally {
      release();
      front.rules.delete('/api/system/user');
    }
  });
});
