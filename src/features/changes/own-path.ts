// Would a change cut routersh's own path to the router? Asked before a change is sent inside a
// confirmed-change window (and for any change the user confirms interactively): a revert done by
// routersh cannot reach a router whose path it has cut. The request says what kind of change it
// is (own-path-kind.ts); the metadata says whether a DROP/REJECT rule uses the list, and which
// addresses the interface holds; the connection says which addresses are ours and the router's.
// When a fact cannot be read, it warns anyway (and says so): a needless question is cheap.
import type { NodeInfo, RouterRequest } from '../../api/router/types.js';
import { isIpNet, netContains, parseIp, showIp } from '../../lang/ip.js';
import type { RouterPort } from '../../contract/services.js';
import { type OwnPathKind, ownPathKind } from './own-path-kind.js';

export interface OwnPathDeps {
  /** The session's router: its latest connection's addresses are routersh's own and the router's. */
  router: RouterPort;
  signal: AbortSignal;
}

/** Metadata reads one check may make (each a GET), so a strange tree cannot stall a change. */
const MAX_READS = 24;

/** Why `request` would cut routersh's own path to the router, or undefined when it would not. */
export async function ownPathWarning(request: RouterRequest, deps: OwnPathDeps): Promise<string | undefined> {
  const kind = ownPathKind(request);
  if (!kind) return undefined;
  return kind.kind === 'match-list-entry' ? matchListWarning(kind, deps) : interfaceWarning(kind, deps);
}

type Entry = Extract<OwnPathKind, { kind: 'match-list-entry' }>;
type Iface = Extract<OwnPathKind, { kind: 'interface' }>;

async function matchListWarning(k: Entry, deps: OwnPathDeps): Promise<string | undefined> {
  const source = deps.router.addresses?.local;
  const what = `match-list ${k.list} entry ${k.nets.join(', ')}`;
  if (source === undefined || parseIp(source) === undefined) {
    return `${what}: routersh cannot tell whether it covers its own address${source ? ` ${source}` : ''}; if it does and a DROP or REJECT rule uses the list, the router cuts routersh off`;
  }
  const net = k.nets.find((n) => netContains(n, source));
  if (!net) return undefined;
  const use = await listUse(k.firewall, k.list, deps);
  if (use.kind === 'accept' || use.kind === 'unused') return undefined;
  const rule =
    use.kind === 'drop'
      ? `${use.rule} drops what the list matches`
      : 'routersh cannot tell whether a DROP or REJECT rule uses the list';
  return `match-list ${k.list} entry ${net} covers routersh's own address ${showIp(source)} and ${rule}: the router would cut routersh off`;
}

async function interfaceWarning(k: Iface, deps: OwnPathDeps): Promise<string | undefined> {
  const router = deps.router.addresses?.remote;
  const name = k.iface.join(' ');
  const change = {
    down: 'goes down',
    deleted: 'is deleted',
    'address-removed': `loses address ${k.removed.join(', ') || '(all)'}`,
    'address-set': 'gets a new address',
  }[k.change];
  if (router === undefined || parseIp(router) === undefined) {
    return `${name} ${change}: routersh cannot tell whether its connection to the router${router ? ` (${router})` : ''} uses it`;
  }
  let nets = k.removed;
  if (nets.length === 0) {
    const held = await interfaceAddresses(k, deps);
    if (held === 'unknown')
      return `${name} ${change}: routersh cannot read its addresses to tell whether its connection to ${showIp(router)} uses it`;
    nets = held;
  }
  const hit = nets.find((n) => netContains(n, router));
  if (!hit) return undefined;
  return `${name} ${change}: routersh reaches the router at ${showIp(router)}, in its subnet ${hit}: the change may cut routersh off`;
}

/** Reads metadata breadth-first along Token sub-nodes, within the read budget. */
async function* tokenWalk(start: string[], deps: OwnPathDeps, skip: (name: string) => boolean) {
  let level = [start];
  let reads = 0;
  for (let depth = 0; depth < 6 && level.length > 0 && reads < MAX_READS; depth++) {
    const batch = level.slice(0, MAX_READS - reads);
    reads += batch.length;
    const got = await Promise.all(batch.map((p) => read(p, deps)));
    const next: string[][] = [];
    for (const [i, node] of got.entries()) {
      if (!node) {
        yield { path: batch[i]!, node: undefined };
        continue;
      }
      yield { path: batch[i]!, node };
      for (const c of node.subNodes)
        if (c.type === 'Token' && !skip(c.name)) next.push([...batch[i]!, c.name]);
    }
    level = next;
  }
}

async function read(words: string[], deps: OwnPathDeps): Promise<NodeInfo | undefined> {
  try {
    return (await deps.router.send({ method: 'GET', words }, { signal: deps.signal })).nodeInfo;
  } catch (e) {
    if (deps.signal.aborted) throw e;
    return undefined;
  }
}

/** The addresses the interface holds: SetValues that are IP networks (either family), anywhere below it. */
async function interfaceAddresses(k: Iface, deps: OwnPathDeps): Promise<string[] | 'unknown'> {
  if (k.change === 'address-set') {
    // Adding to a list of addresses cuts nothing; replacing the only one may.
    const parent = await read(k.iface.concat(['ip', 'address']), deps);
    if (parent?.subNodes.some((c) => c.type === 'Value' && c.multiValue)) return [];
  }
  let found = false;
  const out: string[] = [];
  for await (const { node } of tokenWalk(k.iface, deps, () => false)) {
    for (const c of node?.subNodes ?? []) {
      if (c.type !== 'Value' || !/address|ip|inet/i.test(`${c.name} ${c.help ?? ''} ${c.description ?? ''}`))
        continue;
      const nets = c.setValues.filter(isIpNet);
      if (nets.length > 0 || /%IP|address/i.test(c.name)) found = true;
      out.push(...nets);
    }
  }
  return found ? out : 'unknown';
}

type ListUse = { kind: 'drop'; rule: string } | { kind: 'accept' } | { kind: 'unused' } | { kind: 'unknown' };

const DROPS = /^(drop|reject|deny|discard|block)$/i;

/**
 * How the firewall uses the list: read the firewall's nodes (all but the match-lists) and look
 * for configured entries (SetOptions) naming the list in an option named like a list, and
 * whether such an entry drops. Unknown when no node even has such an option.
 */
async function listUse(firewall: string[], list: string, deps: OwnPathDeps): Promise<ListUse> {
  let shapeKnown = false;
  let accepts = false;
  for await (const { path, node } of tokenWalk(firewall, deps, (n) => n === 'match-list')) {
    if (!node) continue;
    for (const n of [node, ...node.subNodes]) {
      if (n.possibleOptions.some((o) => /list/i.test(o.name))) shapeKnown = true;
      for (const [i, rec] of n.setOptions.entries()) {
        const names = Object.entries(rec).some(([name, v]) => /list/i.test(name) && v.includes(list));
        if (!names) continue;
        const values = Object.values(rec).flat();
        if (values.some((v) => DROPS.test(v))) {
          const label = n === node ? path.join(' ') : `${path.at(-1) ?? ''} ${n.setValues[i] ?? ''}`.trim();
          return { kind: 'drop', rule: label };
        }
        accepts = true;
      }
    }
  }
  if (accepts) return { kind: 'accept' };
  return shapeKnown ? { kind: 'unused' } : { kind: 'unknown' };
}
