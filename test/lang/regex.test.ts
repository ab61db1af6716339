// Server-supplied InputRe: linear-time matching (re2js) that answers exactly like V8 for the
// patterns routers send, V8 under a hard time bound for the rest, never a frozen process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inputReVerdict,
  loadRegexEngine,
  matchesInputRe,
  regexStats,
  uncheckedNote,
} from '../../src/lang/regex.js';
import { toRe2 } from '../../src/lang/regex-translate.js';
import type { ResolvedWord } from '../../src/lang/types.js';

const EVIL_RE = '^(a+)+$';
const EVIL_WORD = `${'a'.repeat(34)}!`;

let dir: string;
let bundled: string;

beforeAll(async () => {
  await loadRegexEngine(); // loaded on demand (regex.ts); these tests judge the engine itself
  // The module as built, so a child process can run it under a kill timer: a regex that
  // hangs in this process could not be stopped by vitest's own timeout.
  dir = mkdtempSync(join(tmpdir(), 'routersh-regex-'));
  bundled = join(dir, 'regex.mjs');
  await build({
    entryPoints: [new URL('../../src/lang/regex.ts', import.meta.url).pathname],
    outfile: bundled,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` (ESM, prints a JSON line) in a child killed after `timeoutMs`. */
function inChild(body: string, timeoutMs: number): { killed: boolean; ms: number; out?: unknown } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', body], {
    timeout: timeoutMs,
    encoding: 'utf8',
  });
  const ms = performance.now() - t0;
  if (r.signal !== null || r.error) return { killed: true, ms };
  return { killed: false, ms, out: JSON.parse(r.stdout) };
}

/**
 * Runs `body` in a child and says whether it was still running `ms` after it began (then it is
 * killed): a wait that counts from the child's own start line, not from its spawn, so a loaded
 * machine's slow process start cannot eat it, and that only errs towards "still running".
 */
function stillRunningAfter(body: string, ms: number): Promise<boolean> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', `console.log('start');\n${body}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve) => {
    child.once('exit', () => resolve(false));
    child.stdout.once('data', () => {
      setTimeout(() => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGKILL');
        resolve(true);
      }, ms);
    });
  });
}

const matchBody = (importLine: string, call: string) =>
  `${importLine}\nconst t = performance.now(); const r = ${call};\n` +
  'console.log(JSON.stringify({ r, ms: performance.now() - t }));';

describe('a catastrophic pattern', () => {
  it('answers false in linear time: ends where backtracking would run for hours', () => {
    const child = inChild(
      matchBody(
        `import { loadRegexEngine, matchesInputRe } from ${JSON.stringify(pathToFileURL(bundled).href)};\nawait loadRegexEngine();`,
        `matchesInputRe(${JSON.stringify(EVIL_RE)}, ${JSON.stringify(EVIL_WORD)})`,
      ),
      // A hang guard: backtracking takes hours on this word; linear, it ends at once (a
      // process start and a module load that a loaded machine can stretch past a second).
      60_000,
    );
    expect(child.killed).toBe(false);
    expect(child.out).toMatchObject({ r: false });
    // Safe in this process now: far longer inputs stay linear (backtracking, the first alone
    // would not end within the test's timeout).
    expect(matchesInputRe(EVIL_RE, EVIL_WORD)).toBe(false);
    expect(matchesInputRe(EVIL_RE, `${'a'.repeat(20_000)}!`)).toBe(false);
    expect(matchesInputRe(EVIL_RE, 'a'.repeat(20_000))).toBe(true);
  });

  it('froze the old backtracking path (V8 RegExp on the main thread): still running after 300 ms', async () => {
    // Backtracking takes hours on this word; the linear path above ends at once.
    const old = `new RegExp(${JSON.stringify(`^(?:${EVIL_RE})$`)}).test(${JSON.stringify(EVIL_WORD)})`;
    expect(await stillRunningAfter(matchBody('', old), 300)).toBe(true);
  });
});

