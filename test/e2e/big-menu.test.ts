// Completion over 65,536 values in a real terminal: the built binary against the hostile router
// whose `interface` lists 65,536 SetValues. Tab Tab lists a window-high page ("… of 65537": the values and
// the <ifname> placeholder), PgDn pages, typing narrows the open menu. (Needs `npm run build`.)
import { afterEach, describe, expect, it } from 'vitest';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const N = 65_536;
let router: HostileRouter | undefined;
let term: Tmux | undefined;
afterEach(async () => {
  term?.kill();
  term = undefined;
  await router?.close();
  router = undefined;
});

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('a menu over 65,536 values in tmux', () => {
  it('Tab Tab lists a page, PgDn pages, typing narrows', async () => {
    router = await startHostileRouter({ listEntries: N });
    term = new Tmux(120, 40);
    term.start(`node ${BIN} --router ${router.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: '/tmp/routersh-e2e-state',
    });
    const t = term;
    await t.waitFor(PROMPT);
    t.type('interface ');
    // The first Tab fetches the list and puts the values' common prefix `if` in the line; the
    // second lists them (keys typed while a Tab waits are held: ShellApp.test, prompt-keys).
    t.keys('Tab');
    await t.waitFor(/interface if\s*$/m);
    t.keys('Tab');
    // A 40-row window: 36 rows of values and the more line under the prompt and its hint.
    let s = await t.waitFor(/…65501 more · 1–36 of 65537/);
    expect(s).toMatch(/if00000\s+\*/);
    expect(s).toMatch(/if00035/);
    expect(s).not.toMatch(/if00036/);

    t.keys('PgDn');
    s = await t.waitFor(/> if00035/);
    t.keys('PgDn');
    s = await t.waitFor(/…65465 more · 36 above · 37–72 of 65537/);
    expect(s).toMatch(/> if00071/);

    // Typing in the word keeps the menu open, narrowed to what still matches.
    t.type('6553');
    s = await t.waitFor(/interface if6553\s*\n(?:.*\n)*\s+if65530\s+\*/);
    expect(s).toMatch(/if65535/);
    expect(s).not.toMatch(/if00000|of 65537/);
    t.type('4');
    s = await t.waitFor((x) => /if65534/.test(x) && !/if65535/.test(x));
    // Tab in the open menu selects, Enter takes the selection.
    t.keys('Tab');
    await t.waitFor(/> if65534/);
    t.keys('Enter');
    await t.waitFor((x) => /interface if65534\s*$/m.test(x) && !/placeholder|> if65534/.test(x));
  }, 180_000);
});
