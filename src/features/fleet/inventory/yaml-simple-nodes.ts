// The plain-YAML fast path (yaml-simple.ts's grammar) building the `yaml` package's own nodes: the
// document the full parser gives for that text, node for node (yaml11.ts uses it for host_vars
// and group_vars files). Apart from yaml-simple.ts so that the plain inventory reader, which
// builds lighter nodes, does not load the `yaml` package (~265 kB) for every fleet command.
import { Document, LineCounter, Pair, Scalar, YAMLMap } from 'yaml';
import { parseSimple, type SimpleBuilder } from './yaml-simple.js';

/** The document and its lines, or undefined when the text is not of the plain kind above. */
export function parseSimpleYaml(text: string): { doc: Document.Parsed; lines: LineCounter } | undefined {
  const lines = new LineCounter();
  const root = parseSimple(text, YAML_NODES, (offset) => lines.addNewLine(offset));
  if (!root) return undefined;
  const doc = new Document(null, { version: '1.1', uniqueKeys: false }) as Document.Parsed;
  // Built as the parser builds its nodes (each with its range): the parsed document's shape.
  doc.contents = root as Document.Parsed['contents'];
  return { doc, lines };
}

const YAML_NODES: SimpleBuilder<YAMLMap, Scalar> = {
  map(at) {
    const m = new YAMLMap();
    m.range = [at, at, at];
    return m;
  },
  scalar(value, at, end) {
    const s = new Scalar(value);
    s.range = [at, end, end];
    return s;
  },
  pair(map, key, value) {
    const p = new Pair<Scalar, unknown>(key, value);
    map.items.push(p);
    return p;
  },
  set(pair, value) {
    (pair as Pair).value = value;
  },
};
