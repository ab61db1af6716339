// `dash import` never writes what its own `--validate` refuses: for corpus dashboards mutated at
// random (any field set to any JSON value, or to the values that broke it before: a 100-million-
// year window, a variable named __proto__), either the import refuses with one line or every page
// it would write passes the validator. Prints its seed and the command that replays it.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RoutershError } from '../../../src/errors.js';
import { dashboardYaml } from '../../../src/features/dashboards/dashboard-yaml.js';
import { importedYaml, importGrafana } from '../../../src/features/dashboards/grafana-import.js';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';

const DIR = new URL('../../corpus/grafana/', import.meta.url);
// The smaller exports: the property's runs stay within the unit group's time (the largest are
// covered whole by test/corpus/grafana-import.test.ts).
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ f, text: readFileSync(new URL(f, DIR), 'utf8') }))
  .filter((x) => x.text.length < 120_000);

const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REPLAY = `FC_SEED=${SEED} npx vitest run test/features/dashboards/import-validate-property.test.ts`;

type Json = unknown;

/** Every place in a JSON value (container and key), found without recursion. */
function places(root: Json): Array<{ at: Record<string, Json> | Json[]; key: string | number }> {
  const out: Array<{ at: Record<string, Json> | Json[]; key: string | number }> = [];
  const stack: Json[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v))
      v.forEach((x, i) => {
        out.push({ at: v, key: i });
        stack.push(x);
      });
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push({ at: v as Record<string, Json>, key: k });
        stack.push(x);
      }
  }
  return out;
}

/** Values that broke the import before, and Grafana's own spellings of things. */
const nasty = fc.constantFrom<Json>(
  'now-36499999635d',
  'now-100y',
  'now-0s',
  '__proto__',
  'constructor',
  '__all',
  '$__all',
  'label_values(up, __proto__)',
  'label_values(up{a="$b"}, c)',
  'query_result(x)',
  'metrics(^a)',
  '/(/',
  '',
  ' ',
  '\u001b[31m',
  'a\nb',
  -1,
  1e308,
  0,
  true,
  null,
  [],
  {},
);
const value = fc.oneof(nasty, fc.jsonValue({ maxDepth: 2 }));
/** A mutation: a place (an index into places()), and what it becomes. */
const mutation = fc.record({ place: fc.nat(), to: value, rename: fc.boolean() });

function mutate(text: string, ms: Array<{ place: number; to: Json; rename: boolean }>): string {
  const root = JSON.parse(text) as Json;
  for (const m of ms) {
    const all = places(root);
    const p = all[m.place % Math.max(1, all.length)];
    if (!p) continue;
    // A key renamed (`name` → `__proto__`), or a value replaced.
    if (m.rename && !Array.isArray(p.at) && typeof m.to === 'string') {
      const obj = p.at as Record<string, Json>;
      const v = obj[p.key as string];
      delete obj[p.key as string];
      Object.defineProperty(obj, m.to, { value: v, enumerable: true, writable: true, configurable: true });
    } else (p.at as Record<string | number, Json>)[p.key] = m.to;
  }
  return JSON.stringify(root);
}

describe('dash import ⇔ --validate', () => {
  it('a mutated corpus dashboard: refused with one line, or every page passes --validate', () => {
    try {
      fc.assert(
        fc.property(
          fc.nat({ max: FILES.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 6 }),
          (n, ms) => {
            const { f, text } = FILES[n]!;
            const mutated = mutate(text, ms);
            let r: ReturnType<typeof importGrafana>;
            try {
              r = importGrafana(mutated, f);
            } catch (e) {
              expect(e).toBeInstanceOf(RoutershError);
              expect((e as Error).message.split('\n')).toHaveLength(1);
              return;
            }
            // The import itself makes only what the validator reads back: its last check
            // (importedYaml, which refuses a page that fails) never has to.
            for (const d of r.dashboards) {
              const yaml = dashboardYaml(d);
              const back = parseDashboard(yaml);
              const lines = yaml.split('\n');
              const issues = 'issues' in back ? back.issues : [];
              if (issues.length > 0)
                throw new Error(
                  issues.map((i) => `${i.line}: ${i.message} — ${lines[i.line - 1]}`).join('\n'),
                );
            }
            expect(importedYaml(r, f)).toHaveLength(r.dashboards.length);
          },
        ),
        { seed: SEED, numRuns: Number(process.env.FC_RUNS ?? 25) },
      );
    } catch (e) {
      const cause = (e as { cause?: unknown }).cause;
      throw new Error(
        `${(e as Error).message}\n${cause instanceof Error ? cause.message : ''}\nreplay: ${REPLAY}`,
      );
    }
  });

  it('the cases found before: a 100-million-year window, a variable named __proto__', () => {
    const base = JSON.parse(FILES[0]!.text) as Record<string, unknown>;
    const d = {
      ...base,
      time: { from: 'now-36499999635d', to: 'now' },
      templating: { list: [{ name: '__proto__', type: 'custom', query: 'a,b' }] },
    };
    const r = importGrafana(JSON.stringify(d), 'x.json');
    for (const yaml of importedYaml(r, 'x.json')) expect('dashboard' in parseDashboard(yaml)).toBe(true);
    expect(r.notes.join('\n')).toMatch(/36499999635d/);
    expect(r.refused.map((x) => x.what)).toContain('variable "__proto__"');
  });
});
