// Issue 10: what a user can type is written down. Every built-in, verb, output pipe and main
// flag appears in `routersh --help` and in README.md, read from the tables the code runs on
// (grammar.ts, pipes.ts, args.ts), so a command added without its documentation fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP, MAIN_OPTIONS } from '../src/cli/args.js';
import { BUILTIN_NAMES, VERBS } from '../src/lang/index.js';
import { PIPES } from '../src/lang/pipes.js';

// The README and the pages it links: docs/network.md documents the network flags.
const README = ['../README.md', '../docs/network.md']
  .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
  .join('\n');

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

  it('README (and the pages it links) list every built-in, verb, pipe and flag', () => {
    const missing = [
      ...BUILTIN_NAMES.filter((n) => !README.includes(`\`${n}`)),
      ...Object.keys(VERBS).filter((v) => !README.includes(`\`${v} WORD…`)),
      ...PIPES.map((p) => `\\| ${p.name}`).filter((p) => !README.includes(p)),
      ...flags.filter((f) => !README.includes(`\`${f}`)),
    ];
    expect(missing).toEqual([]);
  });
});
