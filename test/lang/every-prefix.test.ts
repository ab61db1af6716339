// pgcli's test_cte_does_not_crash, for us: every prefix of every line, through every entry
// point, cold and warm, with and without a context — nothing throws. And the quote state is
// one answer: what completion and classification see on a prefix is what isInsideQuote says
// (THE lexer), comments included (`# it's` opens no quote).
import { setMaxListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../src/api/router/types.js';
import {
  classifyLineSync,
  complete,
  completeSync,
  isInsideQuote,
  MetadataCache,
  resolveLine,
} from '../../src/lang/index.js';
import { gardenTree, routerTree, treeFetch } from './fixtures.js';

const LINES = [
  'no ipv4 firewall match-list bl action match net 10.0.0.0/24 net 10.1.0.0/16 port 80',
  'show interface eth0.100 # comment "here',
  'ping 10.0.0.1 size 100 count 3 numeric interface eth0 source 1.2.3.4',
  'system user bob password "s3cret pass"',
  'describe i f m',
  'plant s1 tag red tag blue tag green depth x water water',
  'no plant s22 tag "a b" \\ c',
  'z9 zebra zq "unclosed \\"quote',
  'broken ([a- "((" \'))\'',
  'qq "hello world" extra',
  'metrics range "rate(x[5m])" since 1h from now-1h to now step 30 bogus',
  'logs histogram "level:error" since 7d step 60 by host all',
  'help metrics label-values',
  'edit plant s1',
  'refresh ipv4 firewall',
  '  \t # only a comment',
  'history history no no show show',
  '🌱 "é x" \\',
  'metrics label-values job match {a="b"} match x',
  `metrics range 'rate(x{a="b"}[5m])' since 1h`,
  'metrics query "sum by (a) (rate(x{y=~\\"a|b\\"}[1m]))" at now-1h30m',
  'metrics range up from 2026-11-22T10:00:00Z to now step 5m',
  `logs search 'level:error AND host:"r1"' since 1h30m limit 5 all`,
  "show x # it's a comment \"with 'quotes",
  "# it's only a comment",
  `a\\ b 'c\\' "d\\"e" f#g #h 'i`,
  "system user bob password 'it''s' \"a b\"c'd e'",
  '"unclosed',
  "'",
  '\\',
  '#',
  "x#y 'z # w",
  'edit "plant" s1 # "x',
  'plant s1 tag \'a\\\' tag "b\\\\" tag c\\ d',
  // Wrapped whole in quotes, its own quotes inside; MetricsQL escapes in names.
  'metrics range "rate(x{a="b", c=~"d|e"}[5m])" since 1h step 5m',
  `metrics query 'x{a='b'} + "c"' at now`,
  'metrics query foo\\-bar\\{{a="b"} + \\"c',
  'metrics query "this is" a "string" since',
];

const trees: Array<[string, () => NodeInfo]> = [
  ['router', routerTree],
  ['garden', gardenTree],
];

/** Runs the checks of one prefix; what throws (an assertion or the code) names the prefix. */
async function checkPrefix(prefix: string, checks: () => Promise<void>): Promise<void> {
  try {
    await checks();
  } catch (e) {
    throw new Error(`prefix ${JSON.stringify(prefix)}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
}

describe('every prefix never throws', () => {
  for (const [name, tree] of trees) {
    for (const context of [[], ['plant', 's1'], ['interface']]) {
      it(`${name} tree, context [${context.join(' ')}]`, async () => {
        const signal = new AbortController().signal;
        // Every prefix is resolved at once on this one signal: each waiting lookup listens on it
        // (and stops listening when answered), more than Node's leak warning expects of one signal.
        setMaxListeners(0, signal);
        const cold = new MetadataCache(treeFetch(tree()));
        const warm = new MetadataCache(treeFetch(tree()));
        const vc = async () => [{ text: 'x y', display: 'x y', kind: 'value' as const, insertable: true }];
        for (const line of LINES) {
          for (let i = 0; i <= line.length; i++) {
            const prefix = line.slice(0, i);
            await checkPrefix(prefix, async () => {
              // expect() only where a check fails: ~25,000 prefixes, and vitest's expect costs more
              // than the code under test (a third of this file's time). A throw fails the test with
              // the prefix named (checkPrefix).
              const same = (got: unknown, want: unknown) => {
                if (got !== want) expect(got, prefix).toBe(want);
              };
              classifyLineSync(prefix, { cache: cold, context });
              completeSync(prefix, i, { cache: cold, context });
              const inQuote = isInsideQuote(line, i);
              same(isInsideQuote(prefix, i), inQuote);
              const sync = completeSync(prefix, i, { cache: warm, context });
              if (sync !== 'pending') same(sync.openQuote !== undefined, inQuote);
              const cls = classifyLineSync(prefix, { cache: warm, context });
              const lastWord = cls.kind === 'empty' ? undefined : cls.words.at(-1)?.token;
              // Every word the walker read is closed, except an open last one.
              if (lastWord && lastWord.end === prefix.length) same(!lastWord.closed, inQuote);
              else same(inQuote && cls.kind !== 'empty' && cls.kind !== 'error', false);
              const r = await resolveLine(prefix, { cache: warm, context }, signal);
              if (!/^(router|builtin|empty|error)$/.test(r.kind))
                expect(r.kind, prefix).toMatch(/^(router|builtin|empty|error)$/);
              const c = await complete(prefix, i, { cache: warm, context, valueCompleter: vc }, signal);
              same(c.openQuote !== undefined, inQuote);
              if (c.replaceFrom > c.replaceTo) expect(c.replaceFrom, prefix).toBeLessThanOrEqual(c.replaceTo);
              for (const cand of c.candidates) if (!cand.insertable) same(cand.text, '');
              classifyLineSync(prefix, { cache: warm, context });
              // The cursor anywhere in the full line, too.
              const s = completeSync(line, i, { cache: warm, context });
              if (s !== 'pending') same(s.replaceTo, i);
            });
          }
        }
      });
    }
  }
});
