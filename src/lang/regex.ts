// InputRe handling. Patterns come from a server, so they are untrusted: they are matched in
// linear time by RE2 (re2js) after a translation that keeps V8's meaning (regex-translate.ts).
// Patterns only a backtracking engine can run (lookarounds, backreferences), and words with
// surrogates (V8 counts UTF-16 units, RE2 code points), run on V8 under a hard bound of
// V8_MATCH_BUDGET_MS per word (regex-bounded.ts). A match that overruns is "unchecked": the word
// is not refused locally (the router still validates it) and the hint says so; a pattern that
// overruns twice is no longer run at all. Patterns are anchored to the whole word and compiled
// once (memoized, bounded). A pattern V8 does not compile accepts any non-empty word, so a broken
// regex cannot lock the user out.
//
// RE2 (a 280 kB chunk) is loaded on demand, not at start-up: `-c "show interface"` checks no
// value and must not pay for it. A check asked before it is loaded answers provisionally
// ('match', nothing run) and records that it was wanted; resolveLine then loads it and judges
// the line again (engines.ts), and the shell loads it in the background once its prompt is up.
import type { RE2JS } from 're2js';
import { lazyEngine } from './lazy-engine.js';
import { testBounded, V8_MATCH_BUDGET_MS } from './regex-bounded.js';
import { toRe2 } from './regex-translate.js';
import type { ResolvedWord } from './types.js';

export type InputReVerdict = 'match' | 'no-match' | 'unchecked';

interface Pattern {
  v8: RegExp;
  /** undefined: not compiled yet (the engine was not loaded when the pattern was first seen). */
  re2: RE2JS | null | undefined;
  /** Answers from the bounded V8 path, by word. */
  verdicts: Map<string, boolean | 'timeout'>;
  timeouts: number;
}

const compiled = new Map<string, Pattern | null>();
const MAX_MEMO = 2000;
const MAX_VERDICTS = 256;
/** After this many overruns a pattern is not run on V8 any more (each costs the whole budget). */
const MAX_TIMEOUTS = 2;
const SURROGATE = /[\ud800-\udfff]/;

const re2 = lazyEngine<typeof RE2JS>(async () => (await import('re2js')).RE2JS);

/** Loads RE2 (once); checks from then on are final. */
export const loadRegexEngine = (): Promise<void> => re2.load();

/** RE2 if loaded (loadRegexEngine), else undefined: for a caller that loads it before its sync work. */
export const regexEngineNow = (): typeof RE2JS | undefined => re2.value;

/** A check answered provisionally since the last call (the engine was not loaded); resets. */
export const takeRegexWanted = (): boolean => re2.takeWanted();

function compileRe2(RE2: typeof RE2JS, re: string): RE2JS | null {
  const t = toRe2(re);
  if (t === null) return null;
  try {
    return RE2.compile(`^(?:${t})$`);
  } catch {
    return null; // e.g. a program over RE2's size limit: V8 under the bound instead
  }
}

function compile(re: string): Pattern | null {
  const hit = compiled.get(re);
  if (hit !== undefined) return hit;
  let out: Pattern | null;
  try {
    // V8 decides what is a valid pattern (as before): compiling is linear, only matching is not.
    out = { v8: new RegExp(`^(?:${re})$`), re2: undefined, verdicts: new Map(), timeouts: 0 };
  } catch {
    out = null;
  }
  if (compiled.size >= MAX_MEMO) compiled.clear();
  compiled.set(re, out);
  return out;
}

/** Matches run on V8 under the bound (tests prove a pattern that overran is not run again). */
export const regexStats = { v8Runs: 0 };

function boundedVerdict(p: Pattern, word: string): InputReVerdict {
  let v = p.verdicts.get(word);
  if (v === undefined) {
    if (p.timeouts >= MAX_TIMEOUTS) return 'unchecked';
    regexStats.v8Runs++;
    v = testBounded(p.v8, word);
    if (v === 'timeout') p.timeouts++;
    if (p.verdicts.size >= MAX_VERDICTS) p.verdicts.clear();
    p.verdicts.set(word, v);
  }
  return v === 'timeout' ? 'unchecked' : v ? 'match' : 'no-match';
}

/** Whole-word match, never slower than the bound: 'unchecked' when it could not be told in time. */
export function inputReVerdict(re: string | undefined, word: string): InputReVerdict {
  const p = re === undefined || re === '' ? null : compile(re);
  if (p === null || re === undefined) return word !== '' ? 'match' : 'no-match';
  const engine = re2.value;
  if (engine === undefined) {
    re2.want();
    return 'match';
  }
  if (p.re2 === undefined) p.re2 = compileRe2(engine, re);
  if (p.re2 && !SURROGATE.test(word)) return p.re2.test(word) ? 'match' : 'no-match';
  return boundedVerdict(p, word);
}

/** Whole-word match; an absent or broken pattern, or one not checked in time, accepts any non-empty word. */
export function matchesInputRe(re: string | undefined, word: string): boolean {
  const v = inputReVerdict(re, word);
  return v === 'unchecked' ? word !== '' : v === 'match';
}

