// The dashboard screen rendered headless (ink-testing-library) in the interactive shell, on
// the router and telemetry simulators: `dashboard FILE` opens it, every panel kind draws from
// its own requests, a failing panel shows its error in its own box while the others draw,
// Tab/z/q work, and a zoomed panel is the real single pane with its keys.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../src/session/session.js';
import { ShellApp } from '../../../src/shell/ShellApp.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { plain, waitFor } from '../../helpers/ink.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

let router: RouterSim;
let tele: TelemetrySim;
const dir = mkdtempSync(join(tmpdir(), 'routersh-dash-'));
beforeAll(async () => {
  [router, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
});
afterAll(() => Promise.all([router.close(), tele.close()]));

let session: Session | undefined;
let app: ReturnType<typeof render> | undefined;
afterEach(async () => {
  app?.unmount();
  await session?.close();
  app = session = undefined;
});

const FILE = join(dir, 'ops.yaml');
writeFileSync(
  FILE,
  `title: Ops
time: 1h
refresh: 30s
variables:
  - name: grp
    values: [business, residential]
panels:
  - chart: 'sum by (grp) (rate(bytes_down{grp="$grp"}[5m]))'
    title: Traffic $grp
    grid: { x: 0, y: 0, w: 12, h: 8 }
  - stat: 'sum(rate(drops[5m]))'
    title: Drops
    grid: { x: 12, y: 0, w: 6, h: 8 }
  - chart: 'sum(rate(bytes_down[5m]) by'
    title: Broken
    grid: { x: 18, y: 0, w: 6, h: 8 }
  - logs: 'level:error'
    title: Error logs
    grid: { x: 0, y: 8, w: 12, h: 8 }
  - monitor: blacklist
    title: Blacklist
    grid: { x: 12, y: 8, w: 6, h: 8 }
  - show: show hostname
    title: Host
    grid: { x: 18, y: 8, w: 3, h: 8 }
`,
);

const PROMPT = /admin@127\.0\.0\.1>\s*$/;

async function open(file = FILE) {
  session = await testSession(
    simConfig(router.url, { telemetryUrl: tele.url, telemetryKey: tele.keys.demo }),
    { interactive: true, warn: () => {}, width: () => 120 },
  );
  const s = session;
  const a = render(
    <ShellApp session={s} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />,
  );
  app = a;
  const until = (check: (f: string) => boolean) =>
    waitFor(() => {
      const f = plain(a.lastFrame());
      if (!check(f)) throw new Error(`live frame:\n${f}`);
      return f;
    }, 10_000);
  await until((f) => PROMPT.test(f));
  a.stdin.write(`dashboard ${file}`);
  await until((f) => f.includes(basename(file)));
  a.stdin.write('\r');
  return { a, until };
}

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
      tele.requests.filter((r) => r.url.endsWith(p)).map((r) => JSON.parse(r.body).expression);
    expect(sent('/metrics/query-range')).toContain('sum by (grp) (rate(bytes_down{grp="business"}[5m]))');
    expect(sent('/metrics/query')).toContain('sum(rate(drops[5m]))');
  });

  it('a file whose show panel is not a show/describe line is refused whole, nothing sent', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'title: Bad\npanels:\n  - show: interface eth0 mtu 1400\n');
    const { a, until } = await open(bad);
    // The error goes to the scrollback (Ink's static output), above the prompt.
    const all = await waitFor(() => {
      const out = plain(a.frames.join('\n'));
      if (!/% .*bad\.yaml/.test(out)) throw new Error(out.slice(-500));
      return out;
    }, 10_000);
    await until((f) => PROMPT.test(f));
    expect(all).toMatch(/bad\.yaml:3: .*show/);
    expect(router.requests.some((r) => r.body.includes('1400'))).toBe(false);
    a.stdin.write('\u0004');
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
