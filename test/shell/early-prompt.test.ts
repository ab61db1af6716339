// The plain prompt drawn before Ink has loaded (src/shell/early-prompt.ts) reads and echoes the
// keys typed meanwhile, and hands them to the shell's key source. The invariant that matters: a
// key is either handed over or still in the stream for the next reader, in order, never both,
// never lost — whenever the hand-over comes. Checked on a real Node stream, read as Ink reads
// stdin ('readable' and read(), utf8), with chunks arriving before, across and after it.
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { echoKeys, NO_ECHO } from '../../src/shell/early-echo.js';
import { holdTerminal } from '../../src/shell/early-prompt.js';

/** A terminal's two ends as the shell sees them: a TTY stdin with raw mode, a TTY stdout. */
function terminal() {
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    setRawMode(this: { isRaw: boolean }, raw: boolean) {
      this.isRaw = raw;
      return this;
    },
  });
  let screen = '';
  const stdout = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        screen += String(chunk);
        done();
      },
    }),
    { isTTY: true, columns: 80 },
  );
  return {
    io: { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream },
    stdin,
    screen: () => screen,
  };
}

const turn = () => new Promise((r) => setImmediate(r));
const draw = { welcome: 'hello\n', label: 'admin@r1', color: false, echo: true };

/** What Ink's reader gets after the hand-over: it reads as Ink does, until `expected` chars. */
async function readLikeInk(
  stdin: { read(): unknown; on: PassThrough['on']; off: PassThrough['off'] },
  expected: number,
) {
  let got = '';
  const onReadable = () => {
    let chunk: string | null;
    // biome-ignore lint/suspicious/noAssignInExpressions: the stream's read loop
    while ((chunk = stdin.read() as string | null) !== null) got += chunk;
  };
  stdin.on('readable', onReadable);
  for (let i = 0; i < 50 && got.length < expected; i++) await turn();
  stdin.off('readable', onReadable);
  return got;
}

describe('the early prompt', () => {
  it('echoes printable keys and Backspace at once, and stops echoing at the first other key', async () => {
    const t = terminal();
    const held = holdTerminal(t.io, draw);
    expect(held.drawn).toBe(true);
    t.stdin.write('show hostnx');
    await turn();
    t.stdin.write('\x7fe');
    await turn();
    expect(t.screen()).toMatch(/admin@r1> show hostne \x1b\[K$/);
    t.stdin.write('\t ip');
    await turn();
    expect(t.screen()).not.toContain('ip');
    expect(held.handOver().join('')).toBe('show hostnx\x7fe\t ip');
    held.release();
  });

  it('once erased for Ink, keeps reading until the hand-over but writes nothing more', async () => {
    const t = terminal();
    const held = holdTerminal(t.io, draw);
    held.erase();
    const before = t.screen();
    t.stdin.write('abc');
    await turn();
    expect(t.screen()).toBe(before);
    expect(held.handOver()).toEqual(['abc']);
    held.release();
  });

  it('hands every key over once, in order, however the chunks fall around the hand-over', async () => {
    const key = fc.oneof(
      fc.constantFrom('a', 'Z', ' ', '\x7f', '\r', '\t', '\x03', '\x04', '\x1b[A', 'é', '日', '🙂'),
      fc.string({ minLength: 1, maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(key, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.nat(8),
        async (chunks, at) => {
          const t = terminal();
          const held = holdTerminal(t.io, draw);
          const texts = chunks.map((c) => c.join(''));
          const cut = Math.min(at, texts.length);
          for (const text of texts.slice(0, cut)) {
            t.stdin.write(text);
            if (at % 2 === 0) await turn(); // sometimes read by the early reader, sometimes left waiting
          }
          const taken = held.handOver().join('');
          for (const text of texts.slice(cut)) t.stdin.write(text);
          const all = texts.join('');
          const rest = await readLikeInk(t.stdin, all.length - taken.length);
          held.release();
          expect(taken + rest).toBe(all);
          expect(held.handOver()).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads nothing when it does not echo (a recording): keys stay in the stream', async () => {
    const t = terminal();
    const held = holdTerminal(t.io, { ...draw, echo: false });
    t.stdin.write('show');
    await turn();
    expect(held.handOver()).toEqual([]);
    expect(await readLikeInk(t.stdin, 4)).toBe('show');
    expect(t.screen()).not.toContain('show');
    held.release();
  });

  it('a stop from outside before Ink is up: on SIGCONT, raw mode again and the prompt redrawn', async () => {
    const t = terminal();
    const signals = new EventEmitter();
    const held = holdTerminal(t.io, draw, signals as unknown as NodeJS.Process);
    t.stdin.write('sho');
    await turn();
    // The job-control shell left the terminal cooked while we were stopped.
    t.stdin.setRawMode(false);
    const before = t.screen().length;
    signals.emit('SIGCONT');
    expect(t.stdin.isRaw).toBe(true);
    expect(t.screen().slice(before)).toMatch(/\radmin@r1> sho /);
    // Once Ink draws, the line is Ink's: raw mode again, nothing drawn.
    held.erase();
    const erased = t.screen().length;
    t.stdin.setRawMode(false);
    signals.emit('SIGCONT');
    expect(t.stdin.isRaw).toBe(true);
    expect(t.screen().length).toBe(erased);
    // The key source's own handler takes over with the keys (keys/suspend.ts).
    held.handOver();
    expect(signals.listenerCount('SIGCONT')).toBe(0);
    held.release();
  });
});

describe('echoKeys', () => {
  it('never throws and echoes only printable ASCII, within the room it is given', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 6 }), fc.nat(100), (chunks, room) => {
        let echo = NO_ECHO;
        for (const c of chunks) echo = echoKeys(echo, c, room);
        expect(echo.typed).toMatch(/^[\x20-\x7e]*$/);
        expect(echo.typed.length).toBeLessThanOrEqual(room);
      }),
    );
  });

  it('is what the shell would show for keys whose effect is certain', () => {
    expect(echoKeys(NO_ECHO, 'show x\x7fy', 80)).toEqual({ typed: 'show y', echoing: true });
    expect(echoKeys(NO_ECHO, 'sh\rxx', 80)).toEqual({ typed: 'sh', echoing: false });
    expect(echoKeys(NO_ECHO, 'abc\x7f', 2)).toEqual({ typed: 'ab', echoing: false });
  });
});
