// Option values over a big list (a match-list's members: `… match net <Tab>` lists SetOptions'
// `net` values) are ranked through an index built once per metadata version. Property: every
// prefix of lines over the list completes without throwing, the index is built once, and the
// candidates are the ones the plain ranking gives (an independent oracle here): exact, then
// case-sensitive prefix, then case-insensitive prefix, each in first-seen order, duplicates
// once, values with control characters listed (not insertable) after them, then the
// placeholder. Sizes stay at or under FUZZY_MAX so a word matching nothing is ranked fuzzily
// over the whole list as before (past it, as for a large Value node, the list gets no fuzzy pass).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../src/api/router/types.js';
import { complete, completeSync, MetadataCache } from '../../src/lang/index.js';
import { FUZZY_MAX } from '../../src/lang/rank.js';
import { sanitizeLine } from '../../src/term/sanitize.js';
import { INDEX_MIN, indexStats } from '../../src/lang/value-index.js';
import { opt, tok, treeFetch } from './fixtures.js';

const signal = new AbortController().signal;
const SIZE = 1_500;

/** Router order, unsorted, with repeats, mixed case, a multi-valued record and a control character. */
function members(n: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < n; i++) out.push([`10.${(i * 37) % 256}.${i >> 8}.${i & 255}`]);
  out.push(['10.1.0.1'], ['Host-A', 'host-b'], ['HOST-C'], ['bad\u0007x'], ['10.2']);
  return out;
}

function tree(values: string[][]): NodeInfo {
  const match = tok('match', {
    allowSet: true,
    allowUnSet: true,
    setValues: values.map((v) => v[0]!),
    setOptions: values.map((v) => ({ net: v })),
    opts: [opt('net', { key: true, availableInUnSet: true, valueType: '%NET', description: 'an entry' })],
  });
  return tok('', { sub: [tok('list', { hasSetSubnodes: true, hasUnSetSubnodes: true, sub: [match] })] });
}

/** What the plain ranking gives for `partial` (undefined when only a fuzzy pass could answer). */
function oracle(values: string[][], partial: string): string[] | undefined {
  const seen: string[] = [];
  for (const v of values.flat()) if (!seen.includes(v)) seen.push(v);
  const ok = (v: string) => !/[\u0000-\u001f\u007f]/.test(v);
  const real = seen.filter(ok);
  const held = seen.filter((v) => !ok(v));
  const lower = partial.toLowerCase();
  const exact = real.filter((v) => v === partial);
  const prefix = real.filter((v) => v !== partial && v.startsWith(partial));
  const loose = real.filter((v) => !v.startsWith(partial) && v.toLowerCase().startsWith(lower));
  const found = [...exact, ...prefix, ...loose];
  if (partial !== '' && found.length === 0) return undefined;
  return [...found, ...held.map(sanitizeLine), '<net>'];
}

function engine(values: string[][]) {
  const cache = new MetadataCache(treeFetch(tree(values)));
  return {
    tab: (line: string) => complete(line, line.length, { cache, context: [] }, signal),
    sync: (line: string) => completeSync(line, line.length, { cache, context: [] }),
  };
}

const shown = (c: { candidates: Array<{ display: string }> }) => c.candidates.map((x) => x.display);

describe('option values over a big list', () => {
  it('sits between the index threshold and the fuzzy cap, so both rankings must agree', () => {
    expect(SIZE).toBeGreaterThanOrEqual(INDEX_MIN);
    expect(SIZE + 6).toBeLessThanOrEqual(FUZZY_MAX);
  });

  it('every prefix of a line completes without throwing, as the plain ranking does, from one index', async () => {
    const values = members(SIZE);
    const e = engine(values);
    const before = indexStats.builds;
    await e.tab('list match net ');
    await e.tab('no list match net ');
    const built = indexStats.builds;
    expect(built).toBe(before + 1);
    const word = fc.oneof(fc.constantFrom(...values.flat()), fc.stringMatching(/^[0-9.a-zA-Z-]{0,8}$/));
    await fc.assert(
      fc.asyncProperty(word, fc.boolean(), async (w, no) => {
        const line = `${no ? 'no ' : ''}list match net ${w}`;
        for (let i = 0; i <= line.length; i++) {
          const c = e.sync(line.slice(0, i));
          expect(c).not.toBe('pending');
        }
        const at = `${no ? 'no ' : ''}list match net `;
        const sync = e.sync(`${at}${w}`);
        if (sync === 'pending') throw new Error('pending');
        const async = await e.tab(`${at}${w}`);
        expect(shown(async)).toEqual(shown(sync));
        const want = oracle(values, w);
        if (want) expect(shown(sync)).toEqual(want);
        else
          expect(
            sync.candidates.filter((x) => x.insertable).every((x) => values.flat().includes(x.display)),
          ).toBe(true);
      }),
      { numRuns: 80 },
    );
    expect(indexStats.builds).toBe(built);
  });

  it('a small list is ranked as a plain list and gives the same classes', async () => {
    const values = members(10);
    const e = engine(values);
    const before = indexStats.builds;
    const c = await e.tab('list match net host');
    expect(indexStats.builds).toBe(before);
    expect(shown(c)).toEqual(oracle(values, 'host'));
  });
});
