// An INI inventory's value as Ansible reads it: Python's ast.literal_eval, else the text itself
// (plugins/inventory/ini.py _parse_value). So `port=8443` is a number, `on=True` a boolean,
// `l=[1,'a']` a list, `name=edge` the string. A subset of Python's literals: numbers, strings,
// True/False/None, lists, tuples (as lists), dicts; anything else stays text, as in Ansible.

class NotLiteral extends Error {}

const MAX_DEPTH = 64;

/** A word that no literal starts like (a name, a path, a host): text, without parsing. */
const PLAIN = /^[A-Za-z_/][\w./:@-]*$/;
const DECIMAL = /^-?(?:0|[1-9]\d{0,14})$/;

export function pyLiteral(text: string): unknown {
  if (DECIMAL.test(text)) return Number(text);
  if (PLAIN.test(text) && text !== 'True' && text !== 'False' && text !== 'None') return text;
  try {
    const p = new Parser(text);
    const v = p.value(0);
    p.ws();
    if (p.i !== text.length) return text;
    return v;
  } catch (e) {
    if (e instanceof NotLiteral || e instanceof RangeError) return text;
    throw e;
  }
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
};

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  ws(): void {
    while (this.i < this.s.length && /[ \t]/.test(this.s[this.i] as string)) this.i++;
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) throw new NotLiteral();
    this.ws();
    const c = this.s[this.i];
    if (c === '[') return this.seq(']', depth);
    if (c === '(') return this.seq(')', depth);
    if (c === '{') return this.dict(depth);
    if (c === "'" || c === '"') return this.str(c);
    const word = /^(True|False|None)\b/.exec(this.s.slice(this.i));
    if (word) {
      this.i += (word[1] as string).length;
      return word[1] === 'True' ? true : word[1] === 'False' ? false : null;
    }
    return this.num();
  }

  private num(): number {
    const rest = this.s.slice(this.i);
    const m =
      /^[-+]?(0[xX][0-9a-fA-F](_?[0-9a-fA-F])*|0[oO][0-7](_?[0-7])*|0[bB][01](_?[01])*|((\d(_?\d)*)?\.\d(_?\d)*|\d(_?\d)*\.?)([eE][-+]?\d(_?\d)*)?)(?![\w.])/.exec(
        rest,
      );
    if (!m) throw new NotLiteral();
    const t = m[0].replace(/_/g, '');
    const body = t.replace(/^[-+]/, '');
    // Python refuses a decimal integer with a leading zero (`01`): it stays text.
    if (/^0\d/.test(body) && !/[.eE]/.test(body)) throw new NotLiteral();
    this.i += m[0].length;
    const sign = t.startsWith('-') ? -1 : 1;
    if (/^0[xXoObB]/.test(body)) return sign * Number(body.toLowerCase());
    return sign * Number(body);
  }

  private str(q: string): string {
    let out = '';
    this.i++;
    while (this.i < this.s.length) {
      const c = this.s[this.i++] as string;
      if (c === q) return out;
      if (c === '\\') {
        const e = this.s[this.i++];
        if (e === undefined) break;
        out += ESCAPES[e] ?? `\\${e}`;
      } else out += c;
    }
    throw new NotLiteral();
  }

  private seq(close: string, depth: number): unknown[] {
    this.i++;
    const out: unknown[] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === close) {
        this.i++;
        return out;
      }
      out.push(this.value(depth + 1));
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== close) throw new NotLiteral();
    }
  }

  private dict(depth: number): Record<string, unknown> {
    this.i++;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.ws();
      if (this.s[this.i] === '}') {
        this.i++;
        return out;
      }
      const k = this.value(depth + 1);
      this.ws();
      if (this.s[this.i++] !== ':') throw new NotLiteral();
      Object.defineProperty(out, String(k), {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') throw new NotLiteral();
    }
  }
}