/** Patterns as routers send them; every one must run on RE2, not the bounded fallback. */
const CORPUS = [
  '[\\w\\-\\.]+',
  '^[\\w\\-\\.]+$',
  '(\\d{1,3}\\.){3}\\d{1,3}(/\\d{1,2})?',
  '^(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}/(3[0-2]|[12]?\\d)$',
  '\\d+\\.\\d+\\.\\d+\\.\\d+',
  '(net|net-port)',
  '^(?:tcp|udp|icmp)$',
  '(?<proto>tcp|udp)',
  '\\d+',
  '-?\\d+',
  '[0-9]{1,5}',
  '[0-9]{2,}',
  'eth\\d+(\\.\\d+)?',
  '^[a-zA-Z][\\w.-]{0,15}$',
  '[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}',
  '.+',
  '.*',
  'a.b',
  '\\S+',
  '[^\\s]+',
  '\\s*\\w+\\s*',
  '[\\s\\S]+',
  '[\\x20-\\x7e]+',
  '\\u00e9+\\.',
  '\\bab\\b.*',
  'a\\/b|a\\-b',
  '[[:alpha:]]+',
  'x{,3}|x{|}',
  '(a|ab)(c|bcd)(d*)',
  '[^a-c\\d]*\\.?',
  '\\0?\\t?a\\cJ?',
  // The duration and time shapes the old built-in grammar used as InputRe.
  '\\d+[smhdw]',
  'now|now-\\d+[smhdw]|\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:[Zz]|[+-]\\d{2}:\\d{2})',
];

const unit = fc.constantFrom(
  ...'ab cde:th0129.-/_xyzAB[]{},=ICMPtcpudpnet-port\t\n\r\u2028\u00a0\u00e9\u3000\ufeff\u0000\b',
);
const word = fc.oneof(
  fc.string({ unit, maxLength: 12 }),
  fc
    .tuple(fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 5 }), fc.nat(40))
    .map(([parts, mask]) => `${parts.join('.')}${mask % 2 ? `/${mask}` : ''}`),
  fc.constantFrom(
    'eth0',
    'eth0.100',
    'net-port',
    'tcp',
    'aa:bb:cc:dd:ee:ff',
    '15m',
    'now-1h',
    '😀',
    'a\ud800',
  ),
  fc.string({ maxLength: 8 }),
);

