// From the readers' groups and hosts to the FleetHosts of contract/fleet.ts, with Ansible's
// variable precedence (vars/manager.py get_vars, ansible-inventory --list):
//   `all`'s inventory vars < other groups' inventory vars (by depth, ansible_group_priority, name)
//   < group_vars/all < group_vars/GROUP (same order) < the host's inventory vars < host_vars/HOST.
// Then routersh's connection: `routersh_router`, else routersh_scheme (https by default)
// ://ansible_host (the name by default):ansible_port; routersh_user over ansible_user; the
// secret files; the connection flags (--user, --password-file, --token-file) under all of them.
import { isAbsolute, resolve as resolvePath } from 'node:path';
import type { FleetGroup, FleetHost, Inventory } from '../../../contract/fleet.js';
import { configError } from '../../../errors.js';
import type { InventoryBuilder, RawGroup, Sourced } from './model.js';

export type VarFiles = ReadonlyMap<string, ReadonlyMap<string, Sourced>>;

export interface ResolveInput {
  source: string;
  /** Where relative secret files are found: the inventory's folder. */
  baseDir: string;
  groupFiles?: VarFiles;
  hostFiles?: VarFiles;
  /** Defaults under the host vars, with their origin (`flag --user`). */
  defaults?: { user?: Sourced; passwordFile?: Sourced; tokenFile?: Sourced };
}

export function resolveInventory(b: InventoryBuilder, o: ResolveInput): Inventory {
  b.reconcile();
  const depth = depths(b);
  const order = (names: Iterable<string>): RawGroup[] =>
    [...names]
      .map((n) => b.groups.get(n) as RawGroup)
      .sort((x, y) => {
        const d = (depth.get(x.name) ?? 0) - (depth.get(y.name) ?? 0);
        if (d) return d;
        const p = priority(x) - priority(y);
        if (p) return p;
        return x.name < y.name ? -1 : x.name > y.name ? 1 : 0;
      });
  const ancestors = ancestorsOf(b);
  // Hosts in the same groups share their groups' merged vars: 100,000 hosts in a few groups
  // sort and merge each set of groups once.
  const bySet = new Map<string, { groups: string[]; vars: Map<string, Sourced> }>();
  const groupLevel = (direct: readonly string[]) => {
    const key = direct.join('\0');
    let memo = bySet.get(key);
    if (memo) return memo;
    const groupSet = new Set<string>(['all']);
    for (const g of direct) {
      groupSet.add(g);
      for (const a of ancestors(g)) groupSet.add(a);
    }
    const sorted = order([...groupSet].filter((g) => g !== 'all'));
    const vars = new Map<string, Sourced>();
    const put = (m: ReadonlyMap<string, Sourced> | undefined) => {
      for (const [k, v] of m ?? []) vars.set(k, v);
    };
    put(b.groups.get('all')?.vars);
    for (const g of sorted) put(g.vars);
    put(o.groupFiles?.get('all'));
    for (const g of sorted) put(o.groupFiles?.get(g.name));
    memo = { groups: ['all', ...[...groupSet].filter((g) => g !== 'all')], vars };
    bySet.set(key, memo);
    return memo;
  };
  const hosts: FleetHost[] = [];
  for (const h of b.hosts.values()) {
    const level = groupLevel(h.groups);
    const own = o.hostFiles?.get(h.name);
    let merged = level.vars;
    if (h.vars.size > 0 || own) {
      merged = new Map(level.vars);
      for (const [k, v] of h.vars) merged.set(k, v);
      for (const [k, v] of own ?? []) merged.set(k, v);
    }
    hosts.push(connection(h.name, h.at, merged, level.groups, o));
  }
  const groups: FleetGroup[] = [...b.groups.values()].map((g) => ({
    name: g.name,
    hosts: [...g.hosts],
    children: [...g.children],
  }));
  return { source: o.source, hosts, groups };
}

const priority = (g: RawGroup): number => g.priority;

/** Each group's depth: the longest path down from `all` (Ansible's Group.depth). */
function depths(b: InventoryBuilder): Map<string, number> {
  const out = new Map<string, number>();
  const visit = (name: string, d: number) => {
    if ((out.get(name) ?? -1) >= d) return;
    out.set(name, d);
    for (const c of b.groups.get(name)?.children ?? []) visit(c, d + 1);
  };
  visit('all', 0);
  return out;
}

/** A group's ancestors (memoised: 100,000 hosts in a few groups walk each group once). */
function ancestorsOf(b: InventoryBuilder): (g: string) => readonly string[] {
  const memo = new Map<string, string[]>();
  const of = (g: string): string[] => {
    let m = memo.get(g);
    if (m) return m;
    const set = new Set<string>();
    for (const p of b.groups.get(g)?.parents ?? []) {
      set.add(p);
      for (const a of of(p)) set.add(a);
    }
    m = [...set];
    memo.set(g, m);
    return m;
  };
  return of;
}

