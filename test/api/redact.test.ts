// The one redaction of both API clients (src/api/redact.ts).
import { describe, expect, it } from 'vitest';
import { mayHoldSecret, redactDeep } from '../../src/api/redact.js';

describe('redactDeep', () => {
  it('replaces every secret in strings and keys, longest first', () => {
    const v = { 'k-pw': ['u:pw', 'pw pw'], n: 1, z: null };
    expect(redactDeep(v, ['pw', 'u:pw'])).toEqual({
      'k-[redacted]': ['[redacted]', '[redacted] [redacted]'],
      n: 1,
      z: null,
    });
  });
  it('ignores empty secrets', () => {
    expect(redactDeep('abc', ['', ''])).toBe('abc');
    expect(redactDeep('abc', '')).toBe('abc');
  });
});

describe('mayHoldSecret', () => {
  it('is false only when the parsed JSON cannot hold a secret', () => {
    expect(mayHoldSecret('{"a":"nothing here"}', 'Secr3t')).toBe(false);
    expect(mayHoldSecret('{"a":"Secr3t"}', 'Secr3t')).toBe(true);
    // escaped spellings: \u, \/, and the plain JSON escape of a quote
    expect(mayHoldSecret('{"a":"\\u0053ecr3t"}', 'Secr3t')).toBe(true);
    expect(mayHoldSecret('{"a":"a\\/b"}', 'a/b')).toBe(true);
    expect(mayHoldSecret('{"a":"x\\"y"}', 'x"y')).toBe(true);
    expect(mayHoldSecret('{"a":"Secr3t"}', [])).toBe(false);
  });
});
