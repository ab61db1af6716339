// The bundle's patches to Ink's text pipeline (scripts/ink-patches.mjs) must not change
// what is measured: every code point of the fast path is one column for string-width itself,
// and the built bundle carries the bounded caches.
import { readdirSync, readFileSync } from 'node:fs';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { NARROW_RANGES } from '../../scripts/ink-patches.mjs';

describe('ink patches', () => {
  it('the string-width fast path only covers one-column characters', () => {
    const wrong: string[] = [];
    for (const [a, b] of NARROW_RANGES) {
      for (let c = a; c <= b; c++) if (stringWidth(String.fromCodePoint(c)) !== 1) wrong.push(c.toString(16));
    }
    expect(wrong).toEqual([]);
    expect(stringWidth('─╮ 日本')).toBe(7); // outside the fast path: still measured as wide
  });

  it('the built bundle bounds Ink caches and has the fast path', () => {
    const dir = new URL('../../dist/chunks/', import.meta.url);
    const code = readdirSync(dir)
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    expect(code).toContain('if (cache.size >= 4096) cache.clear();');
    expect(code).toContain('if (++cacheSize > 4096)');
    expect(code).toMatch(/ambiguousIsNarrow && \/\^\[\\u0020-\\u007E/);
  });
});
