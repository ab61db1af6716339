// Issue 10: what a user can type is written down. Every built-in, verb, output pipe and main
// flag appears in `routersh --help` and in README.md, read from the tables the code runs on
// (grammar.ts, pipes.ts, args.ts), so a command added without its documentation fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP, MAIN_OPTIONS } from '../src/cli/args.js';
import { BUILTIN_NAMES, VERBS } from '../src/lang/index.js';
import { PIPES } from '../src/lang/pipes.js';

// README.md and the pages of docs/ it links: what a user can type is findable from the README.
const README = [
  readFileSync(new URL('../README.md', import.meta.url), 'utf8'),
  ...readdirSync(new URL('../docs/', import.meta.url))
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(new URL(`../docs/${f}`, import.meta.url), 'utf8')),
].join('\n');
const LINKED = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

// `metrics query` is listed as `metrics query|range|…` in --help: its words each appear.
const words = (name: string) => name.split(' ');
const flags = Object.entries(MAIN_OPTIONS)
  .filter(([name]) => name !== 'command' && name !== 'file')
  .map(([name]) => `--${name}`);

describe('the documentation names what the code accepts', () => {
  it('--help lists every built-in, verb, pipe and flag', () => {
    const missing = [
      ...BUILTIN_NAMES.flatMap(words).filter(
        (w) => !new RegExp(`(^|[\\s|·])${w}([\\s|…·]|$)`, 'm').test(HELP),
      ),
      ...Object.keys(VERBS).filter((v) => !HELP.includes(`${v} WORD…`)),
      ...PIPES.map((p) => `| ${p.name}`).filter((p) => !HELP.includes(p)),
      ...flags.filter((f) => !HELP.includes(f)),
    ];
    expect(missing).toEqual([]);
  });

  it('README is for users: at most 200 lines (measurements go in docs/benchmarks.md)', () => {
    expect(LINKED.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('README links every page of docs/', () => {
    const pages = readdirSync(new URL('../docs/', import.meta.url)).filter((f) => f.endsWith('.md'));
    expect(pages.filter((f) => !LINKED.includes(`docs/${f}`))).toEqual([]);
  });

  it('README and docs/ list every built-in, verb, pipe and flag', () => {
    const missing = [
      ...BUILTIN_NAMES.filter((n) => !README.includes(`\`${n}`)),
      ...Object.keys(VERBS).filter((v) => !README.includes(`\`${v} WORD…`)),
      ...PIPES.map((p) => `\\| ${p.name}`).filter((p) => !README.includes(p)),
      ...flags.filter((f) => !README.includes(`\`${f}`)),
    ];
    expect(missing).toEqual([]);
  });
});