/** For the hint: a note when a value on the line was accepted only because its pattern ran out of time. */
export function uncheckedNote(words: readonly ResolvedWord[]): string | undefined {
  for (const w of words) {
    const re =
      w.role === 'value' ? w.node?.inputRe : w.role === 'option-value' ? w.option?.inputRe : undefined;
    if (re !== undefined && inputReVerdict(re, w.token.text) === 'unchecked')
      return `value not checked here: its pattern took over ${V8_MATCH_BUDGET_MS} ms (the router will check it)`;
  }
  return undefined;
}

/** The alternatives of an InputRe that is only a list of literal words, e.g. `^(tcp|udp)$`. */
export function enumeratedValues(inputRe: string): string[] | undefined {
  const m = /^\^?\((?:\?:)?([\w.-]+(?:\|[\w.-]+)+)\)\$?$/.exec(inputRe.trim());
  return m?.[1]?.split('|');
}

const DIGITS_ONLY = /^\^?\(?(?:\?:)?(?:\\d|\[0-9\])(?:[+*]|\{\d+(?:,\d*)?\})?\)?\$?$/;

/** A numeric slot: ValueType %NUM, or an InputRe of digits only. */
export function isNumericSlot(valueType: string | undefined, inputRe: string | undefined): boolean {
  if (valueType !== undefined && valueType.toUpperCase() === '%NUM') return true;
  return inputRe !== undefined && DIGITS_ONLY.test(inputRe);
}

export function toNumberIfNumeric(word: string, numeric: boolean): string | number {
  if (!numeric || !/^-?\d+(?:\.\d+)?$/.test(word)) return word;
  const n = Number(word);
  return Number.isFinite(n) ? n : word;
}

/** The longest regex a pipe takes (`| match RE`): RE2 is linear in the text, not in the pattern. */
export const MAX_SEARCH_RE = 1000;

export type SearchRegex =
  | { ok: true; test: (line: string) => boolean }
  | { ok: false; message: string; column: number };

/**
 * A user's search regex (`| match`, `| except`), RE2 syntax, found anywhere in a line. RE2
 * matches in linear time, so a pattern cannot stall the shell; a bad one is reported with the
 * column (0-based, in the pattern) of the part RE2 named. Before RE2 is loaded the answer is
 * provisional (loadRegexEngine first: runPiped does).
 */
export function compileSearchRegex(re: string): SearchRegex {
  if (re.length > MAX_SEARCH_RE)
    return { ok: false, message: `regex longer than ${MAX_SEARCH_RE} characters`, column: MAX_SEARCH_RE };
  const engine = re2.value;
  if (!engine) {
    // Provisional, like an InputRe check before RE2 is in: the caller loads it and asks again.
    re2.want();
    return { ok: true, test: () => true };
  }
  try {
    const rx = engine.compile(re);
    return { ok: true, test: (line) => rx.test(line) };
  } catch (e) {
    const err = e as { getDescription?: () => string; getPattern?: () => string | null; message?: string };
    const part = err.getPattern?.() ?? '';
    const at = part ? re.indexOf(part) : -1;
    return { ok: false, message: err.getDescription?.() ?? String(err.message), column: Math.max(0, at) };
  }
}

const jsRegexes = new Map<string, RE2JS | null>();

function re2Of(engine: typeof RE2JS, source: string): RE2JS | null {
  let compiledRe2 = jsRegexes.get(source);
  if (compiledRe2 === undefined) {
    const t = toRe2(source);
    try {
      compiledRe2 = t === null ? null : engine.compile(t);
    } catch {
      compiledRe2 = null;
    }
    if (jsRegexes.size >= MAX_MEMO) jsRegexes.clear();
    jsRegexes.set(source, compiledRe2);
  }
  return compiledRe2;
}

/**
 * The first match of a JavaScript pattern in a text, on RE2 only (a lesson's `read … regex`:
 * the file and the router's answer are both untrusted, so linear time, no fallback): group 1,
 * or the whole match when the pattern has no group; undefined when nothing (or no group 1)
 * matched; null when
 * RE2 is not loaded (loadRegexEngine first) or cannot run the pattern.
 */
export function re2Find(source: string, text: string): string | undefined | null {
  const engine = re2.value;
  const rx = engine ? re2Of(engine, source) : null;
  if (!rx) return null;
  const m = rx.matcher(text);
  if (!m.find()) return undefined;
  // A group that took no part in the match gives no value.
  return m.groupCount() >= 1 ? (m.group(1) ?? undefined) : (m.group(0) ?? '');
}

/**
 * A JavaScript regex found anywhere in a text (a lesson's `ran REGEX`: lesson files are
 * untrusted), never slower than the bound: RE2 runs it after the translation InputRe patterns
 * get (same meaning, linear time); what RE2 cannot run — and anything before RE2 is loaded, so
 * load it first (loadRegexEngine) — runs on V8 under V8_MATCH_BUDGET_MS. 'timeout': it could
 * not be told in time.
 */
export function testJsRegex(rx: RegExp, text: string): boolean | 'timeout' {
  const engine = re2.value;
  if (engine && rx.flags === '' && !SURROGATE.test(text)) {
    const compiledRe2 = re2Of(engine, rx.source);
    if (compiledRe2) return compiledRe2.test(text);
  }
  return testBounded(rx, text);
}
