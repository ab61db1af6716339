// LogsQL subset parser: words and "phrases" (case-insensitive substring of _msg), field:value,
// field:"phrase", field:=exact, field:~"regex", field:prefix*, field:*, _time:5m, AND (or a
// blank), OR, NOT / - / !, parentheses, * and the pipe `| limit N` (alias `| head N`).
import { invalidQuery, unsupportedQuery } from '../errors.js';
import { parseDuration } from '../time.js';

export type MatchMode = 'substr' | 'exact' | 'prefix' | 'regex' | 'exists';

export type LNode =
  | { k: 'all' }
  | { k: 'match'; field: string; mode: MatchMode; value: string; re?: RegExp }
  | { k: 'time'; ms: number }
  | { k: 'and'; a: LNode[] }
  | { k: 'or'; a: LNode[] }
  | { k: 'not'; x: LNode };

export interface LogsQuery {
  filter: LNode;
  /** `_time:5m`: only records newer than now minus this. */
  timeMs: number | null;
  /** `| limit N`: at most N records match. */
  limit: number | null;
}

type Tok =
  | { t: 'punct'; v: '(' | ')' | '|'; pos: number }
  | { t: 'not'; pos: number }
  | { t: 'word'; v: string; pos: number }
  /** A quoted phrase, optionally glued to a preceding `field:`, `field:=` or `field:~`. */
  | { t: 'phrase'; v: string; prefix: string; pos: number };

const STOP = /[\s()|"']/;

function readQuoted(src: string, i: number): { v: string; end: number } {
  const q = src[i]!;
  let v = '';
  for (let j = i + 1; j < src.length; j++) {
    const ch = src[j]!;
    if (ch === '\\' && j + 1 < src.length) {
      v += src[++j];
      continue;
    }
    if (ch === q) return { v, end: j + 1 };
    v += ch;
  }
  throw invalidQuery(`unterminated quoted phrase at position ${i}`);
}

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) i++;
    else if (ch === '(' || ch === ')' || ch === '|') out.push({ t: 'punct', v: ch, pos: i++ });
    else if ((ch === '-' || ch === '!') && i + 1 < src.length && !/\s/.test(src[i + 1]!))
      out.push({ t: 'not', pos: i++ });
    else if (ch === '"' || ch === "'") {
      const q = readQuoted(src, i);
      out.push({ t: 'phrase', v: q.v, prefix: '', pos: i });
      i = q.end;
    } else {
      let j = i;
      while (j < src.length && !STOP.test(src[j]!)) j++;
      const word = src.slice(i, j);
      if (/:[=~]?$/.test(word) && (src[j] === '"' || src[j] === "'")) {
        const q = readQuoted(src, j);
        out.push({ t: 'phrase', v: q.v, prefix: word, pos: i });
        i = q.end;
      } else {
        out.push({ t: 'word', v: word, pos: i });
        i = j;
      }
    }
  }
  return out;
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function makeMatch(field: string, mode: MatchMode, value: string): LNode {
  if (mode === 'regex') {
    try {
      return { k: 'match', field, mode, value, re: new RegExp(value, 'i') };
    } catch {
      throw invalidQuery(`invalid regular expression ${JSON.stringify(value)}`);
    }
  }
  return { k: 'match', field, mode, value: value.toLowerCase() };
}

