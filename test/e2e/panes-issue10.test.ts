// What issue 10's users saw in the panes, in a real terminal: an error pane without
// "loading…", `c` on a chart whose step was given, round time ticks, and NO_COLOR markers.
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, hasTmux, Tmux } from './tmux.js';

let term: Tmux;
afterEach(() => term?.kill());
const PROMPT = /admin@127\.0\.0\.1>\s*$/m;

async function demo(env: Record<string, string> = {}): Promise<Tmux> {
  term = new Tmux(120, 40);
  term.start(`node ${BIN} --demo`, { XDG_STATE_HOME: '/tmp/routersh-e2e-state', TZ: 'UTC', ...env });
  await term.waitFor(PROMPT);
  return term;
}

describe.skipIf(!hasTmux())('issue 10 panes in tmux', () => {
  it('a failing chart shows its error, not "loading…"', async () => {
    const t = await demo();
    t.type('metrics range foo_bar(pkts_down) since 1h');
    t.keys('Enter');
    const s = await t.waitFor(/error: unsupported_query/);
    expect(s).toContain('no data (the error is below; r retries)');
    expect(s).not.toContain('loading');
  });

  it('c doubles a step the user gave; ticks fall on round times', async () => {
    const t = await demo();
    t.type('metrics range sum(rate(pkts_down[5m])) since 6h step 5m');
    t.keys('Enter');
    // The status line and the time axis of one frame (a read under load can land between the
    // pieces tmux receives a large frame in: the status line drawn, the axis not yet).
    const labelsOf = (screen: string) =>
      screen.split('\n').find((l) => /^\s+\d\d:\d\d(\s+\d\d:\d\d)+\s*$/.test(l));
    const s = await t.waitFor((x) => /· step 5m · refreshed/.test(x) && labelsOf(x) !== undefined);
    for (const l of labelsOf(s)!.trim().split(/\s+/)) expect(l).toMatch(/^\d\d:(00|30)$/);
    t.type('c');
    await t.waitFor(/· step 10m · refreshed/);
    t.type('f');
    t.type('f');
    await t.waitFor(/· step 2m30s · refreshed/);
  });

  it('with NO_COLOR each series has its own marker in the plot and the legend', async () => {
    const t = await demo({ NO_COLOR: '1' });
    t.type('metrics range sum by (grp) (rate(pkts_down[5m])) since 6h');
    t.keys('Enter');
    const s = await t.waitFor(/1:grp=business ─●─/);
    expect(s).toContain('2:grp=residential ─○─');
    expect(s).toContain('3:grp=wholesale ─×─');
    expect(s).toMatch(/┤.*●/);
    expect(s).toMatch(/┤.*○/);
  });
});
