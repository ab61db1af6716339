// Ansible's YAML inventory (plugins/inventory/yaml.py): top-level groups (`all:` or any), each a
// map of `hosts:` (name or range -> its vars), `children:` (groups, recursively) and `vars:`.
// YAML 1.1 as Ansible's PyYAML reads it (`yes` is true). Each value keeps the line it was
// written on; a `!vault` value is refused there, never read.
import type { Document, LineCounter, Node, YAMLMap } from 'yaml';
import { isMap, isScalar } from 'yaml';
import { configError } from '../../../errors.js';
import { expandHostEntry } from './host-pattern.js';
import { type InventoryBuilder, MAX_HOSTS } from './model.js';
import { checkVar, vaultError } from './secrets.js';
import { hasVault } from './vars-yaml.js';
import { parseYaml11 } from './yaml11.js';

/** Aliases a file may expand (a "billion laughs" stops here). */
const MAX_ALIASES = 1000;
/** Nesting of groups under `children:` (deeper is refused before it exhausts the stack). */
const MAX_DEPTH = 200;

type Doc = Document.Parsed;

/** What a scalar's toJS gives back as it is (a bigint becomes a number; a Date is an object). */
const isPlainValue = (v: unknown): boolean =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * A YAML inventory through the `yaml` package's nodes, whatever the text (index.ts reads the
 * plainest by plain-inventory.ts first; its property test compares the two).
 */
export function readYamlNodes(text: string, file: string, inv: InventoryBuilder): void {
  const { doc, lines } = parseYaml11(text, file);
  const r = new YamlReader(doc, lines, file, inv);
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null))
    throw configError(`${file}: the YAML inventory is empty`);
  if (!isMap(root)) throw configError(`${r.at(root)}: a YAML inventory is a map of groups`);
  if (root.items.some((p) => isScalar(p.key) && p.key.value === 'plugin'))
    throw configError(`${file}: an inventory plugin's configuration, not a YAML inventory`);
  for (const pair of root.items) r.group(r.keyText(pair.key), pair.value as Node | null, 0);
}

class YamlReader {
  constructor(
    readonly doc: Doc,
    readonly lines: LineCounter,
    readonly file: string,
    readonly inv: InventoryBuilder,
  ) {}

  at(node: unknown): string {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? `${this.file}:${this.lines.linePos(range[0]).line}` : this.file;
  }

  keyText(key: unknown): string {
    if (isScalar(key) && (typeof key.value === 'string' || typeof key.value === 'number'))
      return String(key.value);
    if (isScalar(key) && key.value === null) return '';
    throw configError(`${this.at(key)}: a name must be a string`);
  }

  /** An alias followed to its node (bounded by the parser's own alias count in toJS). */
  private deref(node: Node | null): Node | null {
    if (node && (node as { source?: string }).source !== undefined && 'resolve' in node)
      return ((node as unknown as { resolve(d: Doc): Node | undefined }).resolve(this.doc) ??
        null) as Node | null;
    return node;
  }

  group(name: string, raw: Node | null, depth: number): string {
    if (depth > MAX_DEPTH) throw configError(`${this.at(raw)}: groups nested more than ${MAX_DEPTH} deep`);
    const node = this.deref(raw);
    if (node !== null && !isMap(node) && !(isScalar(node) && node.value === null)) return name; // Ansible skips it
    this.inv.group(name, this.at(raw));
    if (!isMap(node)) return name;
    for (const pair of node.items) {
      const key = this.keyText(pair.key);
      const value = this.deref(pair.value as Node | null);
      if (!['vars', 'children', 'hosts'].includes(key)) continue; // Ansible warns and skips
      if (value === null || (isScalar(value) && value.value === null)) continue;
      if (isScalar(value) && typeof value.value === 'string') {
        this.section(name, key, [[value.value, null, value]], depth);
        continue;
      }
      if (!isMap(value)) throw configError(`${this.at(value)}: '${key}' of group '${name}' must be a map`);
      const entries = (value as YAMLMap).items.map((p): [string, Node | null, unknown] => [
        this.keyText(p.key),
        p.value as Node | null,
        p.key,
      ]);
      this.section(name, key, entries, depth);
    }
    return name;
  }

  private section(
    group: string,
    key: string,
    entries: [string, Node | null, unknown][],
    depth: number,
  ): void {
    for (const [k, v, keyNode] of entries) {
      const at = this.at(keyNode);
      if (key === 'vars') this.inv.setGroupVar(group, k, this.value(k, v, at), at);
      else if (key === 'children') this.inv.child(group, this.group(k, v, depth + 1), at);
      else this.hosts(group, k, v, at);
    }
  }

  private hosts(group: string, entry: string, raw: Node | null, at: string): void {
    const expanded = expandHostEntry(entry, at, MAX_HOSTS - this.inv.hosts.size);
    const node = this.deref(raw);
    const vars: [string, unknown, string][] = [];
    if (node !== null && !(isScalar(node) && node.value === null)) {
      if (!isMap(node)) throw configError(`${at}: host '${entry}' wants a map of variables`);
      for (const p of node.items) {
        const k = this.keyText(p.key);
        const vat = this.at(p.key);
        vars.push([k, this.value(k, p.value as Node | null, vat), vat]);
      }
    }
    this.inv.hostEntry(expanded, group, at, vars);
  }

  /** A variable's value as plain data, secrets refused. */
  private value(key: string, node: Node | null, at: string): unknown {
    if (hasVault(node, 0)) throw vaultError(key, at);
    if (node === null) return null;
    let v: unknown;
    try {
      // A plain scalar is its value (toJS makes a context per call: ~3 per host of 1,000).
      v =
        isScalar(node) && isPlainValue(node.value)
          ? node.value
          : node.toJS(this.doc, { maxAliasCount: MAX_ALIASES });
    } catch (e) {
      throw configError(`${at}: ${(e as Error).message.split('\n')[0]}`);
    }
    checkVar(key, v, at);
    return v;
  }
}
