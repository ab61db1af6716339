// Which requests may cut routersh's own path to the router, read from the request alone
// (pure): a match-list entry being added, and an interface going down, being deleted or
// losing an address. Named by the words routers of this kind use (`match-list`,
// `interface`, `shutdown`, `address`); whether the path is really cut needs the metadata
// and the connection's addresses (own-path.ts).
import type { RouterRequest } from '../../api/router/types.js';
import { isIpNet } from '../../lang/ip.js';

export type OwnPathKind =
  /** Entries `nets` go into match-list `list`; `firewall` is the path the list lives under. */
  | { kind: 'match-list-entry'; list: string; nets: string[]; firewall: string[] }
  /** `iface` (its path) goes down, is deleted, loses `removed` addresses (all when empty), or gets a SET address. */
  | {
      kind: 'interface';
      iface: string[];
      change: 'down' | 'deleted' | 'address-removed' | 'address-set';
      removed: string[];
    };

const DOWN_WORDS = new Set(['shutdown', 'disable', 'disabled', 'down']);
const INTERFACE_WORDS = new Set(['interface', 'interfaces']);

const isSet = (r: RouterRequest) =>
  r.method === 'POST' && (r.actions === undefined || r.actions.length === 0 || r.actions.includes('SET'));
const isRemoval = (r: RouterRequest) =>
  r.method === 'DELETE' || (r.method === 'POST' && r.actions?.includes('UNSET') === true);

const optionValues = (r: RouterRequest): string[] =>
  Object.values(r.options ?? {}).flatMap((v) => v.map(String));

export function ownPathKind(r: RouterRequest): OwnPathKind | undefined {
  const w = r.words;
  const ml = w.indexOf('match-list');
  if (ml >= 0 && w[ml + 1] !== undefined && isSet(r)) {
    const nets = [...w.slice(ml + 2), ...optionValues(r)].filter(isIpNet);
    if (nets.length === 0) return undefined;
    return { kind: 'match-list-entry', list: w[ml + 1]!, nets, firewall: w.slice(0, ml) };
  }
  const at = w.findIndex((x) => INTERFACE_WORDS.has(x));
  if (at < 0 || w[at + 1] === undefined) return undefined;
  const iface = w.slice(0, at + 2);
  const rest = w.slice(at + 2);
  const hasAddress = rest.some((x) => /address/i.test(x));
  if (r.method === 'DELETE' && rest.length === 0)
    return { kind: 'interface', iface, change: 'deleted', removed: [] };
  if (isSet(r) && (DOWN_WORDS.has(rest.at(-1) ?? '') || optionValues(r).some((v) => DOWN_WORDS.has(v)))) {
    return { kind: 'interface', iface, change: 'down', removed: [] };
  }
  if (hasAddress && isRemoval(r)) {
    const removed = [...rest, ...optionValues(r)].filter(isIpNet);
    return { kind: 'interface', iface, change: 'address-removed', removed };
  }
  if (hasAddress && isSet(r)) return { kind: 'interface', iface, change: 'address-set', removed: [] };
  return undefined;
}
