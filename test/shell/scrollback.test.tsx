// Command output is written as text above the live region (Ink's write path), not drawn as
// an Ink <Static> tree: the live frame never holds it, every line reaches the terminal once
// and in order, and the shell keeps none of it. Items are sanitized at that write.
import fc from 'fast-check';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationError } from '../../src/errors.js';
import { testSession } from '../helpers/session.js';
import { errorItem, item, itemText } from '../../src/shell/scrollback.js';
import { ShellApp } from '../../src/shell/ShellApp.js';
import { sanitizeText } from '../../src/term/sanitize.js';
import { hostileSequences } from '../helpers/terminal-bytes.js';
import { plain, waitFor } from '../helpers/ink.js';
import { EVIL, type HostileRouter, startHostileRouter } from '../hostile/router.js';

let router: HostileRouter;
beforeAll(async () => {
  router = await startHostileRouter({ showLines: 20_000 });
});
afterAll(() => router.close());

const newSession = () =>
  testSession(
    {
      router: router.url,
      user: 'admin',
      password: 'admin',
      auth: 'basic',
      insecure: false,
      timeoutMs: 10_000,
      json: false,
      color: false,
      keepGoing: false,
    },
    { interactive: true, warn: () => {}, width: () => 120 },
  );

describe('output above the live region', () => {
  it('a 20,000-line show: each line written once, in order, never in the live frame', async () => {
    const session = await newSession();
    const app = render(
      <ShellApp session={session} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />,
    );
    try {
      await waitFor(() => expect(plain(app.lastFrame())).toContain('>'));
      app.stdin.write('show interface');
      await waitFor(() => expect(plain(app.lastFrame())).toContain('show interface'));
      app.stdin.write('\r');
      const all = () => plain(app.frames.join('\n'));
      await waitFor(() => expect(all()).toContain('entry 20000 '), 20_000);
      const lines = all()
        .split('\n')
        .filter((l) => l.startsWith('entry '))
        .map((l) => Number(l.split(' ')[1]));
      expect(lines).toEqual(Array.from({ length: 20_000 }, (_, i) => i + 1));
      await waitFor(() => expect(plain(app.lastFrame())).toMatch(/>\s*$/));
      expect(plain(app.lastFrame())).not.toContain('entry ');
    } finally {
      app.unmount();
      await session.close();
    }
  }, 30_000);
});

describe('the pager', () => {
  it('a show taller than the window stops at --More--: Space a page, q drops the rest; | no-more does not', async () => {
    const session = await newSession();
    const app = render(
      <ShellApp session={session} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />,
    );
    Object.defineProperty(app.stdout, 'rows', { value: 10, configurable: true });
    const all = () => plain(app.frames.join('\n'));
    const entries = () =>
      all()
        .split('\n')
        .filter((l) => l.startsWith('entry '));
    try {
      await waitFor(() => expect(plain(app.lastFrame())).toContain('>'));
      app.stdin.write('show interface');
      await waitFor(() => expect(plain(app.lastFrame())).toContain('show interface'));
      app.stdin.write('\r');
      await waitFor(() => expect(plain(app.lastFrame())).toContain('--More--'), 10_000);
      await waitFor(() => expect(entries().length).toBe(8));
      app.stdin.write(' ');
      await waitFor(() => expect(all()).toContain('entry 16 '));
      app.stdin.write('q');
      await waitFor(() => expect(plain(app.lastFrame())).toMatch(/>\s*$/));
      expect(entries().length).toBe(16);
      // Tab completes a pipe name after `|`; `| no-more` writes the whole output, no --More--.
      app.stdin.write('show interface | no-m');
      await waitFor(() => expect(plain(app.lastFrame())).toContain('| no-m'));
      app.stdin.write('\t');
      await waitFor(() => expect(plain(app.lastFrame())).toContain('| no-more'));
      app.stdin.write('\r');
      await waitFor(() => expect(all()).toContain('entry 20000 '), 20_000);
      await waitFor(() => expect(plain(app.lastFrame())).toMatch(/>\s*$/));
      expect(plain(app.lastFrame())).not.toContain('--More--');
      expect(entries().length).toBe(16 + 20_000);
    } finally {
      app.unmount();
      await session.close();
    }
  }, 30_000);
});

describe('itemText', () => {
  it('sanitizes errors, outputs and echoed commands; colours only when asked', () => {
    const items = [
      errorItem(validationError(`expected %NUM${EVIL}`), {
        prompt: '> ',
        text: `interface eth${EVIL} mtu x`,
        at: { column: `interface eth${EVIL} mtu `.length, length: 1, wordIndex: 3 },
      }),
      item('output', `state${EVIL}\n`),
      item('command', `> show eth${EVIL}`),
    ];
    const text = items.map((it) => itemText(it, false)).join('');
    expect(text).toContain('evil');
    expect(text).not.toContain('\u001b');
    expect(hostileSequences(itemText(items[0]!, true))).toEqual([]);
    expect(itemText(items[0]!, true)).toMatch(/^\u001b\[31m[\s\S]*% [\s\S]*\u001b\[39m\n$/);
  });

  // An item that ended with a newline is written from its text as given (no copy of a big
  // output): the bytes must be those of the text without its newline, sanitized, plus one.
  it('writes what it wrote when it stripped the last newline and added one back (any text)', () => {
    const piece = fc.constantFrom(
      '\n',
      '\r',
      '\t',
      '\u001b',
      '\u001b]',
      '\u001bP',
      '\u0007',
      '\u001b\\',
      '\u202e',
      'a',
      '[',
    );
    const text = fc.oneof(
      fc.string(),
      fc.array(piece).map((a) => a.join('')),
      fc.string({ unit: 'grapheme' }),
    );
    fc.assert(
      fc.property(
        text,
        fc.constantFrom('output', 'command', 'info', 'error', 'diff'),
        fc.boolean(),
        (t, kind, color) => {
          const it = item(kind as Parameters<typeof item>[0], t);
          expect(it.text).toBe(t.replace(/\n$/, ''));
          if (!color) expect(itemText(it, color)).toBe(`${sanitizeText(t.replace(/\n$/, ''))}\n`);
          expect(itemText(it, color).endsWith('\n')).toBe(true);
        },
      ),
    );
  });

  it('an output that ends in an unterminated OSC still ends its line', () => {
    expect(itemText(item('output', 'up\u001b]0;title\n'), false)).toBe('up\n');
  });
});
