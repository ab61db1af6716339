// The corpus test (SOURCES.md): 1,451 real PromQL/MetricsQL expressions and 350 LogsQL
// queries, typed raw after `metrics query` / `logs search` (and MetricsQL again wrapped in
// quotes), with and without a trailing `since 1h`, must reach the server byte for byte.
// Multi-line ones go through the paste path (joined by pastedLines); a paste's trailing
// newline is not part of the command, so those are compared without it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastedLines } from '../../src/run/paste.js';
import { type ExprRig, spanMs, startExprRig } from '../helpers/expr-rig.js';

const load = (name: string) =>
  readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as string);

let rig: ExprRig;
beforeAll(async () => {
  rig = await startExprRig();
});
afterAll(() => rig.close());

const HOUR = 3_600_000;

/** A pasted block as the shell runs it: one command, or a failure. */
function pasted(text: string): string | undefined {
  const lines = pastedLines(text);
  return lines.length === 1 ? lines[0]!.text : undefined;
}

interface Tally {
  total: number;
  failed: Array<{ expr: string; why: string }>;
}
const pct = (t: Tally) => (100 * (t.total - t.failed.length)) / t.total;
const report = (name: string, t: Tally) =>
  // the percentages are this test's report
  console.log(
    `${name}: ${pct(t).toFixed(2)} % of ${t.total} byte-exact${t.failed.length ? `; failing: ${JSON.stringify(t.failed.slice(0, 5))}` : ''}`,
  );

async function check(
  t: Tally,
  expr: string,
  line: string,
  field: 'expression' | 'query',
  want: string,
  span?: number,
): Promise<void> {
  t.total++;
  const command = line.includes('\n') ? pasted(line) : line;
  if (command === undefined) {
    t.failed.push({ expr, why: 'paste did not join it into one command' });
    return;
  }
  const { outcome, body } = await rig.send(command);
  if (outcome.kind === 'error') t.failed.push({ expr, why: outcome.error.message });
  else if (body?.[field] !== want) t.failed.push({ expr, why: `sent ${JSON.stringify(body?.[field])}` });
  // metrics range aligns its window to the step: a little over the hour.
  else if (span !== undefined && !(spanMs(body) >= span && spanMs(body) <= span + 300_000))
    t.failed.push({ expr, why: `span ${spanMs(body)}` });
}

const multi = (e: string) => e.includes('\n');
/** What a paste delivers: the trailing blank lines of a block are not part of it. */
const delivered = (e: string) => (multi(e) ? e.replace(/\s+$/, '') : e);

describe('corpus, typed raw', () => {
  it('promql.jsonl after metrics query / metrics range … since 1h', { timeout: 120_000 }, async () => {
    const raw: Tally = { total: 0, failed: [] };
    const since: Tally = { total: 0, failed: [] };
    const paste: Tally = { total: 0, failed: [] };
    for (const e of load('promql.jsonl')) {
      const t = multi(e) ? paste : raw;
      await check(t, e, `metrics query ${e}`, 'expression', delivered(e));
      await check(
        multi(e) ? paste : since,
        e,
        `metrics range ${delivered(e)} since 1h`,
        'expression',
        delivered(e),
        HOUR,
      );
    }
    report('promql raw (single-line)', raw);
    report('promql raw + since 1h (single-line)', since);
    report('promql multi-line via paste (with and without since 1h)', paste);
    expect(pct(raw)).toBeGreaterThanOrEqual(99);
    expect(pct(since)).toBeGreaterThanOrEqual(99);
    expect(pct(paste)).toBeGreaterThanOrEqual(99);
  });

  it('promql.jsonl wrapped whole in quotes', { timeout: 120_000 }, async () => {
    const quoted: Tally = { total: 0, failed: [] };
    for (const e of load('promql.jsonl').filter((x) => !multi(x))) {
      const q = e.includes("'") ? `"${e.replace(/["\\]/g, (c) => `\\${c}`)}"` : `'${e}'`;
      await check(quoted, e, `metrics query ${q}`, 'expression', e);
      await check(quoted, e, `metrics range ${q} since 1h`, 'expression', e, HOUR);
    }
    report('promql quoted', quoted);
    expect(pct(quoted)).toBe(100);
  });

  it('logsql.jsonl after logs search, with and without since 1h', { timeout: 60_000 }, async () => {
    const raw: Tally = { total: 0, failed: [] };
    const since: Tally = { total: 0, failed: [] };
    const paste: Tally = { total: 0, failed: [] };
    for (const e of load('logsql.jsonl')) {
      await check(multi(e) ? paste : raw, e, `logs search ${e}`, 'query', delivered(e));
      await check(
        multi(e) ? paste : since,
        e,
        `logs search ${delivered(e)} since 1h`,
        'query',
        delivered(e),
        HOUR,
      );
    }
    report('logsql raw (single-line)', raw);
    report('logsql raw + since 1h (single-line)', since);
    report('logsql multi-line via paste', paste);
    expect(pct(raw)).toBeGreaterThanOrEqual(99);
    expect(pct(since)).toBeGreaterThanOrEqual(99);
    expect(pct(paste)).toBeGreaterThanOrEqual(99);
  });
});
