// The dashboard screen headless in the shell (ink-testing-library) on the router and
// telemetry simulators, as the dashboard tests open it: a file of every panel kind, then
// `dashboard FILE` typed at the prompt. Registers its own hooks (simulators, teardown).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Session } from '../../../src/session/session.js';
import { ShellApp } from '../../../src/shell/ShellApp.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { plain, waitFor } from '../../helpers/ink.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

export const PROMPT = /admin@127\.0\.0\.1>\s*$/;

export function dashShell() {
  const sims = {} as { router: RouterSim; tele: TelemetrySim };
  const dir = mkdtempSync(join(tmpdir(), 'routersh-dash-'));
  beforeAll(async () => {
    [sims.router, sims.tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
  });
  afterAll(() => Promise.all([sims.router.close(), sims.tele.close()]));

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

  /** `routerTimeoutMs`: how long the router client waits (a hung request then fails its panel). */
  async function open(o: { file?: string; routerTimeoutMs?: number } = {}) {
    const file = o.file ?? FILE;
    session = await testSession(
      simConfig(sims.router.url, {
        telemetryUrl: sims.tele.url,
        telemetryKey: sims.tele.keys.demo,
        ...(o.routerTimeoutMs !== undefined ? { timeoutMs: o.routerTimeoutMs } : {}),
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
      }, 15_000); // a hang guard: a loaded machine took 11 s for a first frame (the test's limit is 20 s)
    await until((f) => PROMPT.test(f));
    a.stdin.write(`dashboard ${file}`);
    await until((f) => f.includes(basename(file)));
    a.stdin.write('\r');
    return { a, until };
  }

  return { sims, dir, open };
}
