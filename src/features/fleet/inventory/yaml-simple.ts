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
import { Document, LineCounter, Pair, Scalar, YAMLMap } from 'yaml';

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

interface Open {
  indent: number;
  map: YAMLMap;
}

/** The document and its lines, or undefined when the text is not of the plain kind above. */
export function parseSimpleYaml(text: string): { doc: Document.Parsed; lines: LineCounter } | undefined {
  // Outside printable ASCII and newlines (tabs, CR, a BOM, anything non-ASCII): the full parser.
  if (/[^\x20-\x7e\n]/.test(text)) return undefined;
  const lines = new LineCounter();
  const root = new YAMLMap();
  const stack: Open[] = [];
  // A `key:` with nothing after it: its value is a map if the next line is deeper, else null.
  let pending: { pair: Pair<Scalar, unknown>; indent: number; at: number } | undefined;
  let offset = 0;
  while (offset <= text.length) {
    lines.addNewLine(offset);
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
        const child = new YAMLMap();
        child.range = [keyAt, keyAt, keyAt];
        pending.pair.value = child;
        stack.push({ indent, map: child });
      } else pending.pair.value = nullAt(pending.at);
      pending = undefined;
    } else if (stack.length === 0) {
      if (indent !== 0) return undefined;
      root.range = [keyAt, keyAt, keyAt];
      stack.push({ indent: 0, map: root });
    }
    while (stack.length > 0 && stack[stack.length - 1]!.indent > indent) stack.pop();
    const open = stack[stack.length - 1];
    if (!open || open.indent !== indent) return undefined;
    const key = keyScalar(m[2]!, keyAt);
    if (!key) return undefined;
    const raw = m[3];
    if (raw === undefined || raw === '' || raw.startsWith('#')) {
      const pair = new Pair<Scalar, unknown>(key, null);
      open.map.items.push(pair);
      // The full parser puts an empty value where the text after `key:` and its spaces starts.
      const after = at + line.length - line.slice(indent + m[2]!.length + 1).trimStart().length;
      pending = { pair, indent, at: raw?.startsWith('#') ? after : at + line.length };
      continue;
    }
    const value = valueScalar(raw, at + line.indexOf(raw, indent + m[2]!.length + 1));
    if (!value) return undefined;
    open.map.items.push(new Pair(key, value));
  }
  if (pending) pending.pair.value = nullAt(pending.at);
  // Nothing but comments: the full parser says what such a file is.
  if (stack.length === 0) return undefined;
  const doc = new Document(null, { version: '1.1', uniqueKeys: false }) as Document.Parsed;
  // Built as the parser builds its nodes (each with its range): the parsed document's shape.
  doc.contents = root as Document.Parsed['contents'];
  return { doc, lines };
}

function keyScalar(word: string, at: number): Scalar | undefined {
  if (NOT_A_STRING.test(word)) return undefined;
  const s = new Scalar(word);
  s.range = [at, at + word.length, at + word.length];
  return s;
}

function valueScalar(raw: string, at: number): Scalar | undefined {
  const m = DOUBLE.exec(raw) ?? SINGLE.exec(raw);
  let value: string | undefined = m?.[1];
  if (value === undefined) {
    const p = PLAIN.exec(raw);
    // `a:` at a value's end would start a nested map on one line: an error the full parser says.
    if (!p || NOT_A_STRING.test(p[1]!) || p[1]!.endsWith(':')) return undefined;
    value = p[1]!;
  }
  const s = new Scalar(value);
  s.range = [at, at + raw.length, at + raw.length];
  return s;
}

function nullAt(at: number): Scalar {
  const s = new Scalar(null);
  s.range = [at, at, at];
  return s;
}
