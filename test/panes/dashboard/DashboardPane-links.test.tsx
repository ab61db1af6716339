// The dashboard screen headless in the shell, on the simulators: a zoomed panel's links to
// other panes (the shell's pane stack, and back to the dashboard as it was left), and `e`
// editing a panel's expression with the shell's completion.
import { describe, expect, it } from 'vitest';
import { plain, waitFor } from '../../helpers/ink.js';
import { dashShell } from './dash-shell.js';

const { sims, open } = dashShell();

describe('links and editing from the dashboard', () => {
  it("a zoomed chart's L opens the log pane; q comes back to the zoomed chart, as it was left", async () => {
    const { a, until } = await open();
    await until((f) => f.includes('grp=business') && f.includes('203.0.113.7'));
    a.stdin.write('z');
    await until((f) => /sum by \(grp\) \(rate\(bytes_down\{grp="business"\}\[5m\]\)\) · last 1h/.test(f));
    await until((f) => f.includes('grp=business')); // its own data: its keys are in place
    a.stdin.write('L');
    await until((f) => /^logs \* · /m.test(f));
    a.stdin.write('q');
    await until((f) => /sum by \(grp\) \(rate\(bytes_down\{grp="business"\}/.test(f) && !f.includes('┃'));
    a.stdin.write('z');
    await until((f) => f.includes('┏━ Traffic business'));
  });

  it('e edits the focused expression with the shell completion; Enter applies it to that panel', async () => {
    const { a, until } = await open();
    await until((f) => f.includes('grp=business') && f.includes('203.0.113.7'));
    a.stdin.write('e');
    await until((f) => f.includes('edit Traffic $grp> sum by (grp)'));
    a.stdin.write('\u007f'.repeat(80));
    await until((f) => /edit Traffic \$grp> █/.test(f));
    a.stdin.write('sum(rate(bytes_d');
    await until((f) => f.includes('> sum(rate(bytes_d█'));
    a.stdin.write('\t');
    await until((f) => f.includes('> sum(rate(bytes_down'));
    a.stdin.write('[1m]))');
    await until((f) => f.includes('bytes_down[1m]))█'));
    const before = sims.tele.requests.length;
    a.stdin.write('\r');
    await until((f) => f.includes('Traffic business (edited)'));
    await waitFor(() => {
      const sent = sims.tele.requests
        .slice(before)
        .map((r) => (r.body ? JSON.parse(r.body).expression : undefined));
      expect(sent).toContain('sum(rate(bytes_down[1m]))');
    }, 10_000);
  });
});

describe('a slow panel', () => {
  it('shows it is loading in its own box; the others refresh and the keys work meanwhile', async () => {
    // The hung read is given up only after a minute: it is still waiting while the test runs.
    const { a, until } = await open({ routerTimeoutMs: 60_000 });
    await until((f) => f.includes('grp=business') && f.includes('203.0.113.7') && !f.includes('loading…'));
    // The next router request (the monitor's read, first of the router panels) never answers.
    sims.router.faults.set({ hang: 1 });
    const before = sims.tele.requests.length;
    const routerBefore = sims.router.requests.length;
    try {
      a.stdin.write('r');
      await until((f) => f.includes('┌─ Blacklist …'));
      a.stdin.write('\t');
      const f = await until((f) => f.includes('┏━ Drops'));
      expect(f).toContain('┌─ Blacklist …');
      // Every telemetry panel asked again while the monitor waits.
      await waitFor(() => {
        const paths = sims.tele.requests.slice(before).map((r) => new URL(r.url, 'http://x').pathname);
        expect(paths.filter((p) => p.endsWith('/metrics/query-range')).length).toBeGreaterThanOrEqual(3);
        expect(paths.filter((p) => p.endsWith('/logs/search')).length).toBeGreaterThanOrEqual(1);
      }, 10_000);
      await until((f) => !/(Traffic business|Drops|Error logs) …/.test(f));
      // The show panel, after the monitor in the file, read the router meanwhile.
      await waitFor(() => {
        expect(sims.router.requests.slice(routerBefore).some((r) => r.url.includes('hostname'))).toBe(true);
      }, 10_000);
      expect(plain(a.lastFrame())).toContain('┌─ Blacklist …');
    } finally {
      sims.router.faults.clear();
      sims.router.faults.releaseAll();
    }
  });
});
