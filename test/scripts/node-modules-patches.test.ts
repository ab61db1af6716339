// The patches of node_modules (patches/, applied by patch-package on `npm install` and
// `npm ci`) are in effect where tests and the bundle load them from: Ink's text caches are
// bounded, wrapText's cache key is unambiguous (ink PR #998), and every string-width that
// Ink or our code imports has the fast path, which measures exactly what the slow path does.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ours = createRequire(import.meta.url);
const inkIndex = ours.resolve('ink');
const fromInk = createRequire(inkIndex);
const inkFile = (name: string) => readFileSync(`${dirname(inkIndex)}/${name}`, 'utf8');

/** Every string-width copy in Ink's text pipeline and ours, as the importers resolve it. */
function stringWidthCopies(): string[] {
  const importers = ['widest-line', 'cli-truncate', 'wrap-ansi'].map((p) =>
    createRequire(fromInk.resolve(p)),
  );
  return [...new Set([ours, fromInk, ...importers].map((r) => r.resolve('string-width')))];
}

type StringWidth = (text: string) => number;
type WrapText = (text: string, maxWidth: number, wrapType: string) => string;
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(path).href)).default as T;

/** The fast path's character class, as installed (so the test checks what runs). */
function fastPathClass(source: string): RegExp {
  const m = /ambiguousIsNarrow && \/(\^\[[^\]]+\]\*\$)\/\.test\(string\)/.exec(source);
  if (!m?.[1]) throw new Error('string-width fast path not found');
  return new RegExp(m[1]);
}

