// A frame that answers a key is drawn at once (term/draw-now.ts, the `drawNow` option that
// patches/ink adds): Ink as the shell renders it (shell/ink-options.ts, throttled at 30 frames a
// second), under the one KeyProvider. Timers are frozen, so a frame that waits for the end of
// Ink's throttle window is never drawn here: what shows was drawn without waiting.
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { Text, render } from 'ink';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyProvider } from '../../src/panes/key-source/KeyProvider.js';
import { useKeys } from '../../src/panes/key-source/use-keys.js';
import { shellRenderOptions } from '../../src/shell/ink-options.js';
import { createDrawNow } from '../../src/term/draw-now.js';

function tty<T extends object>(stream: PassThrough, extra: T): PassThrough & T {
  return Object.assign(stream, { isTTY: true, columns: 80, rows: 24 }, extra);
}

let setData: (n: number) => void = () => {};
function Counter() {
  const [keys, setKeys] = useState(0);
  const [data, setDataState] = useState(0);
  setData = setDataState;
  useKeys((k) => {
    if (k.name !== 'x') return false;
    setKeys((n) => n + 1);
    return true;
  });
  return <Text>{`keys=${keys} data=${data}`}</Text>;
}

/** The counter as the shell renders it (its Ink options, under the one KeyProvider), on `stdout`. */
function mount(stdout: NodeJS.WritableStream) {
  const stdin = tty(new PassThrough(), { setRawMode: () => stdin, ref: () => {}, unref: () => {} });
  const drawNow = createDrawNow();
  const app = render(
    <KeyProvider bracketedPaste={false} onKey={drawNow.mark}>
      <Counter />
    </KeyProvider>,
    {
      ...shellRenderOptions(stdout as unknown as NodeJS.WriteStream, drawNow),
      stdin: stdin as unknown as NodeJS.ReadStream,
    },
  );
  return { stdin, app };
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('a frame that answers a key', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is drawn at once, where a frame from data waits for the end of the throttle window', async () => {
    let out = '';
    const stdout = tty(new PassThrough(), {});
    stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const { stdin, app } = mount(stdout);
    await turns();
    expect(out).toContain('keys=0 data=0');

    // Data inside the window: held for its trailing edge (frozen here).
    setData(1);
    await turns();
    expect(out).not.toContain('data=1');

    // A key: its frame (with the data held before it) is drawn now.
    stdin.write('x');
    await turns();
    expect(out).toContain('keys=1 data=1');

    // Once per key: data after it waits again.
    setData(2);
    await turns();
    expect(out).not.toContain('data=2');
    await vi.advanceTimersByTimeAsync(50);
    expect(out).toContain('keys=1 data=2');
    app.unmount();
  });
});

/** A terminal stream that counts what reaches it as one write (a syscall each on a real TTY). */
class CountingTty extends Writable {
  isTTY = true;
  columns = 80;
  rows = 24;
  calls: string[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.calls.push(chunk.toString());
    done();
  }
  override _writev(chunks: Array<{ chunk: Buffer }>, done: () => void) {
    this.calls.push(chunks.map((c) => c.chunk.toString()).join(''));
    done();
  }
}

describe('a frame reaches the terminal', () => {
  it('in one write, its synchronized-update marks included (patches/ink: was three)', async () => {
    const stdout = new CountingTty();
    const { stdin, app } = mount(stdout);
    await turns();
    for (let i = 1; i <= 3; i++) {
      const before = stdout.calls.length;
      stdin.write('x');
      await turns();
      const frame = stdout.calls.slice(before);
      expect(frame).toHaveLength(1);
      expect(frame[0]).toMatch(new RegExp(`^\\x1b\\[\\?2026h[^]*keys=${i} [^]*\\x1b\\[\\?2026l$`));
    }
    app.unmount();
  });

  it('a stdout that is only a write() still gets every frame (the bench harnesses give one)', async () => {
    const frames: string[] = [];
    const stdout = Object.assign(new EventEmitter(), {
      isTTY: true,
      columns: 80,
      rows: 24,
      write: (s: string) => frames.push(s) > 0,
    });
    const { stdin, app } = mount(stdout as unknown as NodeJS.WritableStream);
    await turns();
    stdin.write('x');
    await turns();
    expect(frames.join('')).toContain('keys=1');
    app.unmount();
  });
});
