// Hand-built NodeInfo trees and an in-memory FetchNode over them (the engine's input is a
// function, so this is no HTTP mock). Tree B is deliberately unlike any router.
import type { NodeInfo, OptionInfo } from '../../src/api/router/types.js';
import { rejectedError } from '../../src/errors.js';
import type { FetchNode } from '../../src/lang/index.js';
import { emptyNode } from '../../src/lang/empty-node.js';

type NodeSpec = Partial<Omit<NodeInfo, 'name' | 'type' | 'subNodes' | 'possibleOptions'>> & {
  sub?: NodeInfo[];
  opts?: OptionInfo[];
};

export function tok(name: string, s: NodeSpec = {}): NodeInfo {
  return build(name, 'Token', s);
}
export function val(name: string, s: NodeSpec = {}): NodeInfo {
  return build(name, 'Value', s);
}

function build(name: string, type: 'Token' | 'Value', s: NodeSpec): NodeInfo {
  const { sub = [], opts = [], ...rest } = s;
  return {
    ...emptyNode(name, type),
    hasSubnodes: sub.length > 0,
    ...rest,
    subNodes: sub,
    possibleOptions: opts,
  };
}

export function opt(name: string, o: Partial<Omit<OptionInfo, 'name'>> = {}): OptionInfo {
  return {
    name,
    count: 1,
    availableInSet: true,
    availableInUnSet: false,
    availableInShow: false,
    key: false,
    ...o,
  };
}

const both = { allowSet: true, allowUnSet: true, allowShow: true };

/** Router-like tree (names from the spec). */
export function routerTree(): NodeInfo {
  const ifVal = val('%IF', {
    inputRe: '([\\w\\-\\.\\d]+)',
    help: '<ifname.vlanid>',
    description: 'interface name',
    setValues: ['eth0', 'eth1'],
    ...both,
    hasSetSubnodes: true,
    sub: [tok('mtu', { allowSet: true, opts: [opt('size', { valueType: '%NUM', inputRe: '\\d+' })] })],
  });
  const pingOpts = [
    opt('size', { valueType: '%NUM', inputRe: '\\d+', description: 'bytes' }),
    opt('interval', { valueType: '%NUM', inputRe: '\\d+' }),
    opt('count', { valueType: '%NUM', inputRe: '\\d+' }),
    opt('interface', { valueType: '%IF', inputRe: '[\\w\\-\\.\\d]+' }),
    opt('source', { valueType: '%IP4', inputRe: '\\d+\\.\\d+\\.\\d+\\.\\d+' }),
    opt('numeric', { description: 'no DNS' }),
  ];
  const match = tok('match', {
    allowSet: true,
    allowUnSet: true,
    opts: [
      opt('net', { valueType: '%IP4NET', inputRe: '[\\d./]+', count: 2, key: true, availableInUnSet: true }),
      opt('port', { valueType: '%NUM', inputRe: '\\d+', count: 2, availableInUnSet: true }),
      opt('protocol', { valueType: '%STR', inputRe: '\\w+', count: 2, availableInUnSet: true }),
    ],
  });
  const list = val('%STR', {
    inputRe: '[\\w\\-]+',
    help: '<name>',
    setValues: ['bl'],
    ...both,
    hasSetSubnodes: true,
    sub: [tok('action', { hasSetSubnodes: true, hasUnSetSubnodes: true, sub: [match] })],
  });
  const firewall = tok('firewall', {
    hasSetSubnodes: true,
    sub: [
      tok('match-list', { hasSetSubnodes: true, hasUnSetSubnodes: true, hasShowSubnodes: true, sub: [list] }),
    ],
  });
  const user = val('%USER', {
    inputRe: '[a-z]+',
    help: '<user>',
    ...both,
    opts: [opt('password', { valueType: '%STR', inputRe: '\\S{8,}' })],
  });
  return tok('', {
    hasSubnodes: true,
    sub: [
      tok('interface', {
        hasSetSubnodes: true,
        hasUnSetSubnodes: true,
        hasShowSubnodes: true,
        description: 'interfaces',
        sub: [ifVal],
      }),
      tok('ipv4', { hasSetSubnodes: true, hasUnSetSubnodes: true, hasShowSubnodes: true, sub: [firewall] }),
      tok('ping', {
        hasSetSubnodes: true,
        sub: [
          val('%IP4', {
            inputRe: '\\d+\\.\\d+\\.\\d+\\.\\d+',
            help: '<x.x.x.x>',
            allowSet: true,
            opts: pingOpts,
          }),
        ],
      }),
      tok('system', {
        hasSetSubnodes: true,
        sub: [tok('user', { hasSetSubnodes: true, hasUnSetSubnodes: true, sub: [user] })],
      }),
    ],
  });
}

