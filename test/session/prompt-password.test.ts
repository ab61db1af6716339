// The password and token prompt (session/prompt-password.ts) on streams that stand for a
// terminal: echo (cooked mode) is off before the prompt is written, so a key typed as soon as
// the prompt shows is never echoed (class-board-tmux.test.ts once saw the token echoed on a
// loaded machine); nothing typed reaches the output; the mode is restored on every path.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { promptPassword } from '../../src/session/prompt-password.js';

function terminal() {
  const events: string[] = [];
  const stdin = Object.assign(new PassThrough(), {
    isRaw: false,
    setRawMode(raw: boolean) {
      stdin.isRaw = raw;
      events.push(`raw ${raw}`);
      return stdin;
    },
  });
  const out = Object.assign(new PassThrough(), { written: '' });
  out.on('data', (d: Buffer) => {
    out.written += d.toString();
  });
  const write = out.write.bind(out);
  out.write = ((chunk: string, ...rest: never[]) => {
    events.push(`write ${JSON.stringify(String(chunk))} while raw ${stdin.isRaw}`);
    return write(chunk, ...rest);
  }) as typeof out.write;
  return {
    stdin: stdin as unknown as NodeJS.ReadStream,
    out: out as unknown as NodeJS.WriteStream,
    events,
    written: () => out.written,
  };
}

describe('promptPassword', () => {
  it('turns echo off before it writes the prompt, and restores it after', async () => {
    const t = terminal();
    const answer = promptPassword('token: ', t.stdin, t.out);
    (t.stdin as unknown as PassThrough).write('s3cret\r');
    expect(await answer).toBe('s3cret');
    expect(t.events[0]).toBe('raw true');
    expect(t.events[1]).toBe('write "token: " while raw true');
    expect(t.events.at(-2)).toBe('raw false');
    expect(t.written()).toBe('token: \n');
  });

  it('edits with Backspace and Ctrl-U; nothing typed is written', async () => {
    const t = terminal();
    const answer = promptPassword('password: ', t.stdin, t.out);
    (t.stdin as unknown as PassThrough).write('wrong\u0015pa\u007fxs\u007f\u007fw\n');
    expect(await answer).toBe('pw');
    expect(t.written()).not.toMatch(/wrong|pw/);
  });

  it('Ctrl-C cancels with the mode restored', async () => {
    const t = terminal();
    const answer = promptPassword('password: ', t.stdin, t.out);
    (t.stdin as unknown as PassThrough).write('ab\u0003');
    await expect(answer).rejects.toThrow(/cancelled/);
    expect(t.events).toContain('raw false');
    expect(t.written()).not.toContain('ab');
  });
});
