// Issue 18, the telemetry's first hour, through the product's own entry (runCommand → execute,
// as `routersh -c …` runs) against the router and telemetry simulators on 127.0.0.1: request
// bodies without empty optional arrays, clause words where they are not read (a hint, nothing
// sent; a LogsQL warning), an API without logs said so locally, and the plain chart's title
// with the start the API was asked for, as wide as COLUMNS; `help` broken at blanks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { helpText } from '../../../src/run/help.js';
import { runLine } from '../../../src/run/runner.js';
import { adminEnv, runCommand } from '../../helpers/command-io.js';
import { telemetryOnlyDeps } from '../../helpers/expr-rig.js';

let router: RouterSim;
let tele: TelemetrySim;
let noLogs: TelemetrySim;
beforeAll(async () => {
  [router, tele, noLogs] = await Promise.all([
    startRouterSim(),
    startTelemetrySim(),
    startTelemetrySim({ logs: false }),
  ]);
});
afterAll(() => Promise.all([router.close(), tele.close(), noLogs.close()]));

const env = (t: TelemetrySim = tele, extra: Record<string, string> = {}) => ({
  ...adminEnv(router.url),
  ROUTERSH_TELEMETRY_URL: t.url,
  ROUTERSH_TELEMETRY_KEY: t.keys.demo,
  ...extra,
});

/** The bodies of the POSTs to `path` made while `f` ran. */
async function posted(t: TelemetrySim, path: string, f: () => Promise<unknown>) {
  const before = t.requests.length;
  await f();
  return t.requests
    .slice(before)
    .filter((r) => r.method === 'POST' && r.url.endsWith(path))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);
}

describe('request bodies leave out empty optional arrays', () => {
  it('metrics labels and label-values without match send no "matchers"', async () => {
    let r = { code: -1, stderr: '' };
    const labels = await posted(tele, '/metrics/labels', async () => {
      r = await runCommand(['-c', 'metrics labels'], env());
    });
    expect(r.code, r.stderr).toBe(0);
    expect(labels).toHaveLength(1);
    expect(labels[0]).not.toHaveProperty('matchers');
    const values = await posted(tele, '/metrics/label-values', () =>
      runCommand(['-c', 'metrics label-values grp'], env()),
    );
    expect(values[0]).not.toHaveProperty('matchers');
    // With a match, the matcher is sent.
    const matched = await posted(tele, '/metrics/labels', () =>
      runCommand(['-c', 'metrics labels match pkts_down'], env()),
    );
    expect(matched[0]!.matchers).toEqual(['pkts_down']);
  });
});

describe('clause words where the command does not read them', () => {
  it.each([
    [
      'metrics query pkts_down since 1h',
      "% 'since' is a clause of 'metrics range', not of 'metrics query' (which takes at TIME): nothing sent (command 1)\n",
    ],
    [
      'metrics query pkts_down at yesterday',
      "% invalid value 'yesterday' for 'at': expected a time: RFC 3339 (2026-11-22T10:00:00Z), now, or now-1h (command 1)\n",
    ],
  ])('%s: one line saying which command takes it, nothing sent', async (line, said) => {
    let r = { code: -1, stderr: '', stdout: '' };
    const sent = await posted(tele, '/metrics/query', async () => {
      r = await runCommand(['-c', line], env());
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(said);
    expect(r.stdout).toBe('');
    expect(sent).toEqual([]);
  });

  it('logs search with a clause before the LogsQL pipe: searched as typed, with a warning', async () => {
    let r = { code: -1, stderr: '' };
    const sent = await posted(tele, '/logs/search', async () => {
      r = await runCommand(['-c', 'logs search level:error since 1h | limit 3'], env());
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      "warning: 'since 1h' before the '|' is part of the query, searched for as words: clauses go at the end, after ' -- ' (… -- since 1h)\n",
    );
    expect(sent.map((b) => b.query)).toEqual(['level:error since 1h | limit 3']);
    // Written as the warning says: no warning, the clause read.
    const ok = await runCommand(['-c', 'logs search level:error | limit 3 -- since 1h'], env());
    expect([ok.code, ok.stderr]).toEqual([0, '']);
  });
});

describe('a telemetry API without logs', () => {
  it.each([
    'logs search error',
    'logs search error since 1h all',
    'logs histogram error',
    'logs fields',
    'logs facets',
  ])('%s says so locally: nothing sent, no retries', async (line) => {
    const before = noLogs.requests.length;
    const r = await runCommand(['-c', line], env(noLogs));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      '% the telemetry API has no logs provider (its capabilities list only store_metrics): no logs here; nothing sent (command 1)\n',
    );
    expect(noLogs.requests.slice(before).filter((q) => q.url.includes('/logs/'))).toEqual([]);
  });

  it('the log pane is not opened on a terminal either; metrics still work', async () => {
    const client = new TelemetryClient({ baseUrl: noLogs.url, apiKey: noLogs.keys.demo });
    try {
      const deps = telemetryOnlyDeps(client, { interactive: true });
      const signal = new AbortController().signal;
      const r = await runLine('logs search error', { context: [] }, deps, signal);
      expect(r.kind === 'error' && r.error.message).toMatch(/^the telemetry API has no logs provider/);
      const m = await runCommand(['-c', 'metrics query pkts_down'], env(noLogs));
      expect(m.code, m.stderr).toBe(0);
    } finally {
      await client.close();
    }
  });
});

describe('the plain chart of metrics range', () => {
  it('titles the range the API was asked for (start moved to data_available_from) and fits COLUMNS', async () => {
    let r = { code: -1, stdout: '', stderr: '' };
    const sent = await posted(tele, '/metrics/query-range', async () => {
      r = await runCommand(
        [
          '-c',
          'metrics range sum by (grp) (pkts_down{grp=~"business|residential"}) / sum by (grp) (pkts_up) since 31d',
        ],
        env(tele, { COLUMNS: '80' }),
      );
    });
    expect(r.code, r.stderr).toBe(0);
    const start = String(sent[0]!.start).replace(/\.\d+Z$/, 'Z');
    const lines = r.stdout.split('\n');
    // The note, broken at blanks; then the title.
    expect(lines[0]).toMatch(/^note: start moved from /);
    const title = lines.find((l) => l.startsWith('sum by'))!;
    expect(title).toContain(`${start} → `);
    expect(title).toMatch(/^sum by \(grp\) \(pkts_\S*… · \S+ → \S+ · step \d+s$/);
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
  });
});

describe('help at 80 columns', () => {
  it('is broken at blanks: no line wider than COLUMNS, every word whole', async () => {
    const r = await runCommand(['-c', 'help'], env(tele, { COLUMNS: '80' }));
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
    const words = new Set(helpText([]).split(/\s+/));
    expect(r.stdout.split(/\s+/).filter((w) => w !== '' && !words.has(w))).toEqual([]);
  });
});
