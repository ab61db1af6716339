// The terminal the end-to-end tests type into (test/e2e/tmux.ts) sends its keys through one
// tmux control client instead of a tmux process per key: whatever is typed must reach the
// program in the pane as exactly its UTF-8 bytes, quotes, control characters and all (a tmux
// process of its own read an argument ending in `;` as the end of its command, and typed
// `ls;` as `ls`), and the control client must not change the window's size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTmux, keysOf, shellQuote, Tmux } from './tmux.js';

/** Ends each typed text: Ctrl-], which the generated texts never hold. */
const END = 0x1d;
const dir = mkdtempSync(join(tmpdir(), 'routersh-tmux-client-'));
const received = join(dir, 'received');
const dumper = join(dir, 'dump.cjs');
writeFileSync(received, '');
// Raw mode: every byte reaches the program as typed (no line discipline, no signals).
writeFileSync(
  dumper,
  `process.stdin.setRawMode(true);
process.stdin.on('data', (d) => require('node:fs').appendFileSync(${JSON.stringify(received)}, d));
process.stdout.write('ready\\n');`,
);

let t: Tmux;
let seen = 0;

/** The bytes the program got since the last call, up to the END byte (waited for). */
async function nextTyped(): Promise<Buffer> {
  for (let i = 0; ; i++) {
    const all = readFileSync(received);
    const end = all.indexOf(END, seen);
    if (end >= 0) {
      const got = all.subarray(seen, end);
      seen = end + 1;
      return got;
    }
    // A hang guard only: the bytes come within milliseconds.
    if (i > 6_000) throw new Error(`the pane got no end byte: ${all.subarray(seen).toString('hex')}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const special = fc.constantFrom(
  "'",
  '"',
  '\\',
  ';',
  '#',
  '$',
  '~',
  '{',
  '}',
  ' ',
  '-',
  '--',
  '\n',
  '\r',
  '\t',
  '\x1b',
  '\x03',
  '\x7f',
  'é',
  '字',
  '😀',
  '\u0085',
);
const typed = fc
  .array(fc.oneof(special, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary-ascii' })), {
    maxLength: 8,
  })
  .map((parts) => parts.join('').replace(/[\x00\x1d]/g, ''));

describe.skipIf(!hasTmux())('the tmux the end-to-end tests type into', () => {
  beforeAll(async () => {
    t = new Tmux(100, 30);
    t.start(`node ${shellQuote(dumper)}`);
    await t.waitFor(/ready/);
  });
  afterAll(() => t.kill());

  it('keeps the window at the size it was made with', () => {
    t.type('x');
    const size = execFileSync(
      'tmux',
      ['-L', t.socket, 'display', '-p', '-t', 'app', '#{window_width}x#{window_height}'],
      {
        encoding: 'utf8',
      },
    );
    expect(size.trim()).toBe('100x30');
  });

  it('types any text as exactly its bytes', async () => {
    t.keys('C-]');
    await nextTyped();
    await fc.assert(
      fc.asyncProperty(typed, async (text) => {
        t.type(text);
        t.keys('C-]');
        expect((await nextTyped()).toString('hex')).toBe(Buffer.from(text, 'utf8').toString('hex'));
      }),
      { numRuns: 150 },
    );
  });

  it('splits a text into literal runs and hexadecimal bytes, in order', () => {
    expect(keysOf("a'b\x1bc")).toEqual([
      ['-l', '--', 'a'],
      ['-H', '27'],
      ['-l', '--', 'b'],
      ['-H', '1b'],
      ['-l', '--', 'c'],
    ]);
    expect(keysOf('')).toEqual([]);
  });
});
