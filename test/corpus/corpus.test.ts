// The corpus test (SOURCES.md): 1,451 real PromQL/MetricsQL expressions and 350 LogsQL
// queries, typed raw after `metrics query` / `logs search`, and MetricsQL again wrapped whole
// in one pair of quotes (`"E"` and `'E'`, E's own quotes left as they are, as the README's
// examples type them), with and without a trailing `since 1h`, must reach the server byte for
// byte. Multi-line ones go through the paste path (joined by pastedLines); a paste's trailing
// newline is not part of the command, so those are compared without it. An expression that is
// nothing but one string literal (`"this is a string"`) is the one ambiguous case
// (docs/telemetry.md): it is counted apart.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastedLines } from '../../src/run/paste.js';
import { type ExprRig, spanMs, startExprRig } from '../helpers/expr-rig.js';
import { every } from '../helpers/whole.js';

// `npm test` types every 4th expression, a fifth of them multi-line as in the whole (the
// ~9,500 lines of the whole took ~10 s of CPU and 40 s beside a loaded suite); `npm run bench
// -- whole` types them all (test/helpers/whole.ts).
const load = (name: string) =>
  every(
    readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string),
    4,
  );

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

/** One string literal and nothing else (PromQL's three quotes): typed raw, it reads as wrapped. */
const STRING_ONLY = /^\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`)\s*$/s;

interface Tally {
  total: number;
  failed: Array<{ expr: string; why: string }>;
  /** Of those, string-literal-only expressions (counted apart). */
  asideTotal: number;
  asideFailed: number;
}
const tally = (): Tally => ({ total: 0, failed: [], asideTotal: 0, asideFailed: 0 });
/** Byte-exact share, string-literal-only expressions aside. */
const pct = (t: Tally) => {
  const n = t.total - t.asideTotal;
  return n === 0 ? 100 : (100 * (n - (t.failed.length - t.asideFailed))) / n;
};
const report = (name: string, t: Tally) => {
  const all = (100 * (t.total - t.failed.length)) / t.total;
  const real = t.failed.filter((f) => !STRING_ONLY.test(f.expr));
  // the percentages are this test's report
  console.log(
    `${name}: ${pct(t).toFixed(2)} % of ${t.total - t.asideTotal} byte-exact (${all.toFixed(2)} % of ${t.total} with the ${t.asideTotal} string-literal-only ones)${real.length ? `; failing: ${JSON.stringify(real.slice(0, 5))}` : ''}`,
  );
};

async function check(
  t: Tally,
  expr: string,
  line: string,
  field: 'expression' | 'query',
  want: string,
  span?: number,
): Promise<void> {
  t.total++;
  const aside = field === 'expression' && STRING_ONLY.test(expr);
  if (aside) t.asideTotal++;
  const fail = (why: string) => {
    t.failed.push({ expr, why });
    if (aside) t.asideFailed++;
  };
  const command = line.includes('\n') ? pasted(line) : line;
  if (command === undefined) return fail('paste did not join it into one command');
  const { outcome, body } = await rig.send(command);
  if (outcome.kind === 'error') fail(outcome.error.message);
  else if (body?.[field] !== want) fail(`sent ${JSON.stringify(body?.[field])}`);
  // metrics range aligns its window to the step: a little over the hour.
  else if (span !== undefined && !(spanMs(body) >= span && spanMs(body) <= span + 300_000))
    fail(`span ${spanMs(body)}`);
}

const multi = (e: string) => e.includes('\n');
/** What a paste delivers: the trailing blank lines of a block are not part of it. */
const delivered = (e: string) => (multi(e) ? e.replace(/\s+$/, '') : e);

describe('corpus', () => {
  it('promql.jsonl typed raw after metrics query / metrics range … since 1h', {
    timeout: 120_000,
  }, async () => {
    const raw = tally();
    const since = tally();
    const paste = tally();
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
    expect(pct(raw)).toBe(100);
    expect(pct(since)).toBe(100);
    expect(pct(paste)).toBe(100);
  });

  it('promql.jsonl wrapped whole in one pair of quotes, its own quotes as they are', {
    timeout: 180_000,
  }, async () => {
    const dq = tally();
    const sq = tally();
    for (const e of load('promql.jsonl')) {
      const d = delivered(e);
      for (const [t, q] of [
        [dq, '"'],
        [sq, "'"],
      ] as const) {
        await check(t, e, `metrics query ${q}${d}${q}`, 'expression', d);
        await check(t, e, `metrics range ${q}${d}${q} since 1h`, 'expression', d, HOUR);
      }
    }
    report('promql wrapped "E"', dq);
    report("promql wrapped 'E'", sq);
    expect(pct(dq)).toBe(100);
    expect(pct(sq)).toBe(100);
  });

  it('promql.jsonl in the command language’s own quoting ("…" with \\" and \\\\)', {
    timeout: 120_000,
  }, async () => {
    // Read as such only where the inside, as it stands, is no expression: E with a `"` in it.
    const escaped = tally();
    for (const e of load('promql.jsonl').filter((x) => !multi(x) && x.includes('"'))) {
      const q = `"${e.replace(/["\\]/g, (c) => `\\${c}`)}"`;
      await check(escaped, e, `metrics query ${q}`, 'expression', e);
      await check(escaped, e, `metrics range ${q} since 1h`, 'expression', e, HOUR);
    }
    report('promql escaped "…\\"…"', escaped);
    expect(pct(escaped)).toBe(100);
  });

  it('logsql.jsonl after logs search, with and without since 1h', { timeout: 60_000 }, async () => {
    const raw = tally();
    const since = tally();
    const paste = tally();
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
    expect(pct(raw)).toBe(100);
    expect(pct(since)).toBe(100);
    expect(pct(paste)).toBe(100);
  });
});
