// 200 series: only the top 10 are plotted, the status says so, the legend pages with [ ], the
// cursor (↓, j) and Enter toggle a series past the ninth, and t shows more.
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartPane } from '../../../src/panes/chart/ChartPane.js';
import { KEYS, renderWithKeys, waitForFrame } from '../../helpers/ink.js';
import { fakeChartSource } from './fake-source.js';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);
afterEach(() => cleanup());

const labels = Array.from({ length: 200 }, (_, i) => ({ __name__: 'pkts', customer_id: `c${i}` }));
// Recent value = customer number: c190…c199 are the top 10.
const gen = (l: Record<string, string>) => Number(l['customer_id']!.slice(1));

function pane() {
  const source = fakeChartSource(labels, gen);
  return renderWithKeys(
    <ChartPane
      source={source}
      expression="rate(pkts[5m])"
      initialRange={{ sinceMs: 3_600_000 }}
      onClose={() => {}}
      now={() => NOW}
      utc
      columns={100}
      rows={30}
    />,
  );
}
const legendOf = (f: string) => f.split('\n').slice(-4, -1).join('\n');

describe('ChartPane with 200 series', () => {
  it('plots the top 10, says so, pages the legend, toggles past the ninth, and t shows more', async () => {
    const { lastFrame, stdin } = pane();
    let f = await waitForFrame(lastFrame, (x) => x.includes('refreshed'));
    const lines = f.split('\n');
    expect(lines).toHaveLength(29);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    expect(lines.at(-1)).toContain('showing top 10 of 200 series (t for more)');
    expect(f).toContain('1:customer_id=c190');
    expect(f).not.toContain('customer_id=c189');
    expect(f).not.toMatch(/\+\d+ more/);
    // The 10th series: cursor down nine times, Enter hides it.
    stdin.write('jjjjjjjjj');
    await waitForFrame(
      lastFrame,
      (x) => x.includes('[customer_id=c199 ─]') || x.includes(':customer_id=c199 ─]'),
    );
    stdin.write(KEYS.enter);
    f = await waitForFrame(lastFrame, (x) => x.includes('customer_id=c199 ─ (hidden)'));
    // All 200: the legend pages.
    stdin.write('t');
    stdin.write('t');
    stdin.write('t');
    f = await waitForFrame(lastFrame, (x) => /‹ 1\/\d+ ›/.test(x));
    expect(f.split('\n').at(-1)).not.toContain('showing top');
    expect(legendOf(f)).toContain('1:customer_id=c0 ─');
    stdin.write(']');
    f = await waitForFrame(lastFrame, (x) => /‹ 2\/\d+ ›/.test(x));
    expect(legendOf(f)).not.toContain('customer_id=c0 ─');
    // Digits name the items of the page on screen.
    const first = /1:customer_id=(c\d+)/.exec(legendOf(f))![1]!;
    stdin.write('1');
    await waitForFrame(lastFrame, (x) => x.includes(`customer_id=${first} ─ (hidden)`));
    stdin.write('[');
    await waitForFrame(lastFrame, (x) => /‹ 1\/\d+ ›/.test(x));
  });
});
