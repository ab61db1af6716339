// Telemetry pane benchmarks: chart frame (downsample + plot + Ink) for 10 × 11,000 points at
// 120×40, a 1,000-record log page, RSS with 100,000 points loaded, and RSS while following
// 30,000 records (10 minutes at 50/s, time compressed). Run: node --import tsx bench/panes-bench.ts
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { LogRecord, Series } from '../src/api/telemetry/types.js';
import type { ChartState } from '../src/panes/chart/chart-reducer.js';
import { median } from './util.js';

// npm run bench runs this bundled like dist/ (bench/bundle.ts): React's production build. Ink's
// patches are in node_modules (patches/). Run directly with tsx, NODE_ENV picks the React build.
const { render } = await import('ink');
const { createElement: h } = await import('react');
const { ChartFrameView } = await import('../src/panes/chart/ChartPane.js');
const { chartFrame } = await import('../src/panes/chart/chart-frame.js');
const { chartReducer, initChartState } = await import('../src/panes/chart/chart-reducer.js');
const { LogFrameView } = await import('../src/panes/logs/LogPane.js');
const { logFrame } = await import('../src/panes/logs/log-frame.js');
const { initLogState, logReducer } = await import('../src/panes/logs/log-reducer.js');

const COLUMNS = 120;
const ROWS = 40;
const T0 = Date.UTC(2026, 0, 1);

/** A terminal-like stream: Ink renders into it as it would into a 120×40 TTY. */
class FakeStdout extends EventEmitter {
  columns = COLUMNS;
  rows = ROWS;
  isTTY = true;
  bytes = 0;
  write(chunk: string): boolean {
    this.bytes += chunk.length;
    return true;
  }
}

function makeSeries(count: number, points: number, phase: number): Series[] {
  return Array.from({ length: count }, (_, s) => ({
    labels: { __name__: 'pkts_down', customer_id: `c${s}`, grp: 'gold' },
    samples: Array.from({ length: points }, (_, i) => {
      const v = 1000 * (s + 1) + 500 * Math.sin((i + phase) / 200) + (i % 997 === 0 ? 5000 : 0);
      return { t: T0 + i * 15_000, v, raw: String(v) };
    }),
  }));
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc;

function inkInstance(node: Parameters<typeof render>[0], onRender: () => void) {
  const stdout = new FakeStdout();
  return render(node, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 1000,
    onRender,
  });
}

async function timeFrames(
  frames: number,
  draw: (i: number) => void,
  wait: () => Promise<void>,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < frames; i++) {
    const t = performance.now();
    const rendered = wait(); // Ink may render synchronously inside draw()
    draw(i);
    await rendered;
    times.push(performance.now() - t);
  }
  return times;
}

/** Resolves on the next Ink render (onRender fires after layout and output). */
function renderSignal() {
  let resolve: (() => void) | null = null;
  return {
    onRender: () => {
      resolve?.();
      resolve = null;
    },
    next: () =>
      new Promise<void>((r, reject) => {
        const timer = setTimeout(() => reject(new Error('no Ink render within 5 s')), 5000);
        resolve = () => {
          clearTimeout(timer);
          r();
        };
      }),
  };
}

async function chartBench(): Promise<{ total: number; compute: number }> {
  const datasets = [makeSeries(10, 11_000, 0), makeSeries(10, 11_000, 50)];
  const base = initChartState({ startMs: T0, endMs: T0 + 11_000 * 15_000 }, T0);
  const state = (i: number): ChartState =>
    chartReducer(base, {
      type: 'loaded',
      at: T0,
      data: { series: datasets[i % 2]!, stepSeconds: 15, startMs: T0, endMs: T0 + 11_000 * 15_000 },
    });
  const frameOf = (i: number) =>
    chartFrame(state(i), {
      expression: 'rate(pkts_down[5m])',
      width: COLUMNS,
      height: ROWS - 1,
      refreshMs: 10_000,
      color: true,
    });
  const signal = renderSignal();
  const first = signal.next();
  const ink = inkInstance(
    h(ChartFrameView, { lines: frameOf(0), width: COLUMNS, height: ROWS - 1 }),
    signal.onRender,
  );
  await first;
  await timeFrames(
    3,
    (i) => ink.rerender(h(ChartFrameView, { lines: frameOf(i + 1), width: COLUMNS, height: ROWS - 1 })),
    signal.next,
  );
  const compute: number[] = [];
  const times = await timeFrames(
    20,
    (i) => {
      const t = performance.now();
      const lines = frameOf(i);
      compute.push(performance.now() - t);
      ink.rerender(h(ChartFrameView, { lines, width: COLUMNS, height: ROWS - 1 }));
    },
    signal.next,
  );
  ink.unmount();
  return { total: median(times), compute: median(compute) };
}

function logRecords(n: number, from = 0): LogRecord[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      _time: new Date(T0 + i * 20).toISOString(),
      level: ['info', 'warning', 'error', 'debug'][i % 4]!,
      service_name: `svc-${i % 7}`,
      message: `session ${i} established with peer 10.0.${i % 255}.${(i * 7) % 255} after ${i % 60}s`,
      peer_as: String(64_512 + (i % 100)),
    };
  });
}

