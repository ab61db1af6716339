// Reading a dashboard file's YAML nodes with their lines: each reader checks one shape (a map
// with known keys, text, a whole number, a list) and records a line-numbered issue when the
// node is not it, so a whole file is checked in one pass and every mistake is reported.
import { isAlias, isMap, isScalar, isSeq, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';

export interface DashIssue {
  line: number;
  message: string;
  /** A warning is reported, but the file is still valid. */
  warning?: true;
}

/** Beyond this many, the rest of a file's issues are counted, not listed. */
export const MAX_ISSUES = 100;

export class Reader {
  readonly issues: DashIssue[] = [];
  constructor(
    private readonly lines: LineCounter,
    private readonly resolveAlias: (n: Node) => Node | undefined,
  ) {}

  lineOf(node: unknown): number {
    const r = (node as Node | undefined)?.range;
    return r ? this.lines.linePos(r[0]).line : 1;
  }

  issue(at: unknown, message: string): void {
    this.issues.push({ line: typeof at === 'number' ? at : this.lineOf(at), message });
  }

  warn(at: unknown, message: string): void {
    this.issues.push({ line: typeof at === 'number' ? at : this.lineOf(at), message, warning: true });
  }

  /** The node an alias stands for (its anchor), or the node itself. */
  deref(node: unknown): Node | undefined {
    if (node === null || node === undefined) return undefined;
    return isAlias(node) ? this.resolveAlias(node) : (node as Node);
  }

  /**
   * A map's pairs by key, `what` naming it in messages; keys not in `known` are issues (a key
   * twice is reported by the YAML parser). Undefined when the node is not a map.
   */
  map(node: unknown, what: string, known: readonly string[], at: unknown = node): Fields | undefined {
    const n = this.deref(node);
    if (!isMap(n)) {
      this.issue(n ?? at, `${what} must be a map of keys (${known.join(', ')})`);
      return undefined;
    }
    const fields = new Fields(n);
    for (const pair of (n as YAMLMap).items as Pair[]) {
      const key = this.deref(pair.key);
      const name = isScalar(key) ? String(key.value) : undefined;
      if (name === undefined) this.issue(key ?? n, `${what}: a key must be a plain word`);
      else if (!known.includes(name))
        this.issue(key, `${what}: unknown key '${name}' (keys: ${known.join(', ')})`);
      else fields.set(name, pair);
    }
    return fields;
  }

  /** Text (a quoted or plain string); numbers and booleans are not text. */
  text(node: unknown, what: string, opts: { empty?: boolean } = {}): string | undefined {
    const n = this.deref(node);
    if (!isScalar(n) || typeof n.value !== 'string') {
      this.issue(
        n ?? node,
        `${what} must be text${isScalar(n) && n.value !== null ? ` (quote it: '${String(n.value)}')` : ''}`,
      );
      return undefined;
    }
    if (!opts.empty && n.value.trim() === '') {
      this.issue(n, `${what} is empty`);
      return undefined;
    }
    return n.value;
  }

  /** Text, or a number written as text (a list's values: `[1, 2]`). */
  word(node: unknown, what: string): string | undefined {
    const n = this.deref(node);
    if (isScalar(n) && typeof n.value === 'number' && Number.isFinite(n.value)) return String(n.value);
    return this.text(n, what);
  }

  bool(node: unknown, what: string): boolean | undefined {
    const n = this.deref(node);
    if (isScalar(n) && typeof n.value === 'boolean') return n.value;
    this.issue(n ?? node, `${what} must be true or false`);
    return undefined;
  }

  int(node: unknown, what: string, min: number, max: number): number | undefined {
    const n = this.deref(node);
    const v = isScalar(n) ? n.value : undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      this.issue(n ?? node, `${what} must be a whole number`);
      return undefined;
    }
    if (v < min || v > max) {
      this.issue(n, `${what} must be ${min}–${max}, not ${v}`);
      return undefined;
    }
    return v;
  }

  /** A number or `null` (a threshold's value). */
  numberOrNull(node: unknown, what: string): number | null | undefined {
    const n = this.deref(node);
    if (isScalar(n) && (n.value === null || (typeof n.value === 'number' && Number.isFinite(n.value))))
      return n.value as number | null;
    this.issue(n ?? node, `${what} must be a number or null`);
    return undefined;
  }

  /** A list's items (nodes); a lone scalar is refused. */
  list(node: unknown, what: string): unknown[] | undefined {
    const n = this.deref(node);
    if (!isSeq(n)) {
      this.issue(n ?? node, `${what} must be a list`);
      return undefined;
    }
    return n.items;
  }

  /** A list of words (or one word, as a list of one, unless `list`). */
  words(node: unknown, what: string, max: number, opts: { list?: boolean } = {}): string[] | undefined {
    const n = this.deref(node);
    if (opts.list && !isSeq(n)) {
      this.issue(n ?? node, `${what} must be a list ([a, b])`);
      return undefined;
    }
    const items = isSeq(n) ? n.items : [n];
    if (!items.length) {
      this.issue(n ?? node, `${what} is an empty list`);
      return undefined;
    }
    if (items.length > max) {
      this.issue(n, `${what}: too many values (${items.length}; at most ${max})`);
      return undefined;
    }
    const out: string[] = [];
    for (const item of items) {
      const w = this.word(item, `${what}'s values`);
      if (w === undefined) return undefined;
      out.push(w);
    }
    return out;
  }
}

/** A map's known pairs by key. */
export class Fields {
  private readonly pairs = new Map<string, Pair>();
  constructor(readonly node: Node) {}
  set(name: string, pair: Pair): void {
    this.pairs.set(name, pair);
  }
  has(name: string): boolean {
    return this.pairs.has(name);
  }
  /** The value node of `name` (a key with no value holds null). */
  value(name: string): unknown {
    return this.pairs.get(name)?.value ?? null;
  }
  key(name: string): unknown {
    return this.pairs.get(name)?.key;
  }
  names(): string[] {
    return [...this.pairs.keys()];
  }
}
