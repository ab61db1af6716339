// THE secret rule in the interactive shell (issue 37, item 7), in tmux against the router
// simulator: the echoed line masks a password but not `key net`, `key net-port` or
// `token-expiration 600` (a fixed choice, a number of seconds), and the history file holds
// exactly what the `history` screen shows — lines typed faster than their metadata arrives
// (the simulator answers 300 ms late) included.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux | undefined;
const state = mkdtempSync(join(tmpdir(), 'routersh-secret-history-'));
const SECRET = 'Op3ratorPW9';

beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(async () => {
  term?.kill();
  await sim.close();
});

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('secrets in the shell: the echo, the history file and screen', () => {
  it('masks the password only, and the file equals the screen', async () => {
    const t = new Tmux(120, 40);
    term = t;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: state,
    });
    await t.waitFor(PROMPT);
    // Every answer comes late: Enter is pressed long before the line's metadata is in.
    sim.faults.set({ latencyMs: 300 });
    const steps: Array<[string, RegExp]> = [
      ['ipv4 firewall match-list lab key net', /Match-list lab created/],
      ['system user operator token-expiration 600', /Token expiration of operator set to 600/],
      ['ipv4 firewall match-list lab2 key net-port', /Match-list lab2 created/],
      [`system user operator password ${SECRET}`, /Password of operator changed/],
    ];
    for (const [line, done] of steps) {
      t.type(line);
      t.keys('Enter');
      await t.waitFor(done);
    }
    t.type('history');
    t.keys('Enter');
    const screen = await t.waitFor(/^\s+5\s+history$/m);
    expect(screen).not.toContain(SECRET);
    const echoed = screen.split('\n').filter((l) => l.startsWith('admin@127.0.0.1> '));
    expect(echoed.slice(0, 4).map((l) => l.slice('admin@127.0.0.1> '.length).trimEnd())).toEqual([
      'ipv4 firewall match-list lab key net',
      'system user operator token-expiration 600',
      'ipv4 firewall match-list lab2 key net-port',
      `system user operator password ${'*'.repeat(SECRET.length)}`,
    ]);
    const shown = screen
      .split('\n')
      .map((l) => /^\s+\d+\s{2}(.*)$/.exec(l)?.[1]?.trimEnd())
      .filter((l) => l !== undefined);
    expect(shown).toEqual([
      'ipv4 firewall match-list lab key net',
      'system user operator token-expiration 600',
      'ipv4 firewall match-list lab2 key net-port',
      'system user operator password ***',
      'history',
    ]);
    sim.faults.clear();
    t.keys('C-d');
    await t.waitFor(/\[exited/);
    const file = readFileSync(join(state, 'routersh', 'history'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(file).toEqual(shown);
  }, 180_000);
});
