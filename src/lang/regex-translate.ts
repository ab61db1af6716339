// A server's InputRe, written for JavaScript's RegExp (no flags, Annex B syntax), translated to
// RE2 syntax with the same meaning — or null when it cannot be, so the caller falls back to
// V8 under a time bound. Only patterns V8 already accepted reach here. Where the two engines
// read the same text differently, the translation spells V8's meaning out:
//   `.`        V8 excludes \n \r \u2028 \u2029; RE2 only \n
//   `\s` `\S`  V8's set has Unicode spaces and \uFEFF; RE2's is ASCII (spelled out as ranges)
//   `[` in a class, `]` `}` outside: literal in V8; RE2 reads `[[:alpha:]]` as a POSIX class
//   `\b` in a class is a backspace; `\0` is NUL; `\uHHHH` becomes `\x{HHHH}`; `(?<n>` → `(?P<n>`
// Lookarounds, backreferences (and octal escapes that look like them), identity escapes of
// letters (`\A` `\z` `\p` mean something else in RE2), empty classes, repeat counts over RE2's
// 1000 and any surrogate (V8 counts UTF-16 units, RE2 code points) are left to V8.

const V8_SPACES =
  '\\t\\n\\v\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** The complement of V8_SPACES as ranges, for `\S` inside a class (RE2's `\S` is ASCII's). */
const V8_NON_SPACES =
  '\\x00-\\x08\\x0e-\\x1f\\x21-\\x9f\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}' +
  '\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}';
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const SAME_ESCAPES = new Set(['d', 'D', 'w', 'W', 't', 'n', 'r', 'f', 'v']);
const QUANTIFIER = /^\{(\d+)(?:(,)(\d*))?\}/;
const MAX_REPEAT = 1000;

class NotRe2 extends Error {}
const fail = (): never => {
  throw new NotRe2();
};

const hex = (code: number) => `\\x{${code.toString(16)}}`;
const isPunct = (c: string) => /^[ -/:-@[-`{-~]$/.test(c);

/** `\x…`, `\u…`, `\c…`, `\0`: the escape's text in RE2 and how many pattern characters it used. */
function codeEscape(re: string, i: number): [string, number] {
  const c = re[i + 1]!;
  if (c === 'x' && /^[0-9a-fA-F]{2}$/.test(re.slice(i + 2, i + 4))) return [re.slice(i, i + 4), 4];
  if (c === 'u' && /^[0-9a-fA-F]{4}$/.test(re.slice(i + 2, i + 6))) {
    const code = Number.parseInt(re.slice(i + 2, i + 6), 16);
    if (code >= 0xd800 && code <= 0xdfff) fail();
    return [hex(code), 6];
  }
  if (c === 'c' && /^[A-Za-z]$/.test(re[i + 2] ?? '')) return [hex(re.charCodeAt(i + 2) % 32), 3];
  if (c === '0' && !/^[0-9]$/.test(re[i + 2] ?? '')) return ['\\x00', 2];
  return fail();
}

/** An escape outside a class; returns the RE2 text and the length consumed. */
function escapeOutside(re: string, i: number): [string, number] {
  const c = re[i + 1] ?? fail();
  if (SAME_ESCAPES.has(c) || c === 'b' || c === 'B') return [`\\${c}`, 2];
  if (c === 's') return [`[${V8_SPACES}]`, 2];
  if (c === 'S') return [`[^${V8_SPACES}]`, 2];
  if ('xuc0'.includes(c)) return codeEscape(re, i);
  if (/^[A-Za-z0-9]$/.test(c)) return fail();
  return [isPunct(c) ? `\\${c}` : hex(c.charCodeAt(0)), 2];
}

function escapeInClass(re: string, i: number): [string, number] {
  const c = re[i + 1] ?? fail();
  if (SAME_ESCAPES.has(c)) return [`\\${c}`, 2];
  if (c === 's') return [V8_SPACES, 2];
  if (c === 'S') return [V8_NON_SPACES, 2];
  if (c === 'b') return ['\\x08', 2];
  if ('xuc0'.includes(c)) return codeEscape(re, i);
  if (/^[A-Za-z0-9]$/.test(c)) return fail();
  return [isPunct(c) ? `\\${c}` : hex(c.charCodeAt(0)), 2];
}

/** A character class starting at `[`; returns the RE2 text and the length consumed. */
function charClass(re: string, start: number): [string, number] {
  let i = start + 1;
  let out = '[';
  if (re[i] === '^') {
    out += '^';
    i++;
  }
  if (re[i] === ']') fail(); // `[]` never matches and `[^]` is any character in V8
  while (i < re.length && re[i] !== ']') {
    const c = re[i]!;
    if (c === '\\') {
      // A `-` next to `\s`/`\S` is literal in V8; beside the expanded ranges RE2 would read a range.
      const set = re[i + 1] === 's' || re[i + 1] === 'S';
      if (set && ((out.endsWith('-') && !out.endsWith('\\-')) || re[i + 2] === '-')) fail();
      const [text, n] = escapeInClass(re, i);
      out += text;
      i += n;
    } else {
      out += c === '[' ? '\\[' : c;
      i++;
    }
  }
  if (i >= re.length) fail();
  return [`${out}]`, i + 1 - start];
}

/** `(` and what follows it: a group opener in RE2 syntax; lookarounds are not RE2. */
function groupOpen(re: string, i: number): [string, number] {
  if (re[i + 1] !== '?') return ['(', 1];
  if (re[i + 2] === ':') return ['(?:', 3];
  const named = /^\(\?<([A-Za-z_$][\w$]*)>/.exec(re.slice(i));
  if (named) return [`(?P<${named[1]}>`, named[0].length];
  return fail();
}

function translate(re: string): string {
  let out = '';
  let depth = 0;
  let i = 0;
  while (i < re.length) {
    const c = re[i]!;
    let text = c;
    let n = 1;
    if (c === '\\') [text, n] = escapeOutside(re, i);
    else if (c === '[') [text, n] = charClass(re, i);
    else if (c === '(') {
      [text, n] = groupOpen(re, i);
      depth++;
    } else if (c === ')') {
      // A `)` that would close the caller's wrapping group changes the anchoring: leave it to V8.
      if (depth === 0) fail();
      depth--;
    } else if (c === '.') text = DOT;
    else if (c === ']' || c === '}') text = `\\${c}`;
    else if (c === '{') {
      const q = QUANTIFIER.exec(re.slice(i));
      if (q) {
        const min = Number(q[1]);
        const max = q[3] ? Number(q[3]) : min;
        if (min > MAX_REPEAT || max > MAX_REPEAT) fail();
        text = `{${min}${q[2] ? `,${q[3] ? max : ''}` : ''}}`;
        n = q[0].length;
      } else text = '\\{';
    }
    out += text;
    i += n;
  }
  if (depth !== 0) fail();
  return out;
}

/** The same pattern in RE2 syntax, or null when only a backtracking engine can run it. */
export function toRe2(re: string): string | null {
  if (/[\ud800-\udfff]/.test(re)) return null;
  try {
    return translate(re);
  } catch (e) {
    if (e instanceof NotRe2) return null;
    throw e;
  }
}
