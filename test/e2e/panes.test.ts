// The chart and log panes in a real terminal against `routersh --demo`: what a user sees
// after typing the commands, a few pane keys, and the return to the shell.
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, hasTmux, Tmux } from './tmux.js';

let term: Tmux;
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1>\s*$/m;

function demo(): Tmux {
  term = new Tmux(120, 40);
  term.start(`node ${BIN} --demo`, { XDG_STATE_HOME: '/tmp/routersh-e2e-state' });
  return term;
}

describe.skipIf(!hasTmux())('panes in tmux', () => {
  it('metrics range shows a live chart; keys work; q returns to the shell', async () => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type('metrics range "sum by (grp) (rate(pkts_down[5m]))" since 6h');
    t.keys('Enter');
    const chart = await t.waitFor(/1:grp=business/);
    expect(chart).toMatch(/sum by \(grp\) \(rate\(pkts_down\[5m\]\)\) · last 6h \(live\) · step \d+m/);
    expect(chart).toMatch(/\d(\.\d+)?k ┤/); // SI labels
    expect(chart.trimEnd().split('\n').length).toBeLessThanOrEqual(39);
    t.type('p');
    await t.waitFor(/paused/);
    t.type('__'); // `_` zooms out like `-` (tmux reads `--` as its end of options); one read: both apply
    await t.waitFor(/last 1d \(live\)|last 24h \(live\)/);
    t.type('q');
    await t.waitFor(PROMPT);
    t.type('show hostname');
    t.keys('Enter');
    await t.waitFor(/^router$/m);
  });

  it('logs search shows a followable, pageable tail', async () => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type('logs search level:error since 6h');
    t.keys('Enter');
    await t.waitFor(/\d\d:\d\d:\d\d\.\d{3} ERROR /);
    await t.waitFor(/following/);
    t.type('kkk'); // one read: three rows
    await t.waitFor(/3 newer below/);
    t.type('jj');
    await t.waitFor(/1 newer below/);
    t.keys('PPage');
    await t.waitFor((s) => !/following ·/.test(s));
    t.keys('End');
    await t.waitFor(/following/);
    t.keys('Escape');
    await t.waitFor(PROMPT);
  });

  it('completes metric names from the discovery endpoints', async () => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type('metrics query pkts_d');
    await t.waitFor(/metrics query pkts_d/);
    t.keys('Tab');
    await t.waitFor(/metrics query pkts_down/);
  });
});
