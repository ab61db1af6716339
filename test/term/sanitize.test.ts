// The one sanitizer: nothing a server sends can drive the terminal, on one line or many, and
// --json documents are valid JSON with no control or format character left raw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonText, sanitizeLine, sanitizeText } from '../../src/term/sanitize.js';

// Anything a terminal acts on: C0 (but TAB/LF in text), DEL, C1, bidi and zero-width format characters.
const DANGEROUS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

describe('sanitizeLine / sanitizeText', () => {
  it('removes title-setting and clipboard sequences (OSC 0, OSC 52)', () => {
    expect(sanitizeLine('a\u001b]0;pwned\u0007b')).toBe('ab');
    expect(sanitizeLine('x\u001b]52;c;aGk=\u001b\\y')).toBe('xy');
    expect(sanitizeText('\u001b[2J\u001b[3Jok\n')).toBe('ok\n');
  });

  it('shows bidi overrides, zero-width characters and C1 controls instead of passing them', () => {
    expect(sanitizeLine('evil\u202eexe.txt')).toBe('evil<U+202E>exe.txt');
    expect(sanitizeLine('ad\u200bmin')).toBe('ad<U+200B>min');
    expect(sanitizeLine('a\u009b31mb')).toBe('a\\x9b31mb');
    expect(sanitizeLine('a\u007fb')).toBe('a\\x7fb');
    expect(sanitizeLine('a\nb\tc')).toBe('a b c');
    expect(sanitizeText('a\nb\tc\r')).toBe('a\nb\tc');
  });

  it('leaves nothing dangerous in any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(DANGEROUS.test(sanitizeLine(s))).toBe(false);
        expect(sanitizeLine(s)).not.toMatch(/[\n\u001b]/);
        expect(sanitizeText(s)).not.toMatch(/\u001b/);
        expect(DANGEROUS.test(sanitizeText(s).replace(/[\n\t]/g, ''))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps ordinary text, CJK and emoji as they are', () => {
    for (const s of ['eth0 up 1500', 'größe', '日本語', 'ok 👍🏽', 'a=b "c"']) {
      expect(sanitizeLine(s)).toBe(s);
      expect(sanitizeText(s)).toBe(s);
    }
  });
});

describe('jsonText', () => {
  it('escapes DEL, C1 and format characters and round-trips (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (v, s) => {
        for (const doc of [v, { s }, [s, v]]) {
          const text = jsonText(doc);
          expect(DANGEROUS.test(text)).toBe(false);
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(doc)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
