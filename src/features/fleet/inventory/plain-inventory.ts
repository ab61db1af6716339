// The plainest YAML inventory (yaml-simple.ts's grammar: the one `sim --routers` writes) read
// without the `yaml` package's nodes: a tree of plain objects, each with its line, read by the
// rules of yaml-inventory.ts's YamlReader, step for step (a property test compares the two on
// generated texts). For 1,000 hosts the `yaml` nodes, their ranges and the line lookups were
// most of the inventory's read, and of the collections at the start of a fleet run.
import { configError } from '../../../errors.js';
import { expandHostEntry } from './host-pattern.js';
import { type InventoryBuilder, MAX_HOSTS } from './model.js';
import { checkVar } from './secrets.js';
import { parseSimple, type SimpleBuilder } from './yaml-simple.js';

interface PlainScalar {
  readonly kind: 'scalar';
  readonly value: string | null;
  readonly line: number;
}
interface PlainMap {
  readonly kind: 'map';
  readonly items: PlainPair[];
  readonly line: number;
}
interface PlainPair {
  readonly key: PlainScalar;
  value: PlainNode | null;
}
type PlainNode = PlainScalar | PlainMap;

const PLAIN_NODES: SimpleBuilder<PlainMap, PlainScalar> = {
  map: (_at, line) => ({ kind: 'map', items: [], line }),
  scalar: (value, _at, _end, line) => ({ kind: 'scalar', value, line }),
  pair(map, key, value) {
    const p: PlainPair = { key, value };
    map.items.push(p);
    return p;
  },
  set(pair, value) {
    (pair as PlainPair).value = value;
  },
};

/** Nesting of groups under `children:`, as yaml-inventory.ts. */
const MAX_DEPTH = 200;

/** Reads `text` into `inv` when it is of the plain kind (true), else leaves it to the full reader. */
export function readPlainInventory(text: string, file: string, inv: InventoryBuilder): boolean {
  const root = parseSimple(text, PLAIN_NODES);
  if (!root) return false;
  if (root.items.some((p) => p.key.value === 'plugin'))
    throw configError(`${file}: an inventory plugin's configuration, not a YAML inventory`);
  const r = new PlainReader(file, inv);
  for (const pair of root.items) r.group(pair.key.value as string, pair.value, 0);
  return true;
}

const isNull = (n: PlainNode | null): boolean => n !== null && n.kind === 'scalar' && n.value === null;

class PlainReader {
  constructor(
    readonly file: string,
    readonly inv: InventoryBuilder,
  ) {}

  /** `FILE:LINE` of a node; a node that is not in the text (a `hosts: NAME` entry's value): FILE. */
  at(node: PlainNode | null): string {
    return node ? `${this.file}:${node.line}` : this.file;
  }

  group(name: string, node: PlainNode | null, depth: number): string {
    if (depth > MAX_DEPTH) throw configError(`${this.at(node)}: groups nested more than ${MAX_DEPTH} deep`);
    if (node !== null && node.kind === 'scalar' && node.value !== null) return name; // Ansible skips it
    this.inv.group(name, this.at(node));
    if (node === null || node.kind !== 'map') return name;
    for (const pair of node.items) {
      const key = pair.key.value as string;
      const value = pair.value;
      if (key !== 'vars' && key !== 'children' && key !== 'hosts') continue; // Ansible warns and skips
      if (value === null || isNull(value)) continue;
      if (value.kind === 'scalar') {
        this.section(name, key, [[value.value as string, null, value]], depth);
        continue;
      }
      this.section(
        name,
        key,
        value.items.map((p): [string, PlainNode | null, PlainNode] => [
          p.key.value as string,
          p.value,
          p.key,
        ]),
        depth,
      );
    }
    return name;
  }

  private section(
    group: string,
    key: string,
    entries: [string, PlainNode | null, PlainNode][],
    depth: number,
  ): void {
    for (const [k, v, keyNode] of entries) {
      const at = this.at(keyNode);
      if (key === 'vars') this.inv.setGroupVar(group, k, value(k, v, at), at);
      else if (key === 'children') this.inv.child(group, this.group(k, v, depth + 1), at);
      else this.hosts(group, k, v, at);
    }
  }

  private hosts(group: string, entry: string, node: PlainNode | null, at: string): void {
    const expanded = expandHostEntry(entry, at, MAX_HOSTS - this.inv.hosts.size);
    const vars: [string, unknown, string][] = [];
    if (node !== null && !isNull(node)) {
      if (node.kind !== 'map') throw configError(`${at}: host '${entry}' wants a map of variables`);
      for (const p of node.items) {
        const k = p.key.value as string;
        const vat = this.at(p.key);
        vars.push([k, value(k, p.value, vat), vat]);
      }
    }
    this.inv.hostEntry(expanded, group, at, vars);
  }
}

/** A variable's value as plain data (a map as the `yaml` package's toJS makes it), secrets refused. */
function value(key: string, node: PlainNode | null, at: string): unknown {
  // No node (`vars: NAME`): null, unchecked, as YamlReader.value.
  if (node === null) return null;
  const v = toJS(node);
  checkVar(key, v, at);
  return v;
}

function toJS(node: PlainNode | null): unknown {
  if (node === null || node.kind === 'scalar') return node?.value ?? null;
  const out: Record<string, unknown> = {};
  // Defined, not assigned: a key such as `__proto__` is an own key, as the `yaml` package makes it.
  for (const p of node.items)
    Object.defineProperty(out, p.key.value as string, {
      value: toJS(p.value),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  return out;
}
