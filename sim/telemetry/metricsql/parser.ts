// MetricsQL parser (precedence climbing) for the supported subset. Policy checks that belong
// to the query text happen here: no @ modifier, no organization_id matcher, windows <= 31 days.
import { ApiError, invalidQuery, rangeTooLarge, unsupportedQuery } from '../errors.js';
import { DAY_MS } from '../time.js';
import {
  AGGREGATIONS,
  COMPARISONS,
  type Expr,
  type Matcher,
  type MatchOp,
  ROLLUPS,
  type Selector,
} from './ast.js';
import { type Token, tokenize } from './lexer.js';

export const MAX_WINDOW_MS = 31 * DAY_MS;

const PRECEDENCE: Record<string, number> = {
  or: 1,
  and: 2,
  unless: 2,
  '==': 3,
  '!=': 3,
  '>': 3,
  '<': 3,
  '>=': 3,
  '<=': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
  '%': 5,
  '^': 6,
};

const KNOWN_AGGS = ['stddev', 'stdvar', 'quantile', 'count_values', 'group', 'limitk', 'median', 'mode'];

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  private peek(offset = 0): Token {
    return this.toks[Math.min(this.i + offset, this.toks.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (this.i < this.toks.length - 1) this.i++;
    return t;
  }
  private is(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return (t.kind === 'punct' || t.kind === 'op') && t.text === text;
  }
  private isWord(word: string): boolean {
    const t = this.peek();
    return t.kind === 'ident' && t.text.toLowerCase() === word;
  }
  private fail(msg: string, t = this.peek()): ApiError {
    return invalidQuery(`syntax error at position ${t.pos}: ${msg}`);
  }
  private expect(text: string): Token {
    if (!this.is(text)) {
      const t = this.peek();
      throw this.fail(`expected "${text}" but found ${t.kind === 'eof' ? 'end of query' : `"${t.text}"`}`);
    }
    return this.next();
  }

  /** Between list items: a comma, or the closing bracket (left for the caller). */
  private separator(close: string): void {
    if (this.is(close)) return;
    if (this.is(',')) {
      this.next();
      return;
    }
    const t = this.peek();
    throw this.fail(
      `expected "," or "${close}" but found ${t.kind === 'eof' ? 'end of query' : `"${t.text}"`}`,
    );
  }

  parseTop(): Expr {
    const e = this.parseExpr(0);
    if (this.peek().kind !== 'eof') throw this.fail(`unexpected "${this.peek().text}"`);
    return e;
  }

  private binOp(): string | undefined {
    const t = this.peek();
    if (t.kind === 'op' && t.text in PRECEDENCE) return t.text;
    if (t.kind === 'ident' && ['and', 'or', 'unless'].includes(t.text.toLowerCase()))
      return t.text.toLowerCase();
    return undefined;
  }

  private parseExpr(minPrec: number): Expr {
    let lhs = this.parseUnary();
    for (;;) {
      const op = this.binOp();
      if (!op) return lhs;
      const prec = PRECEDENCE[op]!;
      if (prec < minPrec) return lhs;
      this.next();
      let bool = false;
      if (this.isWord('bool')) {
        if (!COMPARISONS.has(op)) throw this.fail(`bool is only allowed after a comparison`);
        this.next();
        bool = true;
      }
      let on: string[] | null = null;
      let ignoring: string[] | null = null;
      if (this.isWord('on')) {
        this.next();
        on = this.labelList();
      } else if (this.isWord('ignoring')) {
        this.next();
        ignoring = this.labelList();
      }
      if (this.isWord('group_left') || this.isWord('group_right')) {
        throw unsupportedQuery(`unsupported modifier ${this.peek().text}`);
      }
      const rhs = this.parseExpr(op === '^' ? prec : prec + 1);
      lhs = { kind: 'bin', op, lhs, rhs, bool, on, ignoring };
    }
  }

  private parseUnary(): Expr {
    if (this.is('-') || this.is('+')) {
      const neg = this.next().text === '-';
      const e = this.parseExpr(PRECEDENCE['^']!);
      return neg ? { kind: 'neg', expr: e } : e;
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(e: Expr): Expr {
    for (;;) {
      if (this.is('[')) {
        this.next();
        const w = this.duration('range window');
        if (this.is(':')) {
          this.next();
          if (this.peek().kind === 'dur') this.next();
          this.expect(']');
          if (w > MAX_WINDOW_MS) throw rangeTooLarge('subquery window exceeds 31 days');
          throw unsupportedQuery('unsupported subquery');
        }
        this.expect(']');
        if (w > MAX_WINDOW_MS) throw rangeTooLarge('lookback window exceeds 31 days');
        if (e.kind !== 'sel' || e.range > 0 || e.offset !== 0) {
          throw unsupportedQuery('unsupported range window on an expression other than a selector');
        }
        e = { ...e, range: w };
      } else if (this.isWord('offset')) {
        this.next();
        if (this.is('-')) throw unsupportedQuery('unsupported negative offset');
        const o = this.duration('offset');
        if (o > MAX_WINDOW_MS) throw rangeTooLarge('offset exceeds 31 days');
        if (e.kind !== 'sel')
          throw unsupportedQuery('unsupported offset on an expression other than a selector');
        e = { ...e, offset: o };
      } else if (this.is('@')) {
        throw invalidQuery('the @ modifier is not allowed');
      } else {
        return e;
      }
    }
  }

  private duration(what: string): number {
    const t = this.peek();
    if (t.kind !== 'dur') throw this.fail(`expected a duration for the ${what}, like 5m`);
    this.next();
    if (t.value <= 0) throw this.fail(`the ${what} must be positive`);
    return t.value;
  }

  private labelList(): string[] {
    this.expect('(');
    const out: string[] = [];
    while (!this.is(')')) {
      const t = this.next();
      if (t.kind !== 'ident') throw this.fail('expected a label name', t);
      out.push(t.text);
      this.separator(')');
    }
    this.next();
    return out;
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    if (t.kind === 'num') {
      this.next();
      return { kind: 'num', value: t.value };
    }
    if (t.kind === 'str') {
      this.next();
      return { kind: 'str', value: t.text };
    }
    if (t.kind === 'dur') throw this.fail(`unexpected duration "${t.text}"`);
    if (this.is('(')) {
      this.next();
      const e = this.parseExpr(0);
      this.expect(')');
      return e;
    }
    if (this.is('{')) return this.selector(null);
    if (t.kind !== 'ident')
      throw this.fail(t.kind === 'eof' ? 'unexpected end of query' : `unexpected "${t.text}"`);
    const name = t.text;
    const lower = name.toLowerCase();
    const nextTok = this.peek(1);
    const nextIsWord = nextTok.kind === 'ident' && ['by', 'without'].includes(nextTok.text.toLowerCase());
    if (AGGREGATIONS.has(lower) && (this.is('(', 1) || nextIsWord)) return this.aggregation(lower);
    if (nextIsWord && KNOWN_AGGS.includes(lower)) throw unsupportedQuery(`unsupported aggregation ${name}`);
    if (this.is('(', 1)) {
      if (KNOWN_AGGS.includes(lower)) throw unsupportedQuery(`unsupported aggregation ${name}`);
      if (!ROLLUPS.has(lower)) throw unsupportedQuery(`unsupported function ${name}`);
      this.next();
      return { kind: 'call', name: lower, args: this.args() };
    }
    if (lower === 'inf' || lower === 'nan') {
      this.next();
      return { kind: 'num', value: lower === 'inf' ? Number.POSITIVE_INFINITY : Number.NaN };
    }
    this.next();
    return this.selector(name);
  }

  private args(): Expr[] {
    this.expect('(');
    const out: Expr[] = [];
    while (!this.is(')')) {
      out.push(this.parseExpr(0));
      this.separator(')');
    }
    this.next();
    return out;
  }

  private aggregation(op: string): Expr {
    this.next();
    let by: string[] | null = null;
    let without: string[] | null = null;
    const grouping = () => {
      if (this.isWord('by')) {
        this.next();
        by = this.labelList();
      } else if (this.isWord('without')) {
        this.next();
        without = this.labelList();
      }
    };
    grouping();
    const args = this.args();
    if (by === null && without === null) grouping();
    const wantParam = op === 'topk' || op === 'bottomk';
    if (args.length !== (wantParam ? 2 : 1)) {
      throw invalidQuery(
        `${op} expects ${wantParam ? 2 : 1} argument${wantParam ? 's' : ''}, got ${args.length}`,
      );
    }
    const param = wantParam ? args[0]! : null;
    return { kind: 'agg', op, param, by, without, expr: args[args.length - 1]! };
  }

  private selector(name: string | null): Selector {
    const matchers: Matcher[] = name === null ? [] : [{ name: '__name__', op: '=', value: name }];
    if (this.is('{')) {
      this.next();
      while (!this.is('}')) {
        const l = this.next();
        if (l.kind !== 'ident') throw this.fail('expected a label name', l);
        const op = this.next();
        if (op.kind !== 'op' || !['=', '!=', '=~', '!~'].includes(op.text)) {
          throw this.fail('expected =, !=, =~ or !~', op);
        }
        const v = this.next();
        if (v.kind !== 'str') throw this.fail('expected a quoted label value', v);
        matchers.push(makeMatcher(l.text, op.text as MatchOp, v.text));
        this.separator('}');
      }
      this.next();
    }
    if (matchers.length === 0 || matchers.every((m) => matchLabel(m, ''))) {
      throw invalidQuery('a selector must contain at least one matcher that does not match the empty string');
    }
    return { kind: 'sel', matchers, offset: 0, range: 0 };
  }
}

function makeMatcher(name: string, op: MatchOp, value: string): Matcher {
  if (name === 'organization_id') {
    throw new ApiError(400, 'forbidden_matcher', 'matching on organization_id is not allowed');
  }
  if (op === '=~' || op === '!~') {
    try {
      return { name, op, value, re: new RegExp(`^(?:${value})$`) };
    } catch {
      throw invalidQuery(`invalid regular expression ${JSON.stringify(value)} for label ${name}`);
    }
  }
  return { name, op, value };
}

export function matchLabel(m: Matcher, v: string): boolean {
  switch (m.op) {
    case '=':
      return v === m.value;
    case '!=':
      return v !== m.value;
    case '=~':
      return m.re!.test(v);
    case '!~':
      return !m.re!.test(v);
  }
}

export function parseMetricsQL(src: string): Expr {
  if (src.trim() === '') throw invalidQuery('the expression is empty');
  return new Parser(tokenize(src)).parseTop();
}

/** A series selector for discovery `matchers` (no window, offset or function). */
export function parseSelector(src: string): Selector {
  const e = parseMetricsQL(src);
  if (e.kind !== 'sel' || e.range > 0 || e.offset > 0) {
    throw invalidQuery(`matcher ${JSON.stringify(src)} is not a series selector`);
  }
  return e;
}
