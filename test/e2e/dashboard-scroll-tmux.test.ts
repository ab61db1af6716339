// Issue 36's real dashboards in a real terminal, with the built binary (`npm run build` first):
// Node Exporter Full imported by `routersh dash import`, then opened with `routersh dash FILE`
// at 120×40 on the demo simulators. Before, this drew a blank screen (the import's raw y up to
// ~4,700, squeezed into 38 lines). Now: its rows as headers, panel titles drawn, PgDn scrolls to
// others, the status line says `rows a–b of n`, Shift-Tab reaches the last (collapsed) row and
// Enter opens it. And the built-in overview at 80×24: stacked, each chart at its least height
// (11 lines) with its legend; `z+` in one chunk on a zoomed panel unzooms and zooms the window.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, ROOT, Tmux } from './tmux.js';

let term: Tmux | undefined;
afterEach(() => term?.kill());

const dir = mkdtempSync(join(tmpdir(), 'routersh-dash-scroll-'));
const NODE = join(dir, 'node.yaml');
const STATE = { XDG_STATE_HOME: join(dir, 'state') };

/** `rows a–b of n` from the status line. */
function where(s: string): { a: number; b: number; n: number } | undefined {
  const m = / · rows (\d+)–(\d+) of (\d+) · /.exec(s);
  return m ? { a: Number(m[1]), b: Number(m[2]), n: Number(m[3]) } : undefined;
}

describe.skipIf(!hasTmux())('real dashboards on the screen, scrolling', () => {
  it('Node Exporter Full at 120×40: titles, PgDn to others, rows a–b of n, a collapsed row opened', async () => {
    const imported = await runBin([
      'dash',
      'import',
      join(ROOT, 'test/corpus/grafana/rfmoz-node-exporter-full.json'),
      '-o',
      NODE,
    ]);
    expect(imported.code).toBe(0);
    expect(existsSync(NODE)).toBe(true);

    const t = new Tmux(120, 40);
    term = t;
    t.start(`node ${BIN} dash ${NODE} --demo`, STATE);
    const first = await t.waitFor(
      (s) => s.includes('▾ Quick CPU / Mem / Disk') && s.includes('CPU Busy') && where(s) !== undefined,
      20_000,
    );
    const top = where(first)!;
    expect(top).toMatchObject({ a: 1, b: 38 });
    expect(top.n).toBeGreaterThan(38);
    expect(first).toMatch(/┌─ RAM Used/);
    expect(first).toMatch(/▾ Basic CPU \/ Mem \/ Net \/ Disk/);
    // The frame is rows − 1 lines: the status line on row 39.
    expect(first.split('\n')[38]).toMatch(/^Node Exporter Full \(1\/5\) · rows 1–38 of /);

    // The focus starts on the first header; Shift-Tab wraps to the last one, a collapsed row:
    // the view follows it to the bottom of the page.
    t.keys('BTab');
    const bottom = await t.waitFor((s) => s.includes('Enter open') && (where(s)?.a ?? 1) > 1, 10_000);
    expect(where(bottom)).toMatchObject({ b: top.n, n: top.n });
    expect(bottom).toMatch(/━━ ▸ Memory Meminfo \(\d+ panels?\) ━/);
    expect(bottom).toMatch(/▸ CPU \/ Memory \/ Net \/ Disk \(\d+ panels\)/);
    expect(bottom).not.toMatch(/CPU Busy/);
    t.keys('Enter');
    const opened = await t.waitFor((s) => s.includes('▾ Memory Meminfo') && (where(s)?.n ?? 0) > top.n);
    expect(opened).toMatch(/Enter close/);
    // PgDn shows the panels it opened; PgUp goes back a screen at a time to the top.
    t.keys('PageDown');
    let at = await t.waitFor((s) => (where(s)?.a ?? 0) > where(opened)!.a && s.includes('Memory Committed'));
    while (where(at)!.a > 1) {
      const was = where(at)!.a;
      t.keys('PageUp');
      at = await t.waitFor((s) => (where(s)?.a ?? was) < was);
    }
    expect(at).toContain('CPU Busy');

    t.type('q');
    await t.waitFor(/\[exited 0\]/);
  }, 60_000);

  it('the built-in overview at 80×24: stacked full width, each chart 11 lines with its legend', async () => {
    const t = new Tmux(80, 24);
    term = t;
    t.start(`node ${BIN} dash overview --demo`, STATE);
    const s = await t.waitFor((x) => x.includes('─ grp=business') && where(x) !== undefined, 20_000);
    const lines = s.split('\n');
    const from = lines.findIndex((l) => l.startsWith('┏━ Traffic down by group'));
    const to = lines.findIndex((l) => l.startsWith('┗'));
    expect(from).toBe(0);
    expect(to - from + 1).toBe(11);
    expect(lines[0]!.length).toBe(80);
    // The legend whole (with each series' last value when it fits, without rather than cut).
    expect(lines[to - 1]).toMatch(/─ grp=business( [^─]+)? {2}─ grp=residential( [^─]+)? {2}─ grp=wholesale/);
    expect(lines[to - 1]).not.toContain('…');
    expect(where(s)).toMatchObject({ a: 1, b: 22 });
    t.keys('PageDown');
    await t.waitFor((x) => (where(x)?.a ?? 1) > 1 && /┌─ Drops\/s|┏━ Drops\/s/.test(x));
    // A panel zoomed, then `z+` as one chunk: z comes back to the dashboard, + is the
    // dashboard's (the window halves), not the closing chart's (issue 36).
    t.type('z');
    await t.waitFor((x) => / · last 6h \(live\)/.test(x) && where(x) === undefined);
    t.type('z+');
    await t.waitFor((x) => /^Overview · rows \d+–\d+ of \d+ · last 3h/m.test(x));
    t.type('q');
    await t.waitFor(/\[exited 0\]/);
  }, 60_000);
});
