// Completion inside metrics/logs lines against the real telemetry simulator: metric names,
// label names and values (with the metric typed as matcher), log fields and values, and a
// quoted expression stays open while it is being written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { complete, MetadataCache } from '../../../src/lang/index.js';
import { metricsSlot, logsSlot } from '../../../src/lang/expr-context.js';
import { telemetryCompleter } from '../../../src/features/telemetry/telemetry-completer.js';
import { applyCompletion } from '../../../src/shell/completion-apply.js';
import { initPrompt, setLine } from '../../../src/shell/prompt-state.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';

let sim: TelemetrySim;
let client: TelemetryClient;
const noRouter = new MetadataCache(async () => {
  throw new Error('no router in this test');
});

beforeAll(async () => {
  sim = await startTelemetrySim();
  client = new TelemetryClient({ baseUrl: sim.url, apiKey: sim.keys.demo });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const tab = (line: string) =>
  complete(
    line,
    line.length,
    { cache: noRouter, valueCompleter: telemetryCompleter(client) },
    new AbortController().signal,
  );
const texts = async (line: string) =>
  (await tab(line)).candidates.filter((c) => c.insertable).map((c) => c.text);
/** The lines a Tab menu would make: each candidate put in place of what it replaces. */
const lines = async (line: string) => {
  const c = await tab(line);
  return c.candidates
    .filter((x) => x.insertable)
    .map((x) => line.slice(0, c.replaceFrom) + x.text + line.slice(c.replaceTo));
};

describe('slots', () => {
  it('reads where the cursor is in an expression', () => {
    expect(metricsSlot('sum(rate(pkts_d')).toMatchObject({ kind: 'metric', prefix: 'pkts_d' });
    expect(metricsSlot('pkts_down{cus')).toMatchObject({ kind: 'label', metric: 'pkts_down', prefix: 'cus' });
    expect(metricsSlot('pkts_down{customer_id="c10')).toMatchObject({
      kind: 'label-value',
      label: 'customer_id',
      prefix: 'c10',
    });
    expect(metricsSlot('sum by (gr')).toMatchObject({ kind: 'label', prefix: 'gr' });
    expect(metricsSlot('rate(x[5')).toEqual({ kind: 'none' });
    // An escaped bracket is part of a name (MetricsQL), a bracket in a string is text.
    expect(metricsSlot('foo\\-bar\\{{cus')).toMatchObject({
      kind: 'label',
      metric: 'foo\\-bar\\{',
      prefix: 'cus',
    });
    expect(metricsSlot('x{a="{", b')).toMatchObject({ kind: 'label', metric: 'x', prefix: 'b' });
    expect(metricsSlot('x\\{a')).toMatchObject({ kind: 'metric' });
    expect(logsSlot('level:err')).toMatchObject({ kind: 'field-value', field: 'level', prefix: 'err' });
    expect(logsSlot('error AND serv')).toMatchObject({ kind: 'field', prefix: 'serv' });
  });
});

describe('from the discovery endpoints', () => {
  it('completes metric names', async () => {
    expect((await tab('metrics query pkts_d')).commonPrefix).toBe('pkts_down');
  });

  it('completes label names and values for the metric typed', async () => {
    expect(await lines("metrics query 'pkts_down{cus")).toContain("metrics query 'pkts_down{customer_id");
    const values = await lines(`metrics query 'pkts_down{customer_id="c100`);
    expect(values).toContain(`metrics query 'pkts_down{customer_id="c1001"`);
    const sent = sim.requests.filter((r) => r.url.endsWith('label-values')).map((r) => JSON.parse(r.body));
    expect(sent.some((b) => b.label === 'customer_id' && b.matchers?.includes('pkts_down'))).toBe(true);
  });

  it('a quoted expression keeps its quote open', async () => {
    const line = 'metrics query "sum(rate(pkts_d';
    const c = await tab(line);
    expect(line.slice(0, c.replaceFrom) + c.commonPrefix).toBe('metrics query "sum(rate(pkts_down');
  });

  // Wrapped in quotes with its own quotes inside (expr-wrap.ts): completed on the inside.
  it('completes inside an expression wrapped in quotes, its own quotes as they are', async () => {
    expect(await lines('metrics query "pkts_down{cus')).toContain('metrics query "pkts_down{customer_id');
    const values = await lines('metrics query "rate(pkts_down{customer_id="c100');
    expect(values).toContain('metrics query "rate(pkts_down{customer_id="c1001"');
    expect(await lines('metrics query "rate(pkts_down{customer_id="c1001", sha')).toContain(
      'metrics query "rate(pkts_down{customer_id="c1001", shaper_id',
    );
  });

  it('completes log fields and field values', async () => {
    expect(await texts('logs search lev')).toContain('level:');
    expect(await texts('logs search level:err')).toContain('level:error');
  });

  // Issue 10: `logs search lev<Tab>` gave `level: ` — the blank ended the word, so the next
  // Tab offered the clauses (since, limit) instead of the field's values.
  it('Tab completes a field to `field:` with no blank, and the next Tab lists its values', async () => {
    const line = 'logs search lev';
    let s = setLine(initPrompt(), { text: line, cursor: line.length });
    s = applyCompletion(s, await tab(s.editor.text), 'tab', false);
    expect(s.editor).toMatchObject({ text: 'logs search level:', cursor: 'logs search level:'.length });
    s = applyCompletion(s, await tab(s.editor.text), 'tab', false);
    expect(s.menu?.candidates.map((c) => c.display)).toEqual(expect.arrayContaining(['error', 'info']));
    // A value is a finished word: it gets its blank.
    const v = 'logs search level:err';
    const done = applyCompletion(
      setLine(initPrompt(), { text: v, cursor: v.length }),
      await tab(v),
      'tab',
      false,
    );
    expect(done.editor.text).toBe('logs search level:error ');
  });
});
