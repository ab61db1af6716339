// A 65,536-line `show` in a real terminal (tmux) with the built binary: the output is written
// as text above the prompt (not an Ink tree of screen cells), so it completes, the prompt
// comes back, and the terminal's scrollback holds the last lines in order.
import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const N = 65_536;
let router: HostileRouter;
let term: Tmux | undefined;

beforeAll(async () => {
  router = await startHostileRouter({ showLines: N });
});
afterAll(() => router.close());
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

/** The pane's whole history (`capture-pane -S -`), not only the visible screen. */
const history = (t: Tmux) =>
  execFileSync('tmux', ['-L', t.socket, 'capture-pane', '-p', '-S', '-', '-t', 'app'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

describe.skipIf(!hasTmux())('a 65,536-line show in tmux', () => {
  it('completes, the prompt returns, and the scrollback ends with the last lines in order', async () => {
    const t = new Tmux(120, 40);
    term = t;
    t.start(`node ${BIN} --router ${router.url} --user admin --no-pager`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: '/tmp/routersh-e2e-state',
    });
    await t.waitFor(PROMPT);
    t.type('show interface');
    await t.waitFor(/> show interface\s*$/m);
    t.keys('Enter');
    // Generous: the machine is shared; on main this took 15–21 s and GiBs.
    await t.waitFor((s) => s.includes(`entry ${N} `) && PROMPT.test(s), 60_000);
    const lines = history(t)
      .split('\n')
      .filter((l) => l.startsWith('entry '))
      .map((l) => Number(l.split(' ')[1]));
    expect(lines.length).toBeGreaterThan(500);
    const last = lines.slice(-500);
    expect(last).toEqual(Array.from({ length: 500 }, (_, i) => N - 499 + i));
    // The prompt comes after the output, and it still takes a command.
    t.type('show hostname');
    await t.waitFor(/> show hostname\s*$/m);
  }, 180_000);

  it('without --no-pager it stops at --More--: Space, Enter, / search, q; the rest is dropped', async () => {
    const t = new Tmux(120, 20);
    term = t;
    t.start(`node ${BIN} --router ${router.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: '/tmp/routersh-e2e-state',
    });
    await t.waitFor(PROMPT);
    t.type('show interface');
    await t.waitFor(/> show interface\s*$/m);
    t.keys('Enter');
    let s = await t.waitFor(/^entry 18 .*\n--More-- \(0%\)/m);
    // The first line is still on screen: a page is the window less --More-- and the cursor row.
    expect(s).toMatch(/^entry 1 [\s\S]*^entry 18 /m);
    expect(s).not.toMatch(/^entry 19 /m);
    t.keys('Space');
    await t.waitFor(/^entry 36 [\s\S]*--More--/m);
    t.keys('Enter');
    await t.waitFor(/^entry 37 [\s\S]*--More--/m);
    t.type('/');
    t.type('entry 5000 ');
    await t.waitFor(/^\/entry 5000 ?$/m);
    t.keys('Enter');
    s = await t.waitFor(/^entry 5000 [\s\S]*--More-- \(7%\)/m);
    expect(s).toMatch(/^\.\.\.skipping\nentry 5000 /m);
    t.type('q');
    await t.waitFor(PROMPT);
    const all = history(t);
    expect(all).not.toMatch(/^entry 4999 /m);
    expect(all).not.toMatch(/^entry 5017 /m);
    expect(all).toMatch(/^entry 1 [\s\S]*^entry 37 [\s\S]*^entry 5016 /m);
  }, 180_000);
});
