// The dashboard screen rendered headless (ink-testing-library) in the interactive shell, on
// the router and telemetry simulators: `dashboard FILE` opens it, every panel kind draws from
// its own requests, a failing panel shows its error in its own box while the others draw,
// Tab/z/q work, and a zoomed panel is the real single pane with its keys.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plain, waitFor } from '../../helpers/ink.js';
import { dashShell, PROMPT } from './dash-shell.js';

const { sims, dir, open } = dashShell();

describe('the dashboard screen', () => {
  it('draws every panel from its own requests; a broken one says so in its own box', async () => {
    const { until } = await open();
    const f = await until(
      (f) =>
        f.includes('grp=business') && // the chart's legend
        /ERROR /.test(f) && // the logs panel
        f.includes('203.0.113.7') && // the monitor
        /│router\s*│/.test(f) && // the show panel
        f.includes('Broken !') &&
        !f.includes('loading…'),
    );
    expect(f).toMatch(/┏━ Traffic business/); // focused, its title with the variable put in
    expect(f).toMatch(/┌─ Broken !/);
    expect(f).toMatch(/│error: invalid_query/);
    expect(f).toMatch(/Ops · last 1h · every 30s · grp=business/);
    // The chart's request carried the substituted expression, the stat its two.
    const sent = (p: string) =>
      sims.tele.requests.filter((r) => r.url.endsWith(p)).map((r) => JSON.parse(r.body).expression);
    expect(sent('/metrics/query-range')).toContain('sum by (grp) (rate(bytes_down{grp="business"}[5m]))');
    expect(sent('/metrics/query')).toContain('sum(rate(drops[5m]))');
  });

  it('a file whose show panel is not a show/describe line is refused whole, nothing sent', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'title: Bad\npanels:\n  - show: interface eth0 mtu 1400\n');
    const { a, until } = await open({ file: bad });
    // The error goes to the scrollback (Ink's static output), above the prompt.
    const all = await waitFor(() => {
      const out = plain(a.frames.join('\n'));
      if (!/% .*bad\.yaml/.test(out)) throw new Error(out.slice(-500));
      return out;
    }, 10_000);
    await until((f) => PROMPT.test(f));
    expect(all).toMatch(/bad\.yaml:3: .*show/);
    expect(sims.router.requests.some((r) => r.body.includes('1400'))).toBe(false);
    a.stdin.write('\u0004');
  });

  it("a key right after the z that unzooms is the dashboard's, not the closing pane's", async () => {
    // The zoomed pane stayed subscribed until React cleaned it up: `+` typed right after the `z`
    // (before the cleanup, as in tmux under load) zoomed that chart, and the window stayed 1h.
    const { a, until } = await open();
    await until((f) => f.includes('203.0.113.7'));
    a.stdin.write('\t');
    await until((f) => f.includes('┏━ Drops'));
    a.stdin.write('z');
    await until((f) => !f.includes('┏━') && / · last 1h/.test(f));
    // Two keys in one tick, before React has committed or cleaned up anything.
    a.stdin.write('z');
    a.stdin.write('+');
    const back = await until((f) => f.includes('┏━ Drops') && /Ops · last 30m/.test(f));
    expect(back).not.toMatch(/Ops · last 1h/);
    a.stdin.write('q');
    await until((f) => PROMPT.test(f));
  });

  it('`z+` read at once unzooms, then zooms the time (the key source hands out one key each)', async () => {
    // Fast typing over a slow link: both keys in one read. Handed out as one run, the zoomed
    // chart took it whole (its `+`), so the panel stayed zoomed and the dashboard never saw `z`.
    const { a, until } = await open();
    await until((f) => f.includes('203.0.113.7'));
    a.stdin.write('\t');
    await until((f) => f.includes('┏━ Drops'));
    a.stdin.write('z');
    await until((f) => !f.includes('┏━') && / · last 1h/.test(f));
    a.stdin.write('z+');
    const back = await until((f) => f.includes('┏━ Drops') && /Ops · last 30m/.test(f));
    expect(back).not.toMatch(/Ops · last 1h/);
    a.stdin.write('q');
    await until((f) => PROMPT.test(f));
  });

  it('Tab moves the focus; z shows the real pane with its keys; q comes back, q again leaves', async () => {
    const { a, until } = await open();
    await until((f) => f.includes('203.0.113.7'));
    a.stdin.write('\t');
    await until((f) => f.includes('┏━ Drops'));
    a.stdin.write('\t\t\t'); // to the monitor
    await until((f) => f.includes('┏━ Blacklist'));
    a.stdin.write('z');
    // The pane's own read has come: its effects (its keys too) are in place.
    const zoomed = await until(
      (f) => /monitor match-list blacklist · read/.test(f) && f.includes('203.0.113.7'),
    );
    expect(zoomed).not.toContain('┏━');
    a.stdin.write('s'); // the monitor's own key: sort by the next column
    await until((f) => /TIMEOUT▲/.test(f));
    a.stdin.write('q');
    await until((f) => f.includes('┏━ Blacklist'));
    a.stdin.write('q');
    await until((f) => PROMPT.test(f));
  });
});
