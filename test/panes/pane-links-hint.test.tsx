// Issue 18: the log pane's `c` on a router other than the simulator, in the interactive shell
// (a router simulator, and a telemetry API whose logs and metrics are not the simulator's: the
// hostile harness on 127.0.0.1). Without a profile's `paneLinks` the simulator's default links
// rarely fit; whichever way the chart fails, the pane says how to map them.
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/session.js';
import { ShellApp } from '../../src/shell/ShellApp.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type HostileTelemetry, startHostileTelemetry } from '../hostile/telemetry.js';
import { plain, waitFor } from '../helpers/ink.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';

let router: RouterSim;
const open: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  router = await startRouterSim();
});
afterAll(() => router.close());

let session: Session | undefined;
let app: ReturnType<typeof render> | undefined;
afterEach(async () => {
  app?.unmount();
  await session?.close();
  for (const o of open.splice(0)) await o.close();
  app = session = undefined;
});

const PROMPT = /admin@127\.0\.0\.1>\s*$/;

async function shellOn(tele: HostileTelemetry) {
  session = await testSession(
    simConfig(router.url, { telemetryUrl: tele.url, telemetryKey: 'k'.repeat(20) }),
    {
      interactive: true,
      warn: () => {},
      width: () => 100,
    },
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
    }, 8000);
  await until((f) => PROMPT.test(f));
  a.stdin.write('logs search error');
  await until((f) => f.includes('logs search error'));
  a.stdin.write('\r');
  await until((f) => f.includes('logs error · ') && f.includes('record 0'));
  return { a, until };
}

describe('c without paneLinks, on logs and metrics that are not the simulator’s', () => {
  it('a record with none of the linked fields: the status line says to map one with paneLinks', async () => {
    const tele = await startHostileTelemetry({});
    open.push(tele);
    const { a, until } = await shellOn(tele);
    a.stdin.write('c');
    const f = await until((x) => x.includes('no chart: '));
    const status = f.split('\n').at(-1)!;
    expect(status).toMatch(
      /^no chart: map a field of the record to a metric with "paneLinks" in the profile/,
    );
    expect(status).toMatch(/ q back$/);
  });

  it('a record with a host whose chart finds no series: the chart says which link it followed and how to map yours', async () => {
    const tele = await startHostileTelemetry({ recordFields: { host: 'edge-7' }, noSeries: true });
    open.push(tele);
    const { a, until } = await shellOn(tele);
    a.stdin.write('c');
    const f = await until((x) => x.includes('no series matched') && x.includes('paneLinks'));
    expect(f.split('\n')[0]).toMatch(/^cpu_usage_percent\{host="edge-7"\} · /);
    const hint = f.replace(/\s+/g, ' ');
    expect(hint).toContain(
      `Nothing to chart for cpu_usage_percent{host="edge-7"}: c follows routersh's default link (log field host → cpu_usage_percent{$matchers}), made for the simulator's data. Map your log fields to your metrics with "paneLinks" in the profile (config.json; see docs/telemetry.md).`,
    );
  });
});
