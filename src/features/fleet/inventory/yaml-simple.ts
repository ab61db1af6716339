// A fast path for the plainest YAML (issue 39's bench: the `yaml` package took ~250 ms of a
// 1,000-host run on the 200 KB inventory `sim --routers` writes; this reads it in a few ms).
// It accepts only block maps, one `key:` or `key: value` per line, indented with spaces, whose
// keys are plain words that YAML 1.1 reads as strings and whose values are a quoted string
// without escapes, a plain word that is a string, or nothing (null). Anything else (flow
// collections, sequences, anchors, tags, escapes, multi-line scalars, booleans, numbers,
// non-ASCII, tabs, CR, document markers, an indentation no open map has) returns undefined and
// the caller parses the text with the full parser. What it returns is what the full parser
// gives for that text, node for node (keys, values, maps, the line of each node's start; a
// property test compares them): the readers see the same document either way.
// `  key:` then ` value`, ` # comment` or nothing. A plain key starts with a letter or `_`: never
// a number, a timestamp, `~`, an indicator or a merge key in YAML 1.1.
const LINE = /^( *)([A-Za-z_][A-Za-z0-9_.-]{0,200}):(?: +(.*?))? *$/;
// Values: "double" or 'single' quoted printable ASCII without escapes or their own quote, or
// a plain word that starts as no number can (letter, `_`, `/`) and has no indicator in it.
const DOUBLE = /^"([\x20\x21\x23-\x5b\x5d-\x7e]*)"(?: +#.*)?$/;
const SINGLE = /^'([\x20-\x26\x28-\x7e]*)'(?: +#.*)?$/;
const PLAIN = /^([A-Za-z_/][A-Za-z0-9_./:@%+=-]*)(?: +#.*)?$/;
// Plain words YAML 1.1 reads as a boolean or null (the `yaml` package's 1.1 sets, wider than
// PyYAML's): left to the full parser and yaml11.ts's fixes.
const NOT_A_STRING =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL)$/;

/** What the grammar below builds: the `yaml` package's nodes, or plain-tree.ts's lighter ones. */
export interface SimpleBuilder<M, S> {
  map(at: number, line: number): M;
  /** A key, or a value: a string, or null (nothing after `key:`). */
  scalar(value: string | null, at: number, end: number, line: number): S;
  /** Appends the pair; its value may come later (`set`). */
  pair(map: M, key: S, value: S | M | null): unknown;
  set(pair: unknown, value: S | M): void;
}

interface Open<M> {
  indent: number;
  map: M;
}

/**
 * The grammar above, building with `b`: the root map, or undefined when the text is not plain.
 * `newLine` is told each line's start offset, in order.
 */
export function parseSimple<M, S>(
  text: string,
  b: SimpleBuilder<M, S>,
  newLine: (offset: number) => void = () => {},
): M | undefined {
  // Outside printable ASCII and newlines (tabs, CR, a BOM, anything non-ASCII): the full parser.
  if (/[^\x20-\x7e\n]/.test(text)) return undefined;
  let root: M | undefined;
  const stack: Open<M>[] = [];
  // A `key:` with nothing after it: its value is a map if the next line is deeper, else null.
  let pending: { pair: unknown; indent: number; at: number; line: number } | undefined;
  let offset = 0;
  let lineNo = 0;
  while (offset <= text.length) {
    newLine(offset);
    lineNo++;
    let end = text.indexOf('\n', offset);
    if (end < 0) end = text.length;
    const line = text.slice(offset, end);
    const at = offset;
    offset = end + 1;
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) return undefined;
    const indent = m[1]!.length;
    const keyAt = at + indent;
    if (pending) {
      if (indent > pending.indent) {
        const child = b.map(keyAt, lineNo);
        b.set(pending.pair, child);
        stack.push({ indent, map: child });
      } else b.set(pending.pair, b.scalar(null, pending.at, pending.at, pending.line));
      pending = undefined;
    } else if (stack.length === 0) {
      if (indent !== 0) return undefined;
      root = b.map(keyAt, lineNo);
      stack.push({ indent: 0, map: root });
    }
    while (stack.length > 0 && stack[stack.length - 1]!.indent > indent) stack.pop();
    const open = stack[stack.length - 1];
    if (!open || open.indent !== indent) return undefined;
    const word = m[2]!;
    if (NOT_A_STRING.test(word)) return undefined;
    const key = b.scalar(word, keyAt, keyAt + word.length, lineNo);
    const raw = m[3];
    if (raw === undefined || raw === '' || raw.startsWith('#')) {
      const pair = b.pair(open.map, key, null);
      // The full parser puts an empty value where the text after `key:` and its spaces starts.
      const after = at + line.length - line.slice(indent + word.length + 1).trimStart().length;
      pending = { pair, indent, at: raw?.startsWith('#') ? after : at + line.length, line: lineNo };
      continue;
    }
    const value = plainValue(raw);
    if (value === undefined) return undefined;
    const valueAt = at + line.indexOf(raw, indent + word.length + 1);
    b.pair(open.map, key, b.scalar(value, valueAt, valueAt + raw.length, lineNo));
  }
  if (pending) b.set(pending.pair, b.scalar(null, pending.at, pending.at, pending.line));
  // Nothing but comments: the full parser says what such a file is.
  return root;
}

/** A value's string: quoted without escapes, or a plain word that is a string in YAML 1.1. */
function plainValue(raw: string): string | undefined {
  const m = DOUBLE.exec(raw) ?? SINGLE.exec(raw);
  if (m?.[1] !== undefined) return m[1];
  const p = PLAIN.exec(raw);
  // `a:` at a value's end would start a nested map on one line: an error the full parser says.
  if (!p || NOT_A_STRING.test(p[1]!) || p[1]!.endsWith(':')) return undefined;
  return p[1]!;
}
