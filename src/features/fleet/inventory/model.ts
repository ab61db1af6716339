// An inventory as its readers build it (INI, YAML, a dynamic inventory's JSON, profiles), before
// resolution: groups with their hosts, children and variables, hosts with theirs, each value
// with the `FILE:LINE` it came from. The rules are Ansible's (inventory/data.py): `all` and
// `ungrouped` always exist, a group without a parent becomes a child of `all`, a host in no
// group but `all` is in `ungrouped`, and a child that would close a loop is refused by name.
import { configError } from '../../../errors.js';
import type { HostEntry } from './host-pattern.js';

export interface Sourced {
  readonly value: unknown;
  /** `FILE:LINE`, `FILE` or `flag --user`. */
  readonly at: string;
}

export interface RawGroup {
  readonly name: string;
  readonly hosts: string[];
  readonly children: string[];
  readonly parents: string[];
  readonly vars: Map<string, Sourced>;
  /** `ansible_group_priority`: orders groups of one depth; Ansible keeps it out of the vars. */
  priority: number;
}

export interface RawHost {
  readonly name: string;
  readonly vars: Map<string, Sourced>;
  /** The groups it was put in directly, in order. */
  readonly groups: string[];
  /** Where it was first named (`FILE:LINE`), for errors about it. */
  readonly at: string;
}

/** Most hosts one inventory may hold: a range such as `h[0:99999999]` is refused, not expanded. */
export const MAX_HOSTS = 1_000_000;
/** Most characters in a host or group name (Ansible has none; a name is a label, not a document). */
export const MAX_NAME = 255;

// C0 and C1 controls and DEL: a name holding one could rewrite the terminal it is printed on.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export class InventoryBuilder {
  readonly groups = new Map<string, RawGroup>();
  readonly hosts = new Map<string, RawHost>();

  constructor() {
    this.group('all');
    this.group('ungrouped');
    this.child('all', 'ungrouped', '');
  }

  /** The group named, created on first mention. */
  group(name: string, at = ''): RawGroup {
    let g = this.groups.get(name);
    if (!g) {
      checkName(name, 'group', at);
      g = { name, hosts: [], children: [], parents: [], vars: new Map(), priority: 1 };
      this.groups.set(name, g);
    }
    return g;
  }

  /** The host named, created on first mention, put in `group` (when given). */
  host(name: string, group: string | undefined, at: string): RawHost {
    let h = this.hosts.get(name);
    if (!h) {
      checkName(name, 'host', at);
      if (this.hosts.size >= MAX_HOSTS)
        throw configError(`${at}: more than ${MAX_HOSTS} hosts in the inventory`);
      h = { name, vars: new Map(), groups: [], at };
      this.hosts.set(name, h);
    }
    if (group !== undefined) {
      const g = this.group(group, at);
      if (!h.groups.includes(group)) {
        h.groups.push(group);
        g.hosts.push(name);
      }
    }
    return h;
  }

  /** `child` under `parent`; a loop (a group its own ancestor) is refused naming it. */
  child(parent: string, child: string, at: string): void {
    const p = this.group(parent, at);
    const c = this.group(child, at);
    if (p.children.includes(child)) return;
    if (parent === child) throw configError(`${at}: group '${child}' cannot be a child of itself`);
    const path = this.pathUp(parent, child);
    // path runs from `child` down to `parent`: the new edge closes it.
    if (path) throw configError(`${at}: children form a cycle: ${[...path, child].join(' -> ')}`);
    p.children.push(child);
    c.parents.push(parent);
  }

  /** A path from `from` up through its parents to `to` (its ancestor), if any. */
  private pathUp(from: string, to: string): string[] | undefined {
    const seen = new Set<string>();
    const walk = (name: string): string[] | undefined => {
      if (name === to) return [name];
      if (seen.has(name)) return undefined;
      seen.add(name);
      for (const parent of this.groups.get(name)?.parents ?? []) {
        const rest = walk(parent);
        if (rest) return [name, ...rest];
      }
      return undefined;
    };
    return walk(from)?.reverse();
  }

  setGroupVar(group: string, key: string, value: unknown, at: string): void {
    if (key === 'ansible_group_priority') {
      const n = Number(value);
      if (!Number.isInteger(n)) throw configError(`${at}: 'ansible_group_priority' must be a whole number`);
      this.group(group, at).priority = n;
      return;
    }
    this.group(group, at).vars.set(key, { value, at });
  }

  setHostVar(host: string, key: string, value: unknown, at: string): void {
    this.host(host, undefined, at).vars.set(key, { value, at });
  }

  /**
   * A `hosts` entry's hosts (`edge-[01:40]:2222`, expanded), each in `group` (when given), with
   * the entry's port as `ansible_port` and then `vars` (key, value, where it was written).
   */
  hostEntry(
    entry: HostEntry,
    group: string | undefined,
    at: string,
    vars: readonly (readonly [string, unknown, string])[] = [],
  ): void {
    for (const name of entry.names) {
      this.host(name, group, at);
      if (entry.port !== undefined) this.setHostVar(name, 'ansible_port', entry.port, at);
      for (const [k, v, vat] of vars) this.setHostVar(name, k, v, vat);
    }
  }

  /** Ansible's reconcile_inventory: orphan groups under `all`, group-less hosts in `ungrouped`. */
  reconcile(): void {
    for (const g of this.groups.values())
      if (g.name !== 'all' && g.parents.length === 0) this.child('all', g.name, '');
    const ungrouped = this.group('ungrouped');
    for (const h of this.hosts.values()) {
      const others = h.groups.filter((g) => g !== 'all' && g !== 'ungrouped');
      if (h.groups.includes('ungrouped')) {
        if (others.length > 0) {
          h.groups.splice(h.groups.indexOf('ungrouped'), 1);
          ungrouped.hosts.splice(ungrouped.hosts.indexOf(h.name), 1);
        }
      } else if (others.length === 0) {
        h.groups.push('ungrouped');
        ungrouped.hosts.push(h.name);
      }
    }
  }
}

/** A name with a control character, empty or too long: refused where it was read. */
export function checkName(name: string, what: 'host' | 'group', at: string): void {
  const where = at ? `${at}: ` : '';
  if (name === '') throw configError(`${where}an empty ${what} name`);
  if (CONTROL.test(name)) throw configError(`${where}a ${what} name holds a control character`);
  if (name.length > MAX_NAME) throw configError(`${where}a ${what} name longer than ${MAX_NAME} characters`);
}
