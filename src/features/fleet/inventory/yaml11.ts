// YAML as Ansible's PyYAML reads it (YAML 1.1, SafeLoader's resolver): the `yaml` package's 1.1
// schema is wider than PyYAML's in two places, fixed here on every plain scalar: `y`/`n` are
// strings (not booleans), and a number needs PyYAML's form (`1e3` and `e1` are strings; a float
// has a dot). Errors are one line at their line; aliases are bounded. The plainest texts (an
// inventory `sim --routers` writes) take a fast path of the same result (yaml-simple.ts).
import { type Document, LineCounter, parseDocument, visit } from 'yaml';
import { configError } from '../../../errors.js';
import { parseSimpleYaml } from './yaml-simple-nodes.js';

const PY_BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const PY_INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const PY_FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

export interface Yaml11 {
  doc: Document.Parsed;
  lines: LineCounter;
}

export function parseYaml11(text: string, file: string): Yaml11 {
  return parseSimpleYaml(text) ?? parseYaml11Fully(text, file);
}

/** The full parser, whatever the text (yaml-simple.ts is the fast path of the plainest). */
export function parseYaml11Fully(text: string, file: string): Yaml11 {
  const lines = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { lineCounter: lines, version: '1.1', uniqueKeys: false, prettyErrors: true });
  } catch (e) {
    if (e instanceof RangeError) throw configError(`${file}: nested too deep`);
    throw e;
  }
  const first = doc.errors[0];
  if (first) {
    const why = (first.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw configError(`${file}:${first.linePos?.[0].line ?? 1}: ${why}`);
  }
  visit(doc, {
    Scalar(_, node) {
      if (node.type !== 'PLAIN' || typeof node.source !== 'string') return;
      const src = node.source;
      if (typeof node.value === 'boolean' && !PY_BOOL.test(src)) node.value = src;
      else if (typeof node.value === 'number' && !PY_INT.test(src) && !PY_FLOAT.test(src)) node.value = src;
    },
  });
  return { doc, lines };
}
