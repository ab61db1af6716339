// Issue 12's done-when, in a real terminal against the demo simulators: from a firewall deny
// record in the log pane, `b` + Enter + Enter + `y` adds its source address to `blacklist`
// and `show` of the list has it; `c` and `L` switch between panes on the same time window;
// `q` goes back through the stack of panes to the prompt.
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, hasTmux, Tmux } from './tmux.js';

let term: Tmux;
afterEach(() => term?.kill());
const PROMPT = /admin@127\.0\.0\.1>\s*$/m;

async function demo(): Promise<Tmux> {
  term = new Tmux(140, 40);
  term.start(`node ${BIN} --demo`, { XDG_STATE_HOME: '/tmp/routersh-e2e-state-k', TZ: 'UTC' });
  await term.waitFor(PROMPT);
  return term;
}

const title = (s: string) => s.split('\n').find((l) => l.trim() !== '') ?? '';

describe.skipIf(!hasTmux())('panes that lead to the fix, in tmux', () => {
  it('b, Enter, Enter, y blocks the source of a deny record; c, L and q move through the panes', async () => {
    const t = await demo();
    t.type('logs search _msg:deny since 10m');
    t.keys('Enter');
    let s = await t.waitFor(/WARNING firewall deny tcp 203\.0\.113\.\d+:\d+ -> /);
    t.type('b');
    s = await t.waitFor(/add which address to a match-list\?/);
    const address = /› (203\.0\.113\.\d+)/.exec(s)?.[1];
    expect(address).toBeDefined();
    t.keys('Enter');
    await t.waitFor(/› blacklist/);
    t.keys('Enter');
    s = await t.waitFor(/send this change\? y\/n/);
    expect(s).toContain(`ipv4 firewall match-list blacklist action match net ${address}`);
    t.type('y');
    // The simulator's list holds 203.0.113.7 from the start: a record from it refreshes the entry.
    await t.waitFor(
      new RegExp(`Entry ${address!.replace(/\./g, '\\.')} (added to|refreshed in) match-list blacklist`),
    );

    // c: the chart of the selected record's customer around its time; L: the logs of that window.
    t.type('c');
    s = await t.waitFor(/^rate\(bytes_down\{customer_id="c1\d{3}"\}\[5m\]\) · .* → .* · step /m);
    const chartTitle = title(s);
    const customer = /customer_id="(c1\d{3})"/.exec(chartTitle)![1]!;
    t.type('L');
    s = await t.waitFor(new RegExp(`^logs customer_id:="${customer}" · \\d+ records? loaded · .* → `, 'm'));
    // The same window, to the minute: the chart's first tick time is the logs' start.
    const [from] = / · (\d\d-\d\d \d\d:\d\d) → /.exec(title(s))!.slice(1);
    expect(chartTitle).toMatch(/ · \d\d-\d\d \d\d:\d\d → /);
    expect(Math.abs(minutes(chartTitle) - minutes(` · ${from} → `))).toBeLessThanOrEqual(1);
    t.type('q');
    await t.waitFor(/^rate\(bytes_down\{customer_id=/m);
    t.type('q');
    await t.waitFor(/^logs _msg:deny · /m);
    t.type('q');
    await t.waitFor(PROMPT);

    t.type('show ipv4 firewall match-list blacklist');
    t.keys('Enter');
    // In the output of `show`, below the command line.
    await t.waitFor((x) => (x.split('match-list blacklist\n').at(-1) ?? '').includes(`${address} `));
  });
});

/** The minute of day of the first `MM-DD hh:mm →` in a title. */
function minutes(s: string): number {
  const m = / · \d\d-\d\d (\d\d):(\d\d) → /.exec(s)!;
  return Number(m[1]) * 60 + Number(m[2]);
}
