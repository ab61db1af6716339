import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { RoutershError } from '../../../src/errors.js';
import { ChartPane } from '../../../src/panes/chart/ChartPane.js';
import { KEYS, renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';
import { fakeChartSource } from './fake-source.js';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);
const HOUR = 3600_000;
const now = () => NOW;
const two = [
  { __name__: 'pkts_down', customer_id: 'c17', grp: 'gold' },
  { __name__: 'pkts_down', customer_id: 'c18', grp: 'gold' },
];

afterEach(() => cleanup());

function pane(opts: { rows?: number; gen?: (l: Record<string, string>, i: number) => number } = {}) {
  const source = fakeChartSource(two, opts.gen ?? ((l, i) => (l['customer_id'] === 'c17' ? 1200 + i : 3400)));
  const onClose = vi.fn();
  const r = renderWithKeys(
    <ChartPane
      source={source}
      expression="rate(pkts_down[5m])"
      initialRange={{ sinceMs: HOUR }}
      onClose={onClose}
      now={now}
      utc
      {...(opts.rows !== undefined && { rows: opts.rows })}
    />,
  );
  return { ...r, source, onClose };
}

const loaded = (f: string) => f.includes('refreshed');

describe('ChartPane', () => {
  it('is exactly rows − 1 lines tall and never wider than the terminal', async () => {
    const { lastFrame } = pane({ rows: 30 });
    const f = await waitForFrame(lastFrame, loaded);
    const lines = f.split('\n');
    expect(lines).toHaveLength(29);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
  });

  it('defaults to 24 rows when the stream does not say (23 lines)', async () => {
    const { lastFrame } = pane();
    const f = await waitForFrame(lastFrame, loaded);
    expect(f.split('\n')).toHaveLength(23);
  });

  it('shows the expression, range, step, SI labels and the differing labels only', async () => {
    const { lastFrame, source } = pane();
    const f = await waitForFrame(lastFrame, loaded);
    expect(f).toContain('rate(pkts_down[5m]) · last 1h (live) · step');
    expect(f).toContain('refreshed 12:00:00');
    // Round numbers on the Y axis (y-axis.ts), from below the lowest value to above the highest.
    const labels = [...f.matchAll(/^ *(\S+) ┤/gm)].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    for (const l of labels) expect(l).toMatch(/^-?[125]0*(\.0*[125])?k?$|^0$|^-?\d(\.5)?k$/);
    expect(f).toContain('1:customer_id=c17 ─');
    expect(f).toContain('2:customer_id=c18 ─');
    expect(f).not.toContain('grp=gold');
    expect(f).not.toContain('__name__');
    // Plot width = 100 columns − label − 2.
    expect(source.calls[0]!.columns).toBe(90);
    expect(source.calls[0]!.endMs - source.calls[0]!.startMs).toBe(HOUR);
  });

  it('leaves a visible gap where samples are NaN', async () => {
    const { lastFrame } = pane({
      gen: (l, i) => (l['customer_id'] === 'c17' ? (i >= 40 && i < 50 ? Number.NaN : 5) : 10),
    });
    const f = await waitForFrame(lastFrame, loaded);
    const row = f.split('\n').find((l) => l.startsWith('       5 ┤'))!;
    const body = row.slice(10);
    expect(body).toMatch(/^─{40} {10}─{40}$/);
  });

  it('p pauses and resumes; + and - zoom; ← pans out of live mode; → returns to it', async () => {
    const { lastFrame, stdin, source } = pane();
    await waitForFrame(lastFrame, loaded);
    stdin.write('p');
    await waitForFrame(lastFrame, (f) => f.includes('paused ·'));
    stdin.write('p');
    await waitForFrame(lastFrame, (f) => f.includes('live · every 10s'));
    stdin.write('+');
    await waitForFrame(lastFrame, (f) => f.includes('last 30m (live)'));
    await waitFor(() => expect(source.calls.at(-1)!.endMs - source.calls.at(-1)!.startMs).toBe(HOUR / 2));
    expect(source.calls.at(-1)!.endMs).toBe(NOW);
    stdin.write('-');
    stdin.write('-');
    await waitForFrame(lastFrame, (f) => f.includes('last 2h (live)'));
    stdin.write(KEYS.left);
    await waitForFrame(lastFrame, (f) => f.includes('fixed range'));
    await waitFor(() => expect(source.calls.at(-1)!.endMs).toBe(NOW - HOUR / 2));
    const last = source.calls.at(-1)!;
    expect(last.endMs - last.startMs).toBe(2 * HOUR);
    stdin.write(KEYS.right);
    await waitForFrame(lastFrame, (f) => f.includes('last 2h (live)'));
  });

  it('keys read at once are each applied: `--` zooms out twice, `++` in twice', async () => {
    const { lastFrame, stdin } = pane();
    await waitForFrame(lastFrame, loaded);
    stdin.write('--');
    await waitForFrame(lastFrame, (f) => f.includes('last 4h (live)'));
    stdin.write('++');
    await waitForFrame(lastFrame, (f) => f.includes('last 1h (live)'));
  });

  it('digits toggle a series and q closes', async () => {
    const { lastFrame, stdin, onClose } = pane();
    await waitForFrame(lastFrame, loaded);
    stdin.write('1');
    await waitForFrame(lastFrame, (f) => f.includes('1:customer_id=c17 ─ (hidden)'));
    stdin.write('1');
    await waitForFrame(lastFrame, (f) => !f.includes('(hidden)'));
    stdin.write('q');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Esc closes', async () => {
    const { lastFrame, stdin, onClose } = pane();
    await waitForFrame(lastFrame, loaded);
    stdin.write(KEYS.escape);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers a coarser step on result_too_large and asks for half the columns after c', async () => {
    const { lastFrame, stdin, source } = pane();
    await waitForFrame(lastFrame, loaded);
    source.fail = new RoutershError('telemetry', 'result too large: 120000 points', {
      code: 'result_too_large',
    });
    stdin.write('r');
    await waitForFrame(lastFrame, (f) =>
      f.includes('press c for a coarser step · error: result too large: 120000 points'),
    );
    source.fail = null;
    stdin.write('c');
    await waitFor(() => expect(source.calls.at(-1)!.columns).toBe(45));
    await waitForFrame(lastFrame, (f) => !f.includes('error:') && f.includes('step'));
  });

  it('shows other errors as error: <message> without the hint', async () => {
    const { lastFrame, stdin, source } = pane();
    await waitForFrame(lastFrame, loaded);
    source.fail = new RoutershError('telemetry', 'bad query', { code: 'bad_request' });
    stdin.write('r');
    const f = await waitForFrame(lastFrame, (x) => x.includes('error: bad query'));
    expect(f).not.toContain('coarser');
  });

  it('refetches for the new width after a resize settles', async () => {
    const source = fakeChartSource(two, () => 1);
    const el = (columns: number) => (
      <ChartPane
        source={source}
        expression="x"
        initialRange={{ sinceMs: HOUR }}
        onClose={() => {}}
        now={now}
        columns={columns}
      />
    );
    const { lastFrame, rerender } = renderWithKeys(el(100));
    await waitForFrame(lastFrame, loaded);
    rerender(el(60));
    await waitFor(() => expect(source.calls.at(-1)!.columns).toBe(50));
    const f = await waitForFrame(lastFrame, (x) => x.split('\n').every((l) => l.length <= 60));
    expect(f.split('\n')).toHaveLength(23);
  });

  /** A live pane refreshing every 20 ms. */
  const refreshing = (source: ReturnType<typeof fakeChartSource>) =>
    renderWithKeys(
      <ChartPane
        source={source}
        expression="x"
        initialRange={{ sinceMs: HOUR }}
        onClose={() => {}}
        refreshMs={20}
      />,
    );

  it('refreshes on its own while live', async () => {
    const source = fakeChartSource(two, () => 1);
    const { lastFrame } = refreshing(source);
    await waitForFrame(lastFrame, (f) => f.includes('live · every'));
    await waitFor(() => expect(source.calls.length).toBeGreaterThanOrEqual(3));
  });

  it('draws nothing when an auto-refresh starts, only when its data is back (a key never waits for it)', async () => {
    const source = fakeChartSource(two, () => 1);
    const answer = source.fetch.bind(source);
    let hold = false;
    source.fetch = (range, signal) => {
      if (!hold) return answer(range, signal);
      source.calls.push(range);
      return new Promise(() => {});
    };
    const { lastFrame, frames } = refreshing(source);
    await waitForFrame(lastFrame, (f) => f.includes('live · every'));
    hold = true;
    const drawn = frames.length;
    const asked = source.calls.length;
    await waitFor(() => expect(source.calls.length).toBeGreaterThanOrEqual(asked + 3));
    // Under the 200 ms after which a slow refresh says "loading": not one frame more.
    expect(frames.length).toBe(drawn);
  });
});
