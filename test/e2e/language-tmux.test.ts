// Issue 10 on the screen: `?` after a built-in shows its syntax, what it does and examples;
// after `|` Tab lists the output pipes with their descriptions; a piped show runs in the shell.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux;

beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

describe.skipIf(!hasTmux())('the language in tmux', () => {
  it('? after a built-in, Tab after |, a show with pipes', async () => {
    term = new Tmux(160, 40);
    const t = term;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: '/tmp/routersh-e2e-state',
    });
    await t.waitFor(PROMPT);

    t.type('history ?');
    const h = await t.waitFor(/history — show the command history\. Examples: history · history \| last 10/);
    expect(h).toContain('history');
    // Nothing can follow `history`: no menu opened, the line is cleared at once.
    t.keys('C-u');
    await t.waitFor(PROMPT);

    t.type('metrics range ?');
    await t.waitFor(
      /metrics range EXPR \[since DURATION .*\] — range query: a chart and a summary\. Examples:/,
    );
    t.keys('Escape');
    await t.waitFor((x) => !/placeholder/.test(x));
    t.keys('C-u');
    await t.waitFor(PROMPT);

    t.type('show interface | ');
    t.keys('Tab');
    const menu = await t.waitFor(/save\s+builtin\s+write the output to FILE/);
    expect(menu).toMatch(/match\s+builtin\s+only the lines matching REGEX/);
    expect(menu).toMatch(/count\s+builtin\s+count the output's lines/);
    t.keys('Escape');
    await t.waitFor((x) => !/write the output to FILE/.test(x));
    t.type('m');
    t.keys('Tab');
    await t.waitFor(/match <regex>: only the lines matching/);
    t.type('UP | count');
    t.keys('Enter');
    await t.waitFor(/^Count: 3 lines$/m);
  });
});
