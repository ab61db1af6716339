// The dashboard screen headless in the shell, on the simulators: a zoomed panel's links to
// other panes (the shell's pane stack, and back to the dashboard as it was left), and `e`
// editing a panel's expression with the shell's completion.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** `routerTimeoutMs`: how long the router client waits (a hung request then fails its panel). */
async function open(routerTimeoutMs = 5000) {
  session = await testSession(
    simConfig(router.url, {
      telemetryUrl: tele.url,
      telemetryKey: tele.keys.demo,
      timeoutMs: routerTimeoutMs,
    }),
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
  a.stdin.write(`dashboard ${FILE}`);
  await until((f) => f.includes('ops.yaml'));
  a.stdin.write('\r');
  return { a, until };
}

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
    const before = tele.requests.length;
    a.stdin.write('\r');
    await until((f) => f.includes('Traffic business (edited)'));
    await waitFor(() => {
      const sent = tele.requests
        .slice(before)
        .map((r) => (r.body ? JSON.parse(r.body).expression : undefined));
      expect(sent).toContain('sum(rate(bytes_down[1m]))');
    }, 10_000);
  });
});

describe('a slow panel', () => {
  it('shows it is loading in its own box; the others refresh and the keys work meanwhile', async () => {
    // The hung read is given up only after a minute: it is still waiting while the test runs.
    const { a, until } = await open(60_000);
    await until((f) => f.includes('grp=business') && f.includes('203.0.113.7') && !f.includes('loading…'));
    // The next router request (the monitor's read, first of the router panels) never answers.
    router.faults.set({ hang: 1 });
    const before = tele.requests.length;
    const routerBefore = router.requests.length;
    try {
      a.stdin.write('r');
      await until((f) => f.includes('┌─ Blacklist …'));
      a.stdin.write('\t');
      const f = await until((f) => f.includes('┏━ Drops'));
      expect(f).toContain('┌─ Blacklist …');
      // Every telemetry panel asked again while the monitor waits.
      await waitFor(() => {
        const paths = tele.requests.slice(before).map((r) => new URL(r.url, 'http://x').pathname);
        expect(paths.filter((p) => p.endsWith('/metrics/query-range')).length).toBeGreaterThanOrEqual(3);
        expect(paths.filter((p) => p.endsWith('/logs/search')).length).toBeGreaterThanOrEqual(1);
      }, 10_000);
      await until((f) => !/(Traffic business|Drops|Error logs) …/.test(f));
      // The show panel, after the monitor in the file, read the router meanwhile.
      await waitFor(() => {
        expect(router.requests.slice(routerBefore).some((r) => r.url.includes('hostname'))).toBe(true);
      }, 10_000);
      expect(plain(a.lastFrame())).toContain('┌─ Blacklist …');
    } finally {
      router.faults.clear();
      router.faults.releaseAll();
    }
  });
});
