// Issue 20: a 6-panel dashboard at 120×40 and 200×60.
// - Frame: the dashboard's whole frame (six panel bodies laid out from loaded data, boxes,
//   status line) computed in process, against the single chart pane's frame at the same size
//   from the same series (the baseline: one pane where the dashboard draws six).
// - Keystroke → screen in tmux (control mode streams every byte the pane gets): Tab moving the
//   focus until the next box's heavy title arrives, also right after `r` (every panel refreshing);
//   baseline: a key echoed by `cat` in the same tmux (the terminal's own floor).
// Alternated runs (bench/alternate.ts). Needs `npm run build` first.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Series } from '../src/api/telemetry/types.js';
import type { Dashboard } from '../src/contract/dashboard.js';
import { chartFrame } from '../src/panes/chart/chart-frame.js';
import { initChartState } from '../src/panes/chart/chart-reducer.js';
import { dashboardFrame } from '../src/panes/dashboard/dashboard-frame.js';
import { type DashState, dashReducer, initDashState } from '../src/panes/dashboard/dashboard-reducer.js';
import { layoutDashboard } from '../src/panes/dashboard/layout.js';
import { panelBody } from '../src/panes/dashboard/panel-body.js';
import type { PanelData } from '../src/panes/dashboard/panel-data.js';
import { alternate, LONG, pairedRatio, RUNS, rows } from './alternate.js';
import { Control } from './tmux-control.js';
import { ROOT, startChildSims } from './util.js';

const T0 = Date.UTC(2026, 10, 24, 10);
const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const TITLES = ['Traffic by group', 'Drops', 'CPU bras-1', 'Error logs', 'Blacklist', 'All logs'];

const DASH: Dashboard = {
  title: 'Bench',
  time: { since: '1h' },
  refreshSeconds: 10,
  variables: [
    { kind: 'label', name: 'host', label: 'host', match: 'cpu_usage_percent', default: ['bras-1'] },
  ],
  panels: [
    { kind: 'chart', title: TITLES[0]!, expr: 'sum by (grp) (rate(bytes_down[5m]))', grid: at(0, 0, 12, 8) },
    { kind: 'stat', title: TITLES[1]!, expr: 'sum(rate(drops[5m]))', unit: 'pps', grid: at(12, 0, 6, 8) },
    { kind: 'chart', title: 'CPU $host', expr: 'cpu_usage_percent{host="$host"}', grid: at(18, 0, 6, 8) },
    { kind: 'logs', title: TITLES[3]!, query: 'level:error', grid: at(0, 8, 12, 8) },
    { kind: 'monitor', title: TITLES[4]!, list: 'blacklist', grid: at(12, 8, 12, 8) },
    { kind: 'histogram', title: TITLES[5]!, query: '*', grid: at(0, 16, 24, 4) },
  ],
};

function series(count: number, points: number): Series[] {
  return Array.from({ length: count }, (_, s) => ({
    labels: { grp: `g${s}` },
    samples: Array.from({ length: points }, (_, i) => {
      const v = 1000 * (s + 1) + 500 * Math.sin(i / 20);
      return { t: T0 + i * 15_000, v, raw: String(v) };
    }),
  }));
}

function loaded(): { state: DashState; chart: PanelData & { kind: 'chart' } } {
  const chart = {
    kind: 'chart',
    chart: { series: series(8, 240), stepSeconds: 15, startMs: T0, endMs: T0 + 3_600_000 },
  } as const;
  const data: PanelData[] = [
    chart,
    { kind: 'stat', stat: { values: [{ labels: {}, value: 70.6 }], spark: series(1, 240) } },
    chart,
    {
      kind: 'logs',
      records: Array.from({ length: 60 }, (_, i) => ({
        _time: new Date(T0 + i * 1000).toISOString(),
        _msg: `bras queue overflow on shaper shp-${i}: customer c${i}`,
        level: 'error',
      })),
    },
    {
      kind: 'monitor',
      monitor: {
        header: { name: 'blacklist', entries: 100 },
        other: [],
        members: Array.from({ length: 100 }, (_, i) => ({ address: `203.0.113.${i}`, timeout: 3000 - i })),
      } as never,
    },
    {
      kind: 'histogram',
      buckets: [
        {
          fields: {},
          timestamps: series(1, 120)[0]!.samples.map((s) => s.t),
          values: series(1, 120)[0]!.samples.map((s) => Math.round(s.v)),
          total: 120_000,
        },
      ],
    },
  ];
  let state = initDashState(
    DASH,
    { sinceMs: 3_600_000 },
    { host: { values: ['bras-1'], all: false } },
    T0 + 3_600_000,
  );
  data.forEach((d, i) => {
    state = dashReducer(state, { type: 'panelLoaded', panel: i, data: d, at: T0 });
  });
  return { state, chart };
}

