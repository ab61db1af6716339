// The panes that lead to the fix, in the interactive shell against the router and telemetry
// simulators: the log pane's cursor, Enter (a record's fields), `b` (an address of a firewall
// deny record into a match-list, through the runner: validated, journaled, visible in `show`),
// `c` (a chart of the record's customer around its time), the chart's `L` (the logs of that
// window and series), and `q` back through the stack of panes to the prompt.
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memorySink } from '../helpers/memory-sink.js';
import { runLine } from '../../src/run/runner.js';
import type { Session } from '../../src/session/session.js';
import { testSession } from '../helpers/session.js';
import { ShellApp } from '../../src/shell/ShellApp.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { KEYS, plain, waitFor } from '../helpers/ink.js';
import { simConfig } from '../helpers/sim-config.js';

let sim: RouterSim;
let tele: TelemetrySim;
beforeAll(async () => {
  [sim, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
});
afterAll(() => Promise.all([sim.close(), tele.close()]));

let session: Session | undefined;
let app: ReturnType<typeof render> | undefined;
afterEach(async () => {
  app?.unmount();
  await session?.close();
  app = session = undefined;
});

async function start() {
  const sink = memorySink();
  session = await testSession(simConfig(sim.url, { telemetryUrl: tele.url, telemetryKey: tele.keys.demo }), {
    interactive: true,
    warn: () => {},
    width: () => 120,
    journal: sink,
  });
  const s = session;
  const a = render(
    <ShellApp session={s} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />,
  );
  app = a;
  const live = () => plain(a.lastFrame());
  const until = (check: (f: string) => boolean, timeoutMs = 8000) =>
    waitFor(() => {
      const f = live();
      if (!check(f)) throw new Error(`live frame:\n${f}`);
      return f;
    }, timeoutMs);
  const status = () => live().split('\n').at(-1) ?? '';
  return { a, s, sink, live, until, status };
}

const sent = (path: string) =>
  tele.requests
    .filter((r) => r.url.split('?')[0]!.endsWith(path))
    .map(
      (r) =>
        JSON.parse(r.body || '{}') as { start: string; end: string; query?: string; expression?: string },
    );

const PROMPT = /admin@127\.0\.0\.1>\s*$/;

async function openDenyLogs(t: Awaited<ReturnType<typeof start>>) {
  await t.until((f) => PROMPT.test(f));
  t.a.stdin.write('logs search _msg:deny since 10m');
  await t.until((f) => f.includes('since 10m'));
  t.a.stdin.write('\r');
  return t.until((f) => f.includes('logs _msg:deny') && / deny tcp /.test(f));
}

describe('panes that lead to the fix', () => {
  it('b adds the source address of a firewall deny record to blacklist: b, Enter, Enter, y', async () => {
    const t = await start();
    await openDenyLogs(t);
    t.a.stdin.write('b');
    let f = await t.until((x) => x.includes('add which address to a match-list?'));
    // The source (the first address of `deny tcp SRC:port -> DST:port`) is offered first.
    const address = /› (203\.0\.113\.\d+)/.exec(f)?.[1];
    expect(address).toBeDefined();
    expect(f).toMatch(/ {2}100\.6[4-6]\.\d+\.\d+/);
    t.a.stdin.write(KEYS.enter);
    f = await t.until((x) => x.includes(`add ${address} to which match-list?`));
    expect(f).toContain('› blacklist');
    t.a.stdin.write(KEYS.enter);
    f = await t.until(() => t.status() === 'send this change? y/n');
    expect(f).toContain(`ipv4 firewall match-list blacklist action match net ${address}`);
    expect(f).toContain('POST /api/ipv4/firewall/match-list/blacklist/action/match');
    expect(f).toContain('{"Actions":["SET"],"Options":{"net":["2');
    t.a.stdin.write('y');
    // The simulator's blacklist holds 203.0.113.7 from the start, and a deny record's source is
    // any 203.0.113.x: that one is already an entry, and adding it again refreshes its timeout.
    const done = address === '203.0.113.7' ? 'refreshed in' : 'added to';
    await t.until(() => t.status().includes(`Entry ${address} ${done} match-list blacklist`));
    // The router has it, and the change was journaled as the typed line.
    const shown = await runLine(
      'show ipv4 firewall match-list blacklist',
      { context: [] },
      t.s.services,
      AbortSignal.timeout(5000),
    );
    expect(shown.kind === 'router' ? shown.text : '').toContain(address);
    const changes = t.sink.events.filter((e) => e.t === 'change');
    expect(changes.map((e) => (e.t === 'change' ? e.line : ''))).toContain(
      `ipv4 firewall match-list blacklist action match net ${address}`,
    );
  });

  it('n or Esc ends b without a change', async () => {
    const sets = () => sim.requests.filter((r) => r.method === 'POST' && r.body.includes('"SET"')).length;
    const before = sets();
    const t = await start();
    await openDenyLogs(t);
    t.a.stdin.write('b');
    await t.until((x) => x.includes('add which address'));
    t.a.stdin.write(KEYS.escape);
    await t.until(() => t.status().startsWith('nothing added · '));
    t.a.stdin.write('b');
    await t.until((x) => x.includes('add which address'));
    t.a.stdin.write(KEYS.enter);
    await t.until((x) => x.includes('› blacklist'));
    t.a.stdin.write(KEYS.enter);
    await t.until(() => t.status() === 'send this change? y/n');
    t.a.stdin.write('n');
    await t.until(() => t.status().startsWith('nothing added · '));
    expect(sets()).toBe(before);
  });

  it('the cursor selects a record, Enter shows its fields, Esc goes back', async () => {
    const t = await start();
    await openDenyLogs(t);
    t.a.stdin.write('kk');
    await t.until(() => t.status().includes('paused (End follows) · 2 newer below'));
    t.a.stdin.write(KEYS.enter);
    const f = await t.until(() => t.status().startsWith('fields of the selected record'));
    expect(f).toMatch(/^_time\s+\d{4}-\d\d-\d\dT/m);
    expect(f).toMatch(/^_msg\s+deny tcp /m);
    expect(f).toMatch(/^customer_id\s+c1\d{3}$/m);
    expect(f).toMatch(/^service_name\s+firewall$/m);
    t.a.stdin.write(KEYS.escape);
    await t.until(() => t.status().includes('2 newer below'));
  });

  it('c charts the record’s customer around its time, L opens the logs of that window, q goes back', async () => {
    const t = await start();
    await openDenyLogs(t);
    t.a.stdin.write(KEYS.enter);
    const fields = await t.until((x) => /^customer_id\s+c1\d{3}$/m.test(x));
    const customer = /^customer_id\s+(c1\d{3})$/m.exec(fields)![1]!;
    const at = Date.parse(/^_time\s+(\S+)/m.exec(fields)![1]!);
    t.a.stdin.write(KEYS.escape);
    await t.until(() => t.status().includes('following'));
    const expression = `rate(bytes_down{customer_id="${customer}"}[5m])`;
    t.a.stdin.write('c');
    const chart = await t.until(
      (x) => x.split('\n')[0]!.startsWith(`${expression} · `) && x.includes(' · step '),
    );
    expect(chart).toContain('fixed range');
    // The chart asked for the record's time − 15 min up to now (a recent record: + 15 min is ahead).
    const asked = sent('/metrics/query-range').filter((b) => b.expression === expression);
    expect(asked.length).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(asked[0]!.start) - (at - 15 * 60_000))).toBeLessThan(60_000);
    t.a.stdin.write('L');
    const query = `customer_id:="${customer}"`;
    await t.until((x) => x.includes(`logs ${query} · `) && / → /.test(x.split('\n')[0]!));
    await t.until(() => sent('/logs/search').some((b) => b.query === query));
    // The logs of the chart's window: the same start, the same end.
    const search = sent('/logs/search').find((b) => b.query === query)!;
    expect(Math.abs(Date.parse(search.start) - (at - 15 * 60_000))).toBeLessThan(1000);
    expect(Date.parse(search.end)).toBeGreaterThanOrEqual(at - 1);
    expect(Date.parse(search.end)).toBeLessThanOrEqual(at + 15 * 60_000);
    await t.until((x) => x.includes(`for customer ${customer}`));
    t.a.stdin.write('q');
    await t.until((x) => x.split('\n')[0]!.startsWith(`${expression} · `));
    t.a.stdin.write('q');
    await t.until((x) => x.startsWith('logs _msg:deny'));
    t.a.stdin.write('q');
    await t.until((x) => PROMPT.test(x));
  });
});
