// Ctrl-Z and `fg` in a real terminal, under bash's job control: the shell stops like readline
// does, and comes back in raw mode (Tab completes) after our own stop and after one from
// outside (kill -TSTP). (Needs `npm run build`: npm test builds first.)
import { afterEach, describe, expect, it } from 'vitest';
import { descendant, RawTmux } from '../helpers/tmux-raw.js';
import { BIN, hasTmux } from './tmux.js';

let term: RawTmux | undefined;
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1>\s*$/m;

async function shellUnderBash(): Promise<RawTmux> {
  const t = new RawTmux(120, 30);
  term = t;
  t.start('bash --norc --noprofile', {
    PS1: 'bash$ ',
    XDG_STATE_HOME: '/tmp/routersh-e2e-suspend-state',
    XDG_CONFIG_HOME: '/tmp/routersh-e2e-suspend-config',
  });
  await t.waitFor(/^bash\$/m);
  t.type(`node ${BIN} --demo`);
  t.keys('Enter');
  await t.waitFor(PROMPT);
  return t;
}

/** After `fg`: a line completed with Tab (raw mode) runs. */
async function expectRawModeBack(t: RawTmux): Promise<void> {
  t.type('fg');
  t.keys('Enter');
  await t.waitFor(/bash\$ fg\n(?:.*\n)*admin@127\.0\.0\.1>\s*$/m);
  t.type('show hostn');
  t.keys('Tab');
  await t.waitFor(/admin@127\.0\.0\.1> show hostname\s*$/m);
  t.keys('Enter');
  await t.waitFor(/^router$/m);
}

describe.skipIf(!hasTmux())('suspend and resume in tmux', () => {
  it('Ctrl-Z stops the shell (bash says Stopped); fg brings it back in raw mode', async () => {
    const t = await shellUnderBash();
    t.keys('C-z');
    const stopped = await t.waitFor(/Stopped\s+node .*routersh\.cjs --demo\nbash\$/);
    expect(stopped).toMatch(/^bash\$\s*$/m);
    await expectRawModeBack(t);
  });

  it('kill -TSTP from outside, then fg: raw mode again', async () => {
    const t = await shellUnderBash();
    // The shell's own keys are read (Tab on an empty line opens the menu, Esc closes it): the
    // stop below comes to the shell, not to the plain prompt drawn before Ink has loaded
    // (early-prompt.test.ts has that one).
    t.keys('Tab');
    await t.waitFor(/^\s+interface\s+token\s/m);
    t.keys('Escape');
    // Closed: the live region is the prompt line again (a stop from outside runs none of our
    // code, so a region still tall would be erased over what bash writes meanwhile).
    await t.waitFor((x) => PROMPT.test(x) && !/^\s+interface\s+token\s/m.test(x));
    const panePid = Number(t.run(['display', '-p', '-t', 'app', '#{pane_pid}']).trim());
    const pid = descendant(panePid, 'node');
    expect(pid).toBeDefined();
    process.kill(pid as number, 'SIGTSTP');
    await t.waitFor(/Stopped\s+node .*routersh\.cjs --demo\nbash\$/);
    await expectRawModeBack(t);
  });
});