/** ms per frame over `n` frames: every body laid out anew (no cache), as after a refresh of all. */
function dashFrameMs(cols: number, rowsN: number, n: number): number {
  const { state } = loaded();
  const layout = layoutDashboard(DASH, cols, rowsN);
  const t0 = performance.now();
  for (let k = 0; k < n; k++)
    dashboardFrame(
      DASH,
      state,
      layout,
      (i, w, h) =>
        panelBody(DASH.panels[i]!, state.panels[i]!, { width: w, height: h, color: true, now: T0 }),
      { width: cols, rows: rowsN, color: true },
    );
  return (performance.now() - t0) / n;
}

function chartFrameMs(cols: number, rowsN: number, n: number): number {
  const { chart } = loaded();
  const t0 = performance.now();
  for (let k = 0; k < n; k++) {
    // A new data object each time: the pane's plot cache does not hold it (as after a refresh).
    const s = { ...initChartState({ sinceMs: 3_600_000 }, T0), data: { ...chart.chart } };
    chartFrame(s, { expression: 'x', width: cols, height: rowsN - 1, refreshMs: 10_000, color: true });
  }
  return (performance.now() - t0) / n;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dashFile(refresh: string): string {
  const file = `/tmp/routersh-bench-dash-${process.pid}-${refresh}.yaml`;
  writeFileSync(
    file,
    `title: Bench
time: 1h
refresh: ${refresh}
variables:
  - name: host
    label: host
    match: cpu_usage_percent
panels:
${DASH.panels
  .map((p) => {
    const src = p.kind === 'monitor' ? p.list : 'expr' in p ? p.expr : 'query' in p ? p.query : '';
    return `  - ${p.kind}: '${src}'\n    title: ${p.title}\n    grid: { x: ${p.grid.x}, y: ${p.grid.y}, w: ${p.grid.w}, h: ${p.grid.h} }`;
  })
  .join('\n')}
`,
  );
  return file;
}

async function keystrokes(sims: Awaited<ReturnType<typeof startChildSims>>, cols: number, rowsN: number) {
  const file = dashFile('10s');
  const env = {
    ROUTERSH_PASSWORD: 'admin',
    ROUTERSH_TELEMETRY_URL: sims.telemetryUrl,
    ROUTERSH_TELEMETRY_KEY: sims.telemetryKey,
    XDG_STATE_HOME: '/tmp/routersh-bench-state',
  };
  const dash = new Control();
  const echo = new Control();
  try {
    dash.start(`node ${ROOT}bin/routersh.cjs --router ${sims.routerUrl} --user admin`, env, {
      cols,
      rows: rowsN,
    });
    echo.start('cat', {}, { cols, rows: rowsN });
    await dash.screen(/admin@127\.0\.0\.1>/);
    await dash.keys(`-l 'dashboard ${file}'`);
    await dash.keys('Enter');
    await dash.screen(/203\.0\.113\.7/);
    await pause(1000);
    let focus = 0;
    const tab = async (refreshing: boolean) => {
      if (refreshing) await dash.keys('r');
      focus = (focus + 1) % TITLES.length;
      const ms = await dash.keys('Tab', `┏━ ${TITLES[focus]}`);
      await pause(refreshing ? 400 : 100);
      return ms;
    };
    let n = 0;
    const typed = async () => {
      const ch = String.fromCharCode(97 + (n++ % 26));
      const ms = await echo.keys(`-l ${ch}`, ch);
      await pause(100);
      return ms;
    };
    // Warm-up: the first keys load code and fill the JIT.
    for (let i = 0; i < 6; i++) await tab(false);
    const idle = await alternate(
      [
        { name: 'tab', run: () => tab(false) },
        { name: 'echo', run: typed },
      ],
      Math.max(RUNS, 10),
    );
    const busy = await alternate(
      [
        { name: 'tab', run: () => tab(true) },
        { name: 'echo', run: typed },
      ],
      Math.max(RUNS, 10),
    );
    return { idle, busy };
  } finally {
    dash.stop();
    echo.stop();
  }
}

/** The routersh process started with `tag` in its environment (tmux runs it under `env`). */
function pidTagged(tag: string): number | undefined {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (
        readFileSync(`/proc/${d}/environ`, 'utf8').includes(tag) &&
        readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'node'
      )
        return Number(d);
    } catch {
      // gone, or not ours
    }
  }
  return undefined;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Least-squares slope of (minute, MB). */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** `--long`: RSS of the real program refreshing a 6-panel dashboard every second for 10 minutes (no forced GC). */