const str = (v: Sourced | undefined, key: string): string | undefined => {
  if (v === undefined || v.value === null || v.value === undefined) return undefined;
  if (typeof v.value === 'string') return v.value;
  if (typeof v.value === 'number' && key !== 'routersh_router') return String(v.value);
  throw configError(`${v.at}: '${key}' must be a string`);
};

function connection(
  name: string,
  at: string,
  vars: Map<string, Sourced>,
  groups: string[],
  o: ResolveInput,
): FleetHost {
  const origin: Record<string, string> = {};
  for (const [k, v] of vars) origin[k] = v.at;
  const pick = (...keys: string[]): [string, Sourced] | undefined => {
    for (const k of keys) {
      const v = vars.get(k);
      if (str(v, k) !== undefined) return [k, v as Sourced];
    }
    return undefined;
  };
  const router = routerOf(name, at, vars, origin);
  const user = pick('routersh_user', 'ansible_user');
  const pw = pick('routersh_password_file');
  const token = pick('routersh_token_file');
  const tele = pick('routersh_telemetry_url');
  const file = (s: Sourced | undefined, key: string) => {
    const p = str(s, key);
    return p === undefined ? undefined : isAbsolute(p) ? p : resolvePath(o.baseDir, p);
  };
  const chosen = (own: [string, Sourced] | undefined, dflt: Sourced | undefined, field: string) => {
    const s = own?.[1] ?? dflt;
    if (s) origin[field] = own ? `${own[0]} at ${s.at}` : s.at;
    return s;
  };
  const userS = chosen(user, o.defaults?.user, 'user');
  const pwS = chosen(pw, o.defaults?.passwordFile, 'passwordFile');
  const tokenS = chosen(token, o.defaults?.tokenFile, 'tokenFile');
  const teleS = chosen(tele, undefined, 'telemetryUrl');
  const userV = str(userS, user?.[0] ?? 'user');
  const pwV = pw ? file(pwS, 'routersh_password_file') : str(pwS, 'passwordFile');
  const tokenV = token ? file(tokenS, 'routersh_token_file') : str(tokenS, 'tokenFile');
  const teleV = teleS
    ? checkUrl(str(teleS, 'routersh_telemetry_url') as string, 'routersh_telemetry_url', teleS.at)
    : undefined;
  // Assigned, not spread (the same keys in the same order): made per host, where V8's
  // unoptimised code builds an object from conditional spreads many times slower.
  const h: { -readonly [K in keyof FleetHost]?: FleetHost[K] } = { name, router };
  if (userV !== undefined) h.user = userV;
  if (pwV !== undefined) h.passwordFile = pwV;
  if (tokenV !== undefined) h.tokenFile = tokenV;
  if (teleV !== undefined) h.telemetryUrl = teleV;
  h.groups = groups;
  h.vars = Object.fromEntries([...vars].map(([k, v]) => [k, v.value]));
  h.origin = origin;
  return h as FleetHost;
}

function routerOf(
  name: string,
  defined: string,
  vars: Map<string, Sourced>,
  origin: Record<string, string>,
): string {
  const explicit = vars.get('routersh_router');
  const url = str(explicit, 'routersh_router');
  if (url !== undefined && explicit) {
    origin.router = `routersh_router at ${explicit.at}`;
    return checkUrl(url, 'routersh_router', explicit.at);
  }
  const schemeS = vars.get('routersh_scheme');
  const scheme = str(schemeS, 'routersh_scheme') ?? 'https';
  if (scheme !== 'http' && scheme !== 'https')
    throw configError(`${schemeS?.at}: 'routersh_scheme' is http or https, not '${scheme}'`);
  const hostS = vars.get('ansible_host');
  const host = str(hostS, 'ansible_host') ?? name;
  const portS = vars.get('ansible_port');
  const port = portS?.value;
  if (port !== undefined && port !== null && !/^\d{1,5}$/.test(String(port)))
    throw configError(`${portS?.at}: 'ansible_port' must be a port number`);
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const parts = [
    schemeS ? `routersh_scheme at ${schemeS.at}` : 'https (default)',
    hostS ? `ansible_host at ${hostS.at}` : 'the host name',
    ...(portS ? [`ansible_port at ${portS.at}`] : []),
  ];
  origin.router = parts.join(', ');
  const at = hostS?.at ?? portS?.at ?? schemeS?.at ?? defined;
  return checkUrl(
    `${scheme}://${bracketed}${port !== undefined && port !== null ? `:${port}` : ''}`,
    'the router URL',
    at,
  );
}

/** An http(s) URL without credentials in it (they come from files), no trailing slash. */
function checkUrl(u: string, what: string, at: string): string {
  let url: URL;
  try {
    url = new URL(u);
  } catch {
    throw configError(`${at}: ${what} is not a URL (want http://host:port or https://...)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw configError(`${at}: ${what} must be http:// or https://`);
  if (url.username || url.password)
    throw configError(`${at}: ${what} must not carry credentials (use routersh_password_file)`);
  return u.replace(/\/+$/, '');
}