/** Unlike any router: a Value at the root, options and sub-nodes on one node, Count 2, Key,
 * a bad InputRe, a router word that clashes with a built-in. */
export function gardenTree(): NodeInfo {
  const seed = val('%SEED', {
    inputRe: 's\\d+',
    help: '<sNN>',
    description: 'a seed',
    setValues: ['s1', 's22'],
    setOptions: [{ tag: ['red'] }, { tag: ['blue', 'red'] }],
    ...both,
    hasSetSubnodes: true,
    sub: [tok('prune', { allowSet: true })],
    opts: [
      opt('tag', {
        inputRe: '[a-z]+',
        valueType: '%STR',
        count: 2,
        key: true,
        availableInUnSet: true,
        availableInShow: true,
      }),
      opt('depth', { inputRe: '\\d+', description: 'cm' }),
      opt('water', { description: 'water it' }),
    ],
  });
  return tok('', {
    hasSubnodes: true,
    sub: [
      tok('plant', {
        hasSetSubnodes: true,
        hasUnSetSubnodes: true,
        hasShowSubnodes: true,
        allowShow: true,
        sub: [seed, tok('pot', { allowSet: true, allowShow: true }), tok('potting', { allowSet: true })],
        opts: [
          opt('color', { inputRe: '[a-z]+', valueType: '%STR', count: 2, availableInShow: true }),
          opt('verbose', { availableInSet: false, availableInShow: true }),
        ],
      }),
      val('%ZONE', {
        inputRe: 'z\\d+',
        help: '<zN>',
        allowSet: true,
        allowShow: true,
        possibleValues: ['z1', 'z2'],
      }),
      tok('zebra', { allowSet: true }),
      tok('history', { allowShow: true }),
      tok('broken', {
        hasSetSubnodes: true,
        sub: [val('%BAD', { inputRe: '([a-', help: '<bad>', allowSet: true })],
      }),
      tok('stats', { allowShow: true }),
      tok('qq', {
        hasSetSubnodes: true,
        sub: [
          val('%TXT', {
            inputRe: '.+',
            help: '<text>',
            allowSet: true,
            possibleValues: ['hello world', 'hello'],
          }),
        ],
      }),
    ],
  });
}

function anchored(re: string | undefined, word: string): boolean {
  if (re === undefined) return true;
  try {
    return new RegExp(`^(?:${re})$`).test(word);
  } catch {
    return true;
  }
}

export interface TreeFetch extends FetchNode {
  calls: string[][];
}

/** GET on a path of the tree: walks Token names, then Value nodes by InputRe. */
export function treeFetch(root: NodeInfo, o: { refuse?: (words: string[]) => boolean } = {}): TreeFetch {
  const calls: string[][] = [];
  const f = async (words: string[], signal: AbortSignal): Promise<NodeInfo> => {
    calls.push([...words]);
    signal.throwIfAborted();
    if (o.refuse?.(words)) throw rejectedError('no such node');
    let n = root;
    for (const w of words) {
      const next =
        n.subNodes.find((c) => c.type === 'Token' && c.name === w) ??
        n.subNodes.find((c) => c.type === 'Value' && anchored(c.inputRe, w));
      if (!next) throw rejectedError(`unknown node ${w}`);
      n = next;
    }
    return n;
  };
  return Object.assign(f, { calls });
}