async function soak(sims: Awaited<ReturnType<typeof startChildSims>>): Promise<Record<string, number>> {
  const tag = `ROUTERSH_BENCH_TAG=dash-soak-${process.pid}`;
  const dash = new Control();
  try {
    dash.start(
      `node ${ROOT}bin/routersh.cjs --router ${sims.routerUrl} --user admin`,
      {
        ROUTERSH_PASSWORD: 'admin',
        ROUTERSH_TELEMETRY_URL: sims.telemetryUrl,
        ROUTERSH_TELEMETRY_KEY: sims.telemetryKey,
        XDG_STATE_HOME: '/tmp/routersh-bench-state',
        ROUTERSH_BENCH_TAG: tag.split('=')[1]!,
      },
      { cols: 120, rows: 40 },
    );
    await dash.screen(/admin@127\.0\.0\.1>/);
    await dash.keys(`-l 'dashboard ${dashFile('1s')}'`);
    await dash.keys('Enter');
    await dash.screen(/203\.0\.113\.7/);
    const pid = pidTagged(tag);
    if (pid === undefined) throw new Error('routersh process not found');
    const samples: Array<[number, number]> = [];
    const t0 = Date.now();
    while (Date.now() - t0 < 10 * 60_000) {
      samples.push([(Date.now() - t0) / 60_000, rssMb(pid)]);
      await pause(10_000);
    }
    const late = samples.filter(([m]) => m >= 2);
    return {
      'soak 120×40, refresh 1s: RSS at 2 min (MB)': late[0]?.[1] ?? 0,
      'soak 120×40, refresh 1s: RSS at 10 min (MB)': samples.at(-1)?.[1] ?? 0,
      'soak 120×40, refresh 1s: RSS slope minutes 2–10 (MB/min)': slope(late),
    };
  } finally {
    dash.stop();
  }
}

export async function benchDashboard(): Promise<Record<string, number>> {
  const r: Record<string, number> = {};
  for (const [cols, rowsN] of [
    [120, 40],
    [200, 60],
  ] as const) {
    const size = `${cols}×${rowsN}`;
    const frames = await alternate([
      { name: 'dash', run: () => dashFrameMs(cols, rowsN, 20) },
      { name: 'chart', run: () => chartFrameMs(cols, rowsN, 20) },
    ]);
    Object.assign(
      r,
      rows(`${size} 6-panel dashboard frame (ms)`, frames['dash']!),
      rows(`${size} single chart pane frame, baseline (ms)`, frames['chart']!),
      rows(`${size} dashboard / chart pane frame (ratio)`, pairedRatio(frames['dash']!, frames['chart']!)),
    );
  }
  const sims = await startChildSims();
  try {
    for (const [cols, rowsN] of [
      [120, 40],
      [200, 60],
    ] as const) {
      const size = `${cols}×${rowsN}`;
      const { idle, busy } = await keystrokes(sims, cols, rowsN);
      Object.assign(
        r,
        rows(`${size} Tab → focus drawn (ms)`, idle['tab']!),
        rows(`${size} Tab → focus drawn right after r, all panels refreshing (ms)`, busy['tab']!),
        rows(`${size} cat echo of a key, baseline (ms)`, idle['echo']!),
        rows(`${size} Tab / cat echo (ratio)`, pairedRatio(idle['tab']!, idle['echo']!)),
        rows(`${size} Tab during refresh / cat echo (ratio)`, pairedRatio(busy['tab']!, busy['echo']!)),
      );
    }
    if (LONG) Object.assign(r, await soak(sims));
  } finally {
    await sims.stop();
  }
  return r;
}
