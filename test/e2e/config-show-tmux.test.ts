// `show configuration` on a terminal (issue 38, "Done when"): the shell walks the shaped router
// and prints its lines, the community the router shows in its metadata as `***`, and gives the
// prompt back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux;

beforeAll(async () => {
  sim = await startRouterSim({ variant: 'shaped' });
});
afterAll(() => sim.close());
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('show configuration in tmux', () => {
  it('prints the whole configuration of the shaped router, its secret as ***', async () => {
    term = new Tmux(160, 60);
    const t = term;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: '/tmp/routersh-e2e-state',
    });
    await t.waitFor(PROMPT);
    t.type('show configuration');
    t.keys('Enter');
    // The last line, then the prompt back below it.
    const screen = await t.waitFor((x) => {
      const last = x.lastIndexOf('system name-server 198.51.100.53');
      return last >= 0 && PROMPT.test(x.slice(last));
    });
    expect(screen).toMatch(/^interfaces ethernet eth0 description "WAN uplink"$/m);
    expect(screen).toMatch(/^nat port-forward protocol tcp port 443 to 10\.1\.0\.10 to-port 8443$/m);
    expect(screen).toMatch(
      /^snmp community \*\*\* authorization rw client 10\.1\.0\.50 client 10\.1\.0\.51$/m,
    );
    expect(screen).not.toContain('Pr1vate-c0mm');
    expect(screen).not.toContain('clear-counters');
  });
});
