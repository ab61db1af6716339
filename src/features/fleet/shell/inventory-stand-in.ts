// STAND-IN until INV's features/fleet/inventory lands (then deleted): the YAML inventories
// `routersh sim --routers` writes (all → children → GROUP → hosts → NAME → vars), and patterns
// of names, groups, `all`, `*` globs, `a:b`/`a,b`, `:&b` and `:!b`.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import type { FleetHost, Inventory } from '../../../contract/fleet.js';
import { usageError } from '../../../errors.js';

type Tree = {
  hosts?: Record<string, Record<string, unknown> | null>;
  children?: Record<string, Tree | null>;
};

export function loadInventoryStandIn(file: string): Inventory {
  let doc: Record<string, Tree | null>;
  try {
    doc = parse(readFileSync(file, 'utf8')) as Record<string, Tree | null>;
  } catch (e) {
    throw usageError(`cannot read inventory ${file}: ${(e as Error).message.split('\n')[0]}`);
  }
  const hosts = new Map<string, { vars: Record<string, unknown>; groups: Set<string> }>();
  const groups = new Map<string, { hosts: Set<string>; children: Set<string> }>();
  const walk = (name: string, t: Tree | null, parents: string[]) => {
    const g = groups.get(name) ?? { hosts: new Set(), children: new Set() };
    groups.set(name, g);
    for (const [h, vars] of Object.entries(t?.hosts ?? {})) {
      const e = hosts.get(h) ?? { vars: {}, groups: new Set(['all']) };
      Object.assign(e.vars, vars ?? {});
      for (const p of [...parents, name]) e.groups.add(p);
      hosts.set(h, e);
      g.hosts.add(h);
    }
    for (const [c, sub] of Object.entries(t?.children ?? {})) {
      g.children.add(c);
      walk(c, sub, [...parents, name]);
    }
  };
  for (const [name, t] of Object.entries(doc ?? {})) walk(name, t, []);
  const base = dirname(resolve(file));
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const list: FleetHost[] = [...hosts].map(([name, { vars, groups: gs }]) => {
    const pw = str(vars.routersh_password_file);
    const tel = str(vars.routersh_telemetry_url);
    const user = str(vars.routersh_user) ?? str(vars.ansible_user);
    return {
      name,
      router: str(vars.routersh_router) ?? `http://${str(vars.ansible_host) ?? name}`,
      ...(user ? { user } : {}),
      ...(pw ? { passwordFile: resolve(base, pw) } : {}),
      ...(tel ? { telemetryUrl: tel } : {}),
      groups: [...gs],
      vars,
      origin: {},
    };
  });
  return {
    source: file,
    hosts: list,
    groups: [...groups].map(([name, g]) => ({ name, hosts: [...g.hosts], children: [...g.children] })),
  };
}

export function selectHostsStandIn(inv: Inventory, pattern = 'all'): FleetHost[] {
  const one = (term: string): Set<string> => {
    if (term === 'all' || term === '*') return new Set(inv.hosts.map((h) => h.name));
    const re = new RegExp(`^${term.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return new Set(
      inv.hosts.filter((h) => re.test(h.name) || h.groups.some((g) => re.test(g))).map((h) => h.name),
    );
  };
  let sel = new Set<string>();
  for (const raw of pattern.split(/[:,]/)) {
    if (raw === '') continue;
    if (raw.startsWith('&')) {
      const b = one(raw.slice(1));
      sel = new Set([...sel].filter((n) => b.has(n)));
    } else if (raw.startsWith('!')) {
      const b = one(raw.slice(1));
      sel = new Set([...sel].filter((n) => !b.has(n)));
    } else for (const n of one(raw)) sel.add(n);
  }
  const out = inv.hosts.filter((h) => sel.has(h.name));
  if (out.length === 0) throw usageError(`pattern '${pattern}' matches no host`);
  return out;
}