describe('patches of node_modules', () => {
  it('Ink imports the top-level string-width and wrap-ansi its own 7.x: both copies are patched', () => {
    const copies = stringWidthCopies();
    expect(copies.length).toBeGreaterThanOrEqual(2);
    for (const file of copies) expect(() => fastPathClass(readFileSync(file, 'utf8'))).not.toThrow();
  });

  it('each patch is in place once, however often npm install runs (a patch must not apply twice)', () => {
    for (const file of stringWidthCopies()) {
      expect(readFileSync(file, 'utf8').match(/routersh patch/g)).toHaveLength(1);
    }
    for (const name of ['measure-text.js', 'wrap-text.js']) {
      expect(inkFile(name).match(/size >= 4096/g)).toHaveLength(1);
    }
    // test/shell/draw-now.test.tsx checks what it does.
    expect(inkFile('ink.js').match(/this\.options\.drawNow\?\.\(\)/g)).toHaveLength(1);
    // test/http/young-objects.test.ts checks what these do.
    const undiciFile = (name: string) => readFileSync(ours.resolve(`undici/lib/${name}`), 'utf8');
    expect(undiciFile('dispatcher/client.js').match(/this\[kResume\] = onResume/g)).toHaveLength(1);
    expect(undiciFile('dispatcher/client-h1.js').match(/__proto__: h1Context,/g)).toHaveLength(1);
    expect(undiciFile('util/timers.js').match(/this\._onTimeout = clearedTimeout/g)).toHaveLength(1);
  });

  it('the string-width fast path only covers characters the slow path measures as one column', async () => {
    for (const file of stringWidthCopies()) {
      const fast = fastPathClass(readFileSync(file, 'utf8'));
      const stringWidth = await load<StringWidth>(file);
      const covered: number[] = [];
      const wrong: string[] = [];
      for (let c = 0; c <= 0xffff; c++) {
        const ch = String.fromCharCode(c);
        if (!fast.test(ch)) continue;
        covered.push(c);
        // A wide CJK character sends the pair down the slow path (grapheme segmenter + EAW).
        const slow = stringWidth(`${ch}日`) - 2;
        if (stringWidth(ch) !== 1 || slow !== 1) wrong.push(`U+${c.toString(16)}: slow path ${slow}`);
      }
      expect(wrong, file).toEqual([]);
      for (const ch of '─╮█▁·é…') expect(covered, file).toContain(ch.charCodeAt(0));
      expect(stringWidth('─╮ 日本'), file).toBe(7); // outside the fast path: still wide
      expect(stringWidth('a\u0301'), file).toBe(1); // a combining mark leaves the fast path
    }
  });

  it('wrapText keeps "ab" at 12 columns and "ab1" at 2 columns apart (ink PR #998)', async () => {
    const wrapText = await load<WrapText>(`${dirname(inkIndex)}/wrap-text.js`);
    expect(wrapText('ab', 12, 'wrap')).toBe('ab');
    expect(wrapText('ab1', 2, 'wrap')).toBe('ab\n1'); // the old key 'ab12wrap' returned 'ab'
    expect(wrapText('xy', 12, 'truncate')).toBe('xy');
    expect(wrapText('xy1', 2, 'truncate')).toBe('x…');
  });

  it("Ink's measure-text and wrap-text caches are cleared at 4096 entries", () => {
    expect(inkFile('measure-text.js')).toContain('if (cache.size >= 4096) {\n        cache.clear();');
    expect(inkFile('wrap-text.js')).toContain('if (cache.size >= 4096) {\n        cache.clear();');
  });

  it("Ink's Output keeps a line's styled cells across frames, bounded (the warm Tab at the screen)", () => {
    const output = inkFile('output.js');
    expect(output.match(/const sharedStyledChars = new Map\(\)/g)).toHaveLength(1);
    expect(output).toContain('if (map.size >= SHARED_MAX) map.clear();');
  });

  it('no Intl.Segmenter is made when Ink loads (the first costs ~22 ms): each is made at first need', () => {
    // Ink's tokenizer, slice-ansi and wrap-ansi's string-width, as Ink resolves them (ESM-only
    // packages are found beside the file that imports them).
    const beside = (from: string, file: string) => {
      for (let dir = dirname(from); dir !== dirname(dir); dir = dirname(dir)) {
        const path = join(dir, 'node_modules', file);
        if (existsSync(path)) return path;
      }
      throw new Error(`${file} not found from ${from}`);
    };
    const files = [
      beside(inkIndex, '@alcalzone/ansi-tokenize/build/tokenize.js'),
      beside(inkIndex, 'slice-ansi/tokenize-ansi.js'),
      createRequire(fromInk.resolve('wrap-ansi')).resolve('string-width'),
    ];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).toMatch(/\?\?= new Intl\.Segmenter\(/); // the control: made on need
      expect(source, file).not.toMatch(/^(const|let|var) \w+ = new Intl\.Segmenter/m);
    }
    expect(readFileSync(files[0]!, 'utf8').match(/of graphemes\(str\)/g)).toHaveLength(1);
  });

  it("Ink's Output draws a printable ASCII line from shared cells, no tokenize (the monitor's rows)", () => {
    expect(inkFile('output.js').match(/const plainCells = \(line\) =>/g)).toHaveLength(1);
  });

  it("signal-exit's one use of node:assert is assert.equal, which the bundle's plain check has (scripts/undici-trim.mjs)", () => {
    const source = readFileSync(fromInk.resolve('signal-exit'), 'utf8');
    expect(source.match(/require\('assert'\)/g)).toHaveLength(1);
    expect([...source.matchAll(/\bassert\.(\w+)/g)].map((m) => m[1])).toEqual(['equal']);
  });

  it("undici only ever calls assert(value), the one use the bundle's plain check stands in for (scripts/undici-trim.mjs)", () => {
    const lib = join(dirname(ours.resolve('undici')), 'lib');
    const files = readdirSync(lib, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const other: string[] = [];
    let calls = 0;
    for (const f of files) {
      const required = /^const assert = require\('(node:)?assert'\)$/gm;
      const source = readFileSync(join(lib, f), 'utf8');
      if (!required.test(source)) continue;
      for (const m of source.replace(required, '').matchAll(/\bassert\b(.)/g)) {
        if (m[1] === '(') calls++;
        else other.push(`${f}: assert${m[1]}`);
      }
    }
    expect(calls).toBeGreaterThan(50); // the control: the calls are found
    expect(other).toEqual([]);
  });

  it("the bundle's string-width (#string-width, what src/term/text-width.ts requires) measures as node_modules' does", async () => {
    const dist = createRequire(new URL('../../dist/main.cjs', import.meta.url));
    expect(dist.resolve('#string-width')).toBe(
      fileURLToPath(new URL('../../dist/string-width.cjs', import.meta.url)),
    );
    const bundled = (dist('#string-width') as { default: StringWidth }).default;
    const installed = await load<StringWidth>(ours.resolve('string-width'));
    const differ: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const s = `${String.fromCharCode(c)}x`;
      if (bundled(s) !== installed(s)) differ.push(`U+${c.toString(16)}`);
    }
    expect(differ).toEqual([]);
    expect(bundled('─╮ 日本')).toBe(7);
  });

  it('string-width builds its segmenter and RGI emoji set at first use, and still measures emoji', async () => {
    const file = ours.resolve('string-width');
    const source = readFileSync(file, 'utf8');
    // Nothing costly at the module's top level (12 ms for the emoji set while the first prompt waits).
    expect(source).not.toMatch(/^const (segmenter|rgiEmojiRegex) = /m);
    expect(source.match(/\(rgiEmojiRegex \?\?= /g)).toHaveLength(1);
    const stringWidth = await load<StringWidth>(file);
    expect(stringWidth('👍🏽 ok')).toBe(5);
    expect(stringWidth('👨‍👩‍👧')).toBe(2);
    expect(stringWidth('日本')).toBe(4);
  });

  it("yoga-layout instantiates its wasm without the global fetch (which loads Node's own undici)", () => {
    const script =
      "const m = await import('yoga-layout'); const n = m.default.Node.create(); n.setWidth(7); n.calculateLayout();" +
      'console.log(JSON.stringify([n.getComputedWidth(), process.moduleLoadList.filter((x) => /undici|fetch/.test(x))]));';
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dirname(ours.resolve('yoga-layout')),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([7, []]);
  });

  it('the built bundle carries the same patched code', () => {
    const dir = new URL('../../dist/chunks/', import.meta.url);
    const code = readdirSync(dir)
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    expect(code.match(/if \(cache\d*\.size >= 4096\)/g)).toHaveLength(2);
    expect(code).toMatch(/cacheKey = String\(maxWidth\) \+ "\|" \+ String\(wrapType\) \+ "\|" \+ text;/);
    expect(code.match(/ambiguousIsNarrow && \/\^\[\\u0020-\\u007E\\u00A0/g)).toHaveLength(2);
    expect(code).toContain('var sharedStyledChars = /* @__PURE__ */ new Map()');
    // undici's client-h2.js is left out of the bundle (scripts/undici-trim.mjs: only http/1.1 is
    // ever offered).
    expect(code).toContain('HTTP/2 is not supported (scripts/undici-trim.mjs)');
    // undici's patch: what a client, its socket and its parser make dies young (test/http/young-objects.test.ts).
    expect(code.match(/this\[kResume\] = onResume;/g)).toHaveLength(1);
    expect(code.match(/__proto__: h1Context,/g)).toHaveLength(1);
    expect(code.match(/this\._onTimeout = clearedTimeout;/g)).toHaveLength(1);
    expect(code.match(/!w && ua\(H\) && \(w = Buffer\.from\(H\.slice\(37\), "base64"\)\)/g)).toHaveLength(1);
    expect(code).toContain('(rgiEmojiRegex ??= ');
    expect(code.match(/var plainCells = \(line\) =>/g)).toHaveLength(1);
    // No top-level await is left for the CommonJS bundle (scripts/commonjs.mjs would fail on one).
    expect(code.match(/function loadYogaSync\(\)/g)).toHaveLength(1);
    expect(code).not.toContain('loadPackageJson');
  });
});
