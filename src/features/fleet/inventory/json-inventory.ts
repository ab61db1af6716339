// A dynamic inventory's answer to `--list` (Ansible's script plugin): a JSON object of groups,
// each a list of hosts or `{hosts, vars, children}`, and `_meta.hostvars` (host -> vars). Without
// `_meta`, Ansible asks `--host NAME` per host; routersh does not (one bounded run), so such a
// script's hosts have their groups' vars only. `at` is what values' origins say (`SCRIPT --list`).
import { configError } from '../../../errors.js';
import type { InventoryBuilder } from './model.js';
import { checkVar } from './secrets.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export function readJsonInventory(text: string, at: string, inv: InventoryBuilder): void {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw configError(`${at}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  if (!isObject(doc)) throw configError(`${at}: not a JSON object of groups`);
  const meta = doc._meta;
  for (const [name, data] of Object.entries(doc)) {
    if (name === '_meta') continue;
    inv.group(name, at);
    if (Array.isArray(data)) {
      for (const h of data) inv.host(hostName(h, at), name, at);
      continue;
    }
    if (!isObject(data)) throw configError(`${at}: group '${name}' is neither a list of hosts nor an object`);
    const { hosts, vars, children } = data;
    if (hosts !== undefined) {
      if (!Array.isArray(hosts)) throw configError(`${at}: '${name}.hosts' is not a list`);
      for (const h of hosts) inv.host(hostName(h, at), name, at);
    }
    if (vars !== undefined) {
      if (!isObject(vars)) throw configError(`${at}: '${name}.vars' is not an object`);
      for (const [k, v] of Object.entries(vars)) {
        checkVar(k, v, at);
        inv.setGroupVar(name, k, v, at);
      }
    }
    if (children !== undefined) {
      if (!Array.isArray(children)) throw configError(`${at}: '${name}.children' is not a list`);
      for (const c of children) inv.child(name, hostName(c, at), at);
    }
  }
  if (meta === undefined) return;
  const hostvars = isObject(meta) ? meta.hostvars : undefined;
  if (!isObject(hostvars)) throw configError(`${at}: '_meta.hostvars' is not an object`);
  for (const [host, vars] of Object.entries(hostvars)) {
    if (!isObject(vars)) throw configError(`${at}: '_meta.hostvars.${host}' is not an object`);
    for (const [k, v] of Object.entries(vars)) {
      checkVar(k, v, at);
      inv.setHostVar(host, k, v, at);
    }
  }
}

function hostName(h: unknown, at: string): string {
  if (typeof h !== 'string') throw configError(`${at}: a host or group name is not a string`);
  return h;
}