function fieldFilter(field: string, rest: string, quoted: boolean): LNode {
  if (field === '_time') {
    const ms = quoted ? undefined : parseDuration(rest);
    if (ms === undefined || ms <= 0)
      throw unsupportedQuery(`unsupported _time filter "${rest}": use a duration like _time:5m`);
    return { k: 'time', ms };
  }
  if (quoted) return makeMatch(field, 'substr', rest);
  if (rest === '*') return { k: 'match', field, mode: 'exists', value: '' };
  if (rest.startsWith('=')) return makeMatch(field, 'exact', rest.slice(1));
  if (rest.startsWith('~')) return makeMatch(field, 'regex', rest.slice(1));
  if (rest === '') throw invalidQuery(`missing value after "${field}:"`);
  if (rest.endsWith('*')) return makeMatch(field, 'prefix', rest.slice(0, -1));
  return makeMatch(field, 'substr', rest);
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }
  private isWord(w: string): boolean {
    const t = this.peek();
    return t?.t === 'word' && t.v.toLowerCase() === w;
  }
  private isPunct(v: string): boolean {
    const t = this.peek();
    return t?.t === 'punct' && t.v === v;
  }

  parse(): LogsQuery {
    const filter = this.peek() === undefined || this.isPunct('|') ? ({ k: 'all' } as LNode) : this.or();
    let limit: number | null = null;
    while (this.isPunct('|')) {
      this.i++;
      const name = this.peek();
      if (name?.t !== 'word') throw invalidQuery('expected a pipe name after "|"');
      this.i++;
      if (!['limit', 'head'].includes(name.v.toLowerCase()))
        throw unsupportedQuery(`unsupported pipe "${name.v}"`);
      const n = this.peek();
      if (n?.t !== 'word' || !/^\d+$/.test(n.v)) throw invalidQuery(`"| ${name.v}" expects a number`);
      this.i++;
      limit = Math.min(limit ?? Number.POSITIVE_INFINITY, Number(n.v));
    }
    const rest = this.peek();
    if (rest)
      throw invalidQuery(
        `unexpected ${rest.t === 'punct' ? `"${rest.v}"` : 'token'} at position ${rest.pos}`,
      );
    return { ...extractTime(filter), limit };
  }

  private or(): LNode {
    const a = [this.and()];
    while (this.isWord('or')) {
      this.i++;
      a.push(this.and());
    }
    return a.length === 1 ? a[0]! : { k: 'or', a };
  }

  private and(): LNode {
    const a = [this.unary()];
    for (;;) {
      const t = this.peek();
      if (!t || this.isPunct(')') || this.isPunct('|') || this.isWord('or')) break;
      if (this.isWord('and')) this.i++;
      a.push(this.unary());
    }
    return a.length === 1 ? a[0]! : { k: 'and', a };
  }

  private unary(): LNode {
    const t = this.peek();
    if (!t) throw invalidQuery('unexpected end of query');
    if (t.t === 'not' || this.isWord('not')) {
      this.i++;
      return { k: 'not', x: this.unary() };
    }
    if (t.t === 'punct') {
      if (t.v !== '(') throw invalidQuery(`unexpected "${t.v}" at position ${t.pos}`);
      this.i++;
      const inner = this.or();
      if (!this.isPunct(')')) throw invalidQuery(`missing ")" for "(" at position ${t.pos}`);
      this.i++;
      return inner;
    }
    this.i++;
    if (t.t === 'phrase') {
      if (t.prefix === '') return makeMatch('_msg', 'substr', t.v);
      const field = t.prefix.replace(/:[=~]?$/, '');
      if (!FIELD.test(field)) throw invalidQuery(`invalid field name "${field}"`);
      const op = t.prefix.endsWith(':=') ? '=' : t.prefix.endsWith(':~') ? '~' : '';
      return op ? fieldFilter(field, op + t.v, false) : fieldFilter(field, t.v, true);
    }
    const w = t.v;
    if (w === '*') return { k: 'all' };
    if (['and', 'or'].includes(w.toLowerCase())) throw invalidQuery(`unexpected "${w}" at position ${t.pos}`);
    const colon = w.indexOf(':');
    if (colon > 0 && FIELD.test(w.slice(0, colon)))
      return fieldFilter(w.slice(0, colon), w.slice(colon + 1), false);
    if (w.endsWith('*') && w.length > 1) return makeMatch('_msg', 'prefix', w.slice(0, -1));
    return makeMatch('_msg', 'substr', w);
  }
}

/** Pulls top-level `_time:D` filters out; anywhere else (under OR/NOT) they are rejected. */
function extractTime(root: LNode): { filter: LNode; timeMs: number | null } {
  const nested = (n: LNode): boolean =>
    n.k === 'time' ||
    (n.k === 'and' || n.k === 'or' ? n.a.some(nested) : n.k === 'not' ? nested(n.x) : false);
  const reject = () => {
    throw unsupportedQuery('unsupported _time filter position: use _time:D at the top level, joined by AND');
  };
  if (root.k === 'time') return { filter: { k: 'all' }, timeMs: root.ms };
  if (root.k !== 'and') {
    if (nested(root)) reject();
    return { filter: root, timeMs: null };
  }
  let timeMs: number | null = null;
  const rest: LNode[] = [];
  for (const n of root.a) {
    if (n.k === 'time') timeMs = Math.min(timeMs ?? Number.POSITIVE_INFINITY, n.ms);
    else if (nested(n)) reject();
    else rest.push(n);
  }
  const filter: LNode =
    rest.length === 0 ? { k: 'all' } : rest.length === 1 ? rest[0]! : { k: 'and', a: rest };
  return { filter, timeMs };
}

export function parseLogsQL(src: string): LogsQuery {
  return new Parser(lex(src)).parse();
}
