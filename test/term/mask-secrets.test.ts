import { describe, expect, it } from 'vitest';
import { maskKnownSecrets, maskRanges } from '../../src/term/mask-secrets.js';

describe('maskRanges', () => {
  it('masks each range with as many stars as it has units, keeping the rest', () => {
    expect(maskRanges('user bob password hunter2 x', [{ start: 18, end: 25 }])).toBe(
      'user bob password ******* x',
    );
    expect(maskRanges('a b c', [])).toBe('a b c');
    expect(
      maskRanges('ab cd ef', [
        { start: 6, end: 8 },
        { start: 0, end: 2 },
      ]),
    ).toBe('** cd **');
  });
});

describe('maskKnownSecrets', () => {
  it('masks a secret cut by colour and the inverse cursor, keeping the escape sequences', () => {
    const chunk = 'password \u001b[33mhun\u001b[7mt\u001b[27mer2\u001b[39m\n';
    const out = maskKnownSecrets(chunk, ['hunter2']);
    expect(out).toBe('password \u001b[33m***\u001b[7m*\u001b[27m***\u001b[39m\n');
  });

  it('masks every occurrence and leaves other text and OSC sequences alone', () => {
    const out = maskKnownSecrets('\u001b]0;title\u0007s3cret and s3cret', ['s3cret']);
    expect(out).toBe('\u001b]0;title\u0007****** and ******');
    expect(maskKnownSecrets('nothing here', ['s3cret'])).toBe('nothing here');
    expect(maskKnownSecrets('x', [])).toBe('x');
  });
});