describe('realistic router patterns', () => {
  it('all translate to RE2', () => {
    for (const p of CORPUS) expect([p, toRe2(p)]).not.toEqual([p, null]);
  });

  it('answer exactly like V8 on random words', () => {
    for (const p of CORPUS) {
      const v8 = new RegExp(`^(?:${p})$`);
      fc.assert(
        fc.property(word, (w) => {
          expect([p, w, matchesInputRe(p, w)]).toEqual([p, w, v8.test(w)]);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('generated patterns (escapes, classes, quantifiers, groups) translate and answer like V8', () => {
    const atom = fc.constantFrom(
      ...['a', '-', '.', '\\d', '\\w', '\\s', '\\S', '\\W', '[ab]', '[^a]', '[a-c]', '[\\s\\d]', '[^\\S]'],
      ...['[-\\w]', '\\.', '\\-', '(?:a|b)', '\\b', '^', '$', '\\u00e9', '\\x41', '[[]', ']', '}', '{'],
      ...['{,2}', '\\/', '[\\b]', '\\0', '\\t', '\\cJ', '[\\x00-\\x1f]', ' ', '[.]', '[$^]', '[\\]]', '\\\\'],
    );
    const quant = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?');
    const seq = fc.array(fc.tuple(atom, quant), { minLength: 1, maxLength: 5 }).map((x) => x.flat().join(''));
    const pattern = fc.oneof(
      seq,
      fc.tuple(seq, seq, quant).map(([a, b, q]) => `(${a})${q}|${b}`),
    );
    const unit = fc.constantFrom(...'ab-. _A\t\n\r\u2028\u00a0\u00e9\ufeff\u0000\b[]{}^$/\\\x1f0,');
    fc.assert(
      fc.property(pattern, fc.array(fc.string({ unit, maxLength: 8 }), { maxLength: 20 }), (p, words) => {
        let v8: RegExp;
        try {
          v8 = new RegExp(`^(?:${p})$`);
        } catch {
          return; // compiles nowhere: covered below
        }
        const t = toRe2(p);
        if (t === null) return;
        const re2 = RE2JS.compile(`^(?:${t})$`);
        for (const w of words) expect([p, w, re2.test(w)]).toEqual([p, w, v8.test(w)]);
      }),
      { numRuns: 1_000 },
    );
  });

  it('keeps the cases where the engines read the same text differently', () => {
    expect(matchesInputRe('a.b', 'a\rb')).toBe(false); // RE2's `.` takes \r, V8's does not
    expect(matchesInputRe('\\s', '\u00a0')).toBe(true); // V8's \s is Unicode
    expect(matchesInputRe('[[:alpha:]]+', 'b')).toBe(false); // no POSIX classes in V8
    expect(matchesInputRe('[[:alpha:]]+', ':]]')).toBe(true);
    expect(matchesInputRe('^.$', '😀')).toBe(false); // V8 counts UTF-16 units
  });
});

describe('patterns RE2 cannot run', () => {
  it('lookaheads and backreferences are answered by V8 under the bound', () => {
    for (const p of ['^(?=.*\\d)[a-z0-9]+$', '^(\\w+)-\\1$', 'a(?!b)\\w', '(?<=x)y|xy', '\\e\\z']) {
      expect(toRe2(p)).toBeNull();
    }
    expect(inputReVerdict('^(?=.*\\d)[a-z0-9]+$', 'abc1')).toBe('match');
    expect(inputReVerdict('^(?=.*\\d)[a-z0-9]+$', 'abcd')).toBe('no-match');
    expect(inputReVerdict('^(\\w+)-\\1$', 'ab-ab')).toBe('match');
    expect(inputReVerdict('^(\\w+)-\\1$', 'ab-ac')).toBe('no-match');
    expect(matchesInputRe('\\e\\z', 'ez')).toBe(true); // identity escapes: V8's meaning
  });

  it('a catastrophic lookahead stops at the bound, accepts the word, says so, then is not run again', () => {
    const p = '^(?=(a+)+$)a*$';
    // Unbounded, the match would run for hours: the test's own timeout is the check of the bound.
    expect(inputReVerdict(p, EVIL_WORD)).toBe('unchecked');
    expect(matchesInputRe(p, EVIL_WORD)).toBe(true); // the router still validates it
    expect(inputReVerdict(p, `${EVIL_WORD}!`)).toBe('unchecked'); // second overrun
    const runs = regexStats.v8Runs;
    expect(inputReVerdict(p, `${EVIL_WORD}!!`)).toBe('unchecked');
    expect(regexStats.v8Runs).toBe(runs);

    const words = [{ token: { text: EVIL_WORD }, role: 'value', node: { inputRe: p } }] as ResolvedWord[];
    expect(uncheckedNote(words)).toMatch(/not checked here.*50 ms.*router will check/);
    const fine = [{ token: { text: 'eth0' }, role: 'value', node: { inputRe: '\\w+' } }] as ResolvedWord[];
    expect(uncheckedNote(fine)).toBeUndefined();
  });
});

describe('a pattern that compiles nowhere', () => {
  it('accepts any non-empty word', () => {
    for (const p of ['([a-', '(?<=', 'a{2,1}', '*']) {
      expect(matchesInputRe(p, 'anything at all')).toBe(true);
      expect(matchesInputRe(p, '')).toBe(false);
    }
  });

  it('a `)` that would break out of the anchoring group keeps V8 meaning', () => {
    expect(toRe2('a)|(b')).toBeNull();
    expect(matchesInputRe('a)|(b', 'axx')).toBe(/^(?:a)|(b)$/.test('axx'));
  });
});

describe('RE2 loads on demand', () => {
  it('before it is loaded a check answers provisionally and says it was wanted; after, it judges', () => {
    // A fresh process: this one loaded the engine in beforeAll.
    const child = inChild(
      `import { inputReVerdict, loadRegexEngine, takeRegexWanted } from ${JSON.stringify(pathToFileURL(bundled).href)};
const before = [takeRegexWanted(), inputReVerdict('[0-9]+', 'abc'), takeRegexWanted(), takeRegexWanted()];
await loadRegexEngine();
const after = [inputReVerdict('[0-9]+', 'abc'), inputReVerdict(${JSON.stringify(EVIL_RE)}, ${JSON.stringify(EVIL_WORD)}), takeRegexWanted()];
console.log(JSON.stringify({ before, after }));`,
      60_000,
    );
    expect(child.out).toEqual({
      before: [false, 'match', true, false],
      after: ['no-match', 'no-match', false],
    });
  });
});