async function logBench(): Promise<{ total: number; compute: number }> {
  const page = logRecords(1000);
  const frameOf = (i: number) => {
    // A fresh 1,000-record page each frame (the cost of loading it is part of the frame).
    let s = initLogState({ follow: false });
    s = logReducer(s, { type: 'viewport', rows: ROWS - 4 });
    s = logReducer(s, { type: 'page-loaded', offset: 0, records: page });
    s = logReducer(s, { type: 'scroll', by: i % 3 });
    return logFrame(s, { query: 'service_name:*', width: COLUMNS, height: ROWS - 1, facetsAvailable: false });
  };
  const compute: number[] = [];
  const view = (i: number) => {
    const t = performance.now();
    const frame = frameOf(i);
    compute.push(performance.now() - t);
    return h(LogFrameView, { frame, width: COLUMNS, height: ROWS - 1, color: true, promptOpen: false });
  };
  const signal = renderSignal();
  const first = signal.next();
  const ink = inkInstance(view(0), signal.onRender);
  await first;
  await timeFrames(3, (i) => ink.rerender(view(i + 1)), signal.next);
  compute.length = 0;
  const times = await timeFrames(20, (i) => ink.rerender(view(i + 1)), signal.next);
  ink.unmount();
  return { total: median(times), compute: median(compute) };
}

function rssWithPoints(): { before: number; after: number } {
  gc?.();
  const before = process.memoryUsage().rss;
  const series = makeSeries(10, 10_000, 0); // 100,000 points held, as the pane holds them
  const s = chartReducer(initChartState({ startMs: T0, endMs: T0 + 10_000 * 15_000 }, T0), {
    type: 'loaded',
    at: T0,
    data: { series, stepSeconds: 15, startMs: T0, endMs: T0 + 10_000 * 15_000 },
  });
  chartFrame(s, { expression: 'x', width: COLUMNS, height: ROWS - 1, refreshMs: 10_000, color: true });
  const rss = process.memoryUsage().rss;
  if (series.length === 0) throw new Error('unreachable'); // keep the data alive until measured
  return { before: mb(before), after: mb(rss) };
}

function followRss(): { start: number; warm: number; end: number; warmHeap: number; endHeap: number } {
  let s = initLogState({ follow: true });
  gc?.();
  const start = process.memoryUsage().rss;
  let warm = start;
  let warmHeap = 0;
  // 50 records/s polled every 2 s = 100 records a poll, 300 polls = 10 minutes.
  for (let poll = 0; poll < 300; poll++) {
    const batch = logRecords(100, poll * 100);
    if (poll > 0) batch.unshift(...logRecords(1, poll * 100 - 1)); // the boundary overlap
    s = logReducer(s, { type: 'polled', records: batch, at: T0 + poll * 2000 });
    logFrame(s, { query: 'x', width: COLUMNS, height: ROWS - 1, facetsAvailable: false });
    if (poll === 60) {
      // The buffer filled at poll 50: from here on memory must stay flat.
      gc?.();
      warm = process.memoryUsage().rss;
      warmHeap = process.memoryUsage().heapUsed;
    }
  }
  gc?.();
  const end = process.memoryUsage().rss;
  if (s.buffer.size !== 5000) throw new Error(`buffer not bounded: ${s.buffer.size}`);
  const endHeap = process.memoryUsage().heapUsed;
  return { start: mb(start), warm: mb(warm), end: mb(end), warmHeap: mb(warmHeap), endHeap: mb(endHeap) };
}

export async function benchPanes(): Promise<Record<string, number>> {
  // Memory first, in a process that has not yet drawn anything.
  const rss = rssWithPoints();
  const follow = followRss();
  const chart = await chartBench();
  const log = await logBench();
  return {
    'chart frame 10×11k @120×40 (ms, median)': round(chart.total),
    '  of which downsample + plot (ms)': round(chart.compute),
    'log page 1000 records (ms, median)': round(log.total),
    '  of which load page + layout (ms)': round(log.compute),
    'RSS before loading (MB)': rss.before,
    'RSS with 100k points (MB)': rss.after,
    'follow 30k records RSS start (MB)': follow.start,
    'follow RSS after 6k records, buffer full (MB)': follow.warm,
    'follow 30k records RSS end (MB)': follow.end,
    'follow heap used when buffer full (MB)': follow.warmHeap,
    'follow heap used at end (MB)': follow.endHeap,
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

const TARGETS: Record<string, number> = {
  'chart frame 10×11k @120×40 (ms, median)': 25,
  'log page 1000 records (ms, median)': 16,
  'RSS with 100k points (MB)': 150,
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await benchPanes();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) {
    const target = TARGETS[k];
    const verdict = target === undefined ? '' : v <= target ? `  ≤ ${target} ok` : `  > ${target} SLOW`;
    process.stdout.write(`${k.padEnd(width)}  ${String(v).padStart(8)}${verdict}\n`);
  }
  process.exit(0);
}
