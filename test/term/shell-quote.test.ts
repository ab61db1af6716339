// quoteFor, the quoting of every candidate bash inserts (term/shell-quote.ts), checked by
// the real bash: for any string, the quoted text inside `'…'`, inside `"…"` and bare, parsed by
// bash with history expansion on (as at an interactive prompt, where `!` is special), gives the
// string back byte for byte as one word — and runs nothing. Batched: one bash per run of the
// property, every string of the run in it. A failing property prints its seed and the command
// replaying it (test/fast-check-replay.ts).
//
// Each batch is a fresh `bash -s` reading the script from a file, as before, but started by a
// small shell kept for the file (the launcher): a process forked by this one copies this
// process's page tables (a worker of hundreds of MB: ~37 ms a spawn, 3.7 s for the property's
// 100 batches), a process forked by the launcher does not.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type QuoteContext, quoteFor } from '../../src/term/shell-quote.js';

const CONTEXTS: readonly QuoteContext[] = ["'", '"', 'bare'];

/** The word as the user's line holds it: the open quote, the candidate, the quote closed. */
const word = (value: string, context: QuoteContext) =>
  context === 'bare' ? quoteFor(value, context) : `${context}${quoteFor(value, context)}${context}`;

/** bash's directory: a quoting that failed (`>` let through) writes files here, never in the repository. */
const cwd = mkdtempSync(join(tmpdir(), 'routersh-shell-quote-'));
/** The script and what bash wrote, apart from bash's directory (which must stay empty). */
const io = mkdtempSync(join(tmpdir(), 'routersh-shell-quote-io-'));
const [script, out, err] = ['script', 'out', 'err'].map((f) => join(io, f)) as [string, string, string];

/** The launcher: for each line it reads, one fresh bash on the script; then a line of its own. */
const launcher: ChildProcess = spawn(
  'sh',
  [
    '-c',
    'while read -r _; do bash --norc --noprofile -s <"$1" >"$2" 2>"$3"; echo done; done',
    'sh',
    script,
    out,
    err,
  ],
  {
    cwd,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8', HOME: '/nonexistent' },
  },
);
afterAll(() => {
  launcher.kill();
});
let waiting: { resolve: () => void; reject: (e: Error) => void } | undefined;
launcher.stdout?.setEncoding('utf8').on('data', (d: string) => {
  for (const _ of d.match(/done\n/g) ?? []) waiting?.resolve();
});
launcher.on('exit', () => waiting?.reject(new Error('the launcher shell ended')));
/** One fresh bash on the script; resolves when it has ended. */
const ran = () =>
  new Promise<void>((resolve, reject) => {
    waiting = { resolve, reject };
    launcher.stdin?.write('go\n');
  });

/**
 * What bash makes of each quoted word: `printf '%s\0' WORD` a line each (NUL ends a word, so a
 * word split in two or a line dropped by history expansion shows), with history expansion on
 * as at a prompt. A `$(…)` that ran would print into the output too.
 */
async function bashWords(words: readonly string[]): Promise<string[]> {
  writeFileSync(script, ['set -H -o history', ...words.map((w) => `printf '%s\\0' ${w}`)].join('\n'));
  await ran();
  expect(readFileSync(err, 'utf8')).toBe('');
  expect(readdirSync(cwd)).toEqual([]);
  return readFileSync(out, 'utf8').split('\0').slice(0, -1);
}

/** Strings rich in what the shells treat specially, and anything else but NUL (no argv holds it). */
const METACHARS = [...'\'"$`\\!;&|<>(){}[]*?~#^ \t\n=%:,.-+@'];
const anyChar = fc.oneof(
  fc.constantFrom(...METACHARS),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\0'),
);
const value = fc.string({ unit: anyChar, maxLength: 24 });

describe('quoteFor: what bash parses is the value, one word', () => {
  it('examples: a router’s hostile values in each context', async () => {
    expect(quoteFor("a'$(touch PWNED1)'", "'")).toBe(`a'\\''$(touch PWNED1)'\\''`);
    expect(quoteFor('b"$(touch PWNED2)"', '"')).toBe('b\\"\\$(touch PWNED2)\\"');
    expect(quoteFor('c`touch PWNED3`', 'bare')).toBe('c\\`touch\\ PWNED3\\`');
    expect(quoteFor('f!g', '"')).toBe(`f"'!'"g`);
    expect(quoteFor('', 'bare')).toBe("''");
    const values = [
      "a'$(touch PWNED1)'",
      'b"$(touch PWNED2)"',
      'c`touch PWNED3`',
      'd;touch PWNED4',
      'e x y',
      'f!g',
      'h\\i',
      'j\nk',
      // A newline then `^`: a line of its own would be a history substitution (`^a^b`).
      'x\n^a^b',
      '~root',
      '#x',
      'é{a,b}',
      '!!',
      '',
    ];
    for (const context of CONTEXTS)
      expect(await bashWords(values.map((v) => word(v, context))), `context ${context}`).toEqual(values);
  });

  it('property: any string, quoted for each context, comes back byte-exact from bash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 40 }), async (values) => {
        const words = CONTEXTS.flatMap((c) => values.map((v) => word(v, c)));
        expect(await bashWords(words)).toEqual([...values, ...values, ...values]);
      }),
      { numRuns: 100 },
    );
  });
});
