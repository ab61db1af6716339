// What the router says about a list, generically: the entry node's key option (the one with
// Key 1) and its InputRe, the port/protocol options if the node has them, and the members now in
// the list (SetOptions, or SetValues when a router leaves those out).
import type { Envelope, NodeInfo, OptionInfo, RouterRequest } from '../../api/router/types.js';
import { commandFailedError, protocolError } from '../../errors.js';
import { type Entry, entryId } from './input.js';

export interface RouterPort {
  send(req: RouterRequest, o: { signal?: AbortSignal }): Promise<Envelope>;
  /** The latest connection's addresses (`local`: routersh's own); undefined before a request. */
  readonly addresses?: { local: string; remote: string } | undefined;
}

export type Member = Omit<Entry, 'line'>;

export interface ListTarget {
  list: string;
  /** `ipv4 firewall match-list LIST action match` */
  words: string[];
  key: OptionInfo;
  port?: OptionInfo;
  protocol?: OptionInfo;
  members: Member[];
  /** entryId of every member. */
  present: Set<string>;
  /** The list's entry timeout, when the router names it (option `timeout` of the list). */
  timeoutSeconds?: number;
  /** The entry node as just read: the journal's "before", not read a second time. */
  node: NodeInfo;
}

export const listWords = (list: string): string[] => [
  'ipv4',
  'firewall',
  'match-list',
  list,
  'action',
  'match',
];

async function nodeInfo(router: RouterPort, words: string[], signal?: AbortSignal): Promise<NodeInfo> {
  const env = await router.send({ method: 'GET', words }, signal ? { signal } : {});
  if (!env.nodeInfo)
    throw protocolError(`malformed response from router: GET ${words.join(' ')} gave no NodeInfo`);
  return env.nodeInfo;
}

function membersOf(info: NodeInfo, key: string): Member[] {
  const out: Member[] = [];
  const n = Math.max(info.setValues.length, info.setOptions.length);
  for (let i = 0; i < n; i++) {
    const o = info.setOptions[i];
    const net = o?.[key]?.[0];
    if (net !== undefined) {
      const port = o?.['port']?.[0];
      const protocol = o?.['protocol']?.[0];
      out.push(port !== undefined ? { net, port, protocol: protocol ?? '' } : { net });
      continue;
    }
    // `net` or `net,proto:port`, as the members are named.
    const v = info.setValues[i];
    if (v === undefined) continue;
    const m = /^([^,\s]+)[,\s]+([^:\s]+):(\d+)$/.exec(v);
    out.push(m ? { net: m[1]!, protocol: m[2]!, port: m[3]! } : { net: v });
  }
  return out;
}

export async function loadTarget(
  router: RouterPort,
  list: string,
  signal?: AbortSignal,
): Promise<ListTarget> {
  const words = listWords(list);
  const [lists, info] = await Promise.all([
    nodeInfo(router, words.slice(0, 3), signal),
    nodeInfo(router, words, signal),
  ]);
  // The list names are the SetValues of the match-list node's value child.
  const listNode = lists.subNodes.find((n) => n.type === 'Value');
  const names = listNode?.setValues ?? [];
  const timeout = Number(listNode?.setOptions[names.indexOf(list)]?.['timeout']?.[0]);
  if (!names.includes(list)) throw commandFailedError(`match-list ${list} does not exist`);
  const key = info.possibleOptions.find((o) => o.key && o.availableInSet);
  if (!key) throw protocolError(`${words.join(' ')} has no key option: not a match-list entry node`);
  const opt = (name: string) => info.possibleOptions.find((o) => o.name === name && o.availableInSet);
  const members = membersOf(info, key.name);
  const port = opt('port');
  const protocol = opt('protocol');
  return {
    list,
    words,
    key,
    ...(port ? { port } : {}),
    ...(protocol ? { protocol } : {}),
    members,
    node: info,
    present: new Set(members.map(entryId)),
    ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutSeconds: timeout } : {}),
  };
}
