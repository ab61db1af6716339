// MetricsQL tokenizer: numbers, durations, identifiers, strings, operators and punctuation.
import { invalidQuery } from '../errors.js';
import { parseDuration } from '../time.js';

export type TokKind = 'num' | 'dur' | 'ident' | 'str' | 'op' | 'punct' | 'eof';

export interface Token {
  kind: TokKind;
  /** Source text (for strings: the decoded value). */
  text: string;
  pos: number;
  /** Numbers: the value; durations: milliseconds. */
  value: number;
}

const OPS = ['==', '!=', '>=', '<=', '=~', '!~', '+', '-', '*', '/', '%', '^', '>', '<', '='];
const PUNCT = '(){}[],:@';
const NUMBER = /^(?:0x[0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/;
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d|w|y))+/;
const IDENT = /^[a-zA-Z_][a-zA-Z0-9_:.]*/;

function readString(src: string, start: number): { value: string; end: number } {
  const q = src[start]!;
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === q) return { value: out, end: i + 1 };
    if (ch === '\\' && q !== '`') {
      const n = src[i + 1];
      const esc: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };
      if (n === undefined) break;
      if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(src.slice(i + 2, i + 6), 16));
        i += 6;
        continue;
      }
      // Unknown escapes are kept verbatim so regex escapes like "\." survive.
      out += esc[n] ?? '\\' + n;
      i += 2;
      continue;
    }
    out += ch;
    i++;
  }
  throw invalidQuery(`unterminated string starting at position ${start}`);
}

export function tokenize(src: string): Token[] {
  const toks: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const rest = src.slice(i, i + 64);
    if (/[0-9.]/.test(ch)) {
      const d = DURATION.exec(rest);
      if (d && !/[a-zA-Z0-9_]/.test(rest[d[0].length] ?? '')) {
        toks.push({ kind: 'dur', text: d[0], pos: i, value: parseDuration(d[0]) ?? 0 });
        i += d[0].length;
        continue;
      }
      const n = NUMBER.exec(rest);
      if (n && !/[a-zA-Z_]/.test(rest[n[0].length] ?? '')) {
        toks.push({ kind: 'num', text: n[0], pos: i, value: Number(n[0]) });
        i += n[0].length;
        continue;
      }
      throw invalidQuery(`unexpected character ${JSON.stringify(ch)} at position ${i}`);
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      const s = readString(src, i);
      toks.push({ kind: 'str', text: s.value, pos: i, value: 0 });
      i = s.end;
      continue;
    }
    const id = IDENT.exec(src.slice(i));
    if (id) {
      toks.push({ kind: 'ident', text: id[0], pos: i, value: 0 });
      i += id[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op) {
      toks.push({ kind: 'op', text: op, pos: i, value: 0 });
      i += op.length;
      continue;
    }
    if (PUNCT.includes(ch)) {
      toks.push({ kind: 'punct', text: ch, pos: i, value: 0 });
      i++;
      continue;
    }
    throw invalidQuery(`unexpected character ${JSON.stringify(ch)} at position ${i}`);
  }
  toks.push({ kind: 'eof', text: '', pos: src.length, value: 0 });
  return toks;
}
