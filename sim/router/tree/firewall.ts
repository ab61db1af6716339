// `ipv4 firewall match-list <name> [action match]` and `ipv4 firewall filter forward rule <num>`.
// Shape of a rule (not in the spec beyond "one match-field per key part"): options `action`,
// `match-list`, and flags `src` (the list's address) / `dst` (the list's destination port).
import { bad } from '../api-error.js';
import { type MatchKey, MatchList, memberId, monitorText } from '../match-list.js';
import { IP4_OR_NET_RE } from '../net.js';
import { type ForwardRule, referencedCount } from '../state.js';
import { NAME_RE, NUM_RE, arg, has, numOption, numberIn, opt, token, value } from './helpers.js';
import type { Ctx, NodeDef, OptionDef } from './types.js';

function list(c: Ctx): MatchList {
  const name = arg(c, 'list');
  const l = c.state.matchLists.get(name);
  if (!l) throw bad(`Match-list ${name} does not exist`);
  return l;
}

const monitor = (c: Ctx) => {
  const l = list(c);
  return { format: 'text' as const, output: monitorText(l, referencedCount(c.state, l.name), c.now) };
};

const entryOptions: Record<string, OptionDef> = {
  net: {
    valueType: '%IP4',
    inputRe: IP4_OR_NET_RE,
    help: '<x.x.x.x[/x]>',
    count: 1,
    description: 'Address or network of the entry',
    inSet: true,
    inUnSet: true,
    key: true,
  },
  port: numOption('Destination port (net-port lists)', { inUnSet: true }),
  protocol: {
    valueType: '%STR',
    inputRe: '(tcp|udp)',
    help: 'tcp|udp',
    count: 1,
    description: 'Protocol of the port (net-port lists)',
    inSet: true,
    inUnSet: true,
  },
};

function entryInput(c: Ctx, l: MatchList) {
  const net = opt(c, 'net');
  if (net === undefined) throw bad('Option net is required');
  const port = opt(c, 'port');
  if (port !== undefined) numberIn(port, 1, 65535, 'Port');
  if (l.key === 'net' && (port !== undefined || has(c, 'protocol'))) {
    throw bad(`Match-list ${l.name} has key net: options port and protocol do not apply`);
  }
  return { net, port, protocol: opt(c, 'protocol') };
}

const matchNode = token('match', 'Entries of the list (SET adds or refreshes, UNSET removes)', {
  options: entryOptions,
  setValues: (c) => {
    const l = c.state.matchLists.get(c.args['list'] ?? '');
    const members = l?.members(c.now) ?? [];
    if (!members.length) return null;
    return {
      values: members.map(memberId),
      options: members.map((m) => ({
        net: [m.net],
        ...(m.port !== undefined ? { port: [m.port], protocol: [m.protocol ?? ''] } : {}),
      })),
    };
  },
  set: (c) => {
    const l = list(c);
    const input = entryInput(c, l);
    const added = l.add(input, c.now);
    const id = memberId({
      net: input.net,
      ...(input.port ? { port: input.port, protocol: input.protocol ?? '' } : {}),
    });
    return `Entry ${id} ${added ? 'added to' : 'refreshed in'} match-list ${l.name} (timeout ${l.timeout} s)`;
  },
  unset: (c) => {
    const l = list(c);
    const input = entryInput(c, l);
    const n = l.remove(input, c.now);
    if (n === 0) throw bad(`Entry ${input.net} is not in match-list ${l.name}`);
    return `${n === 1 ? 'Entry' : `${n} entries`} ${input.net} removed from match-list ${l.name}`;
  },
  show: monitor,
});

const listOptions: Record<string, OptionDef> = {
  timeout: numOption('Seconds each entry is held (default 3600)'),
  key: {
    valueType: '%STR',
    inputRe: '(net|net-port)',
    help: 'net|net-port',
    count: 1,
    description: 'Fields that identify an entry (default net)',
    inSet: true,
  },
};

const matchListNode = token('match-list', 'Named address lists with expiring entries', {
  show: (c) => ({
    format: 'table',
    output: [...c.state.matchLists.values()].map((l) => ({
      Name: l.name,
      Key: l.key,
      Timeout: l.timeout,
      Entries: l.size(c.now),
      Referenced: referencedCount(c.state, l.name),
    })),
  }),
  children: [
    value('%STR', 'list', '<str>', NAME_RE, 'Match-list name', {
      multiValue: true,
      options: listOptions,
      setValues: (c) => {
        const lists = [...c.state.matchLists.values()];
        return lists.length
          ? {
              values: lists.map((l) => l.name),
              options: lists.map((l) => ({ timeout: [String(l.timeout)], key: [l.key] })),
            }
          : null;
      },
      set: (c) => {
        const name = arg(c, 'list');
        const t = opt(c, 'timeout');
        const timeout = t === undefined ? undefined : numberIn(t, 1, 2_147_483, 'Timeout');
        const key = opt(c, 'key') as MatchKey | undefined;
        const l = c.state.matchLists.get(name);
        if (!l) {
          c.state.matchLists.set(name, new MatchList(name, timeout ?? 3600, key ?? 'net'));
          return `Match-list ${name} created (key ${key ?? 'net'}, timeout ${timeout ?? 3600} s)`;
        }
        if (key !== undefined && key !== l.key) {
          if (l.members(c.now).length) throw bad(`Match-list ${name} is not empty: its key cannot change`);
          l.key = key;
        }
        if (timeout !== undefined) l.timeout = timeout;
        return `Match-list ${name} updated (key ${l.key}, timeout ${l.timeout} s)`;
      },
      unset: (c) => {
        const l = list(c);
        const refs = referencedCount(c.state, l.name);
        if (refs > 0) throw bad(`Match-list ${l.name} is referenced by ${refs} firewall rule(s)`);
        c.state.matchLists.delete(l.name);
        return `Match-list ${l.name} deleted`;
      },
      show: monitor,
      children: [token('action', 'What the list holds', { children: [matchNode] })],
    }),
  ],
});

const ruleOptions: Record<string, OptionDef> = {
  action: {
    valueType: '%STR',
    inputRe: '(DROP|ACCEPT|REJECT)',
    help: 'DROP|ACCEPT|REJECT',
    count: 1,
    description: 'What happens to matching packets',
    inSet: true,
  },
  'match-list': {
    valueType: '%STR',
    inputRe: NAME_RE,
    help: '<str>',
    count: 1,
    description: 'Match packets against this match-list',
    inSet: true,
  },
  src: { count: 1, description: "Match the list's address against the source address", inSet: true },
  dst: { count: 1, description: "Match the list's port against the destination port", inSet: true },
};

function ruleOptionsOf(r: ForwardRule): Record<string, string[]> {
  return {
    ...(r.action ? { action: [r.action] } : {}),
    ...(r.matchList ? { 'match-list': [r.matchList] } : {}),
    ...(r.src ? { src: [] } : {}),
    ...(r.dst ? { dst: [] } : {}),
  };
}

function setRule(c: Ctx): string {
  const num = numberIn(arg(c, 'rule'), 1, 65535, 'Rule number');
  const old = c.state.rules.get(num);
  const action = (opt(c, 'action') as ForwardRule['action']) ?? old?.action;
  const matchList = opt(c, 'match-list') ?? old?.matchList;
  const rule: ForwardRule = {
    num,
    ...(action ? { action } : {}),
    ...(matchList !== undefined ? { matchList } : {}),
    src: has(c, 'src') || (old?.src ?? false),
    dst: has(c, 'dst') || (old?.dst ?? false),
  };
  if (!rule.action) throw bad(`Rule ${num} needs option action (DROP|ACCEPT|REJECT)`);
  if (rule.matchList === undefined) {
    if (rule.src || rule.dst) throw bad('Options src and dst need option match-list');
  } else {
    const l = c.state.matchLists.get(rule.matchList);
    if (!l) throw bad(`Match-list ${rule.matchList} does not exist`);
    if (!rule.src) throw bad(`Rule ${num}: match-list ${l.name} needs flag src for its address`);
    if (l.key === 'net-port' && !rule.dst) {
      throw bad(`Rule ${num}: match-list ${l.name} has key net-port and needs flag dst for its port`);
    }
    if (l.key === 'net' && rule.dst) throw bad(`Rule ${num}: match-list ${l.name} has no port for dst`);
  }
  c.state.rules.set(num, rule);
  return `Rule ${num} ${old ? 'updated' : 'created'} in filter forward`;
}

const sortedRules = (c: Ctx) => [...c.state.rules.values()].sort((a, b) => a.num - b.num);

const filterNode = token('filter', 'Filter table', {
  children: [
    token('forward', 'FORWARD chain: packets routed through the router', {
      show: (c) => ({
        format: 'table',
        output: sortedRules(c).map((r) => ({
          Rule: r.num,
          Action: r.action ?? null,
          'Match-list': r.matchList ?? null,
          Match: [r.src ? 'src' : '', r.dst ? 'dst' : ''].filter(Boolean).join(',') || null,
        })),
      }),
      children: [
        token('rule', 'Numbered rules, evaluated in ascending order', {
          children: [
            value('%NUM', 'rule', '<num>', NUM_RE, 'Rule number, 1-65535', {
              multiValue: true,
              options: ruleOptions,
              setValues: (c) => {
                const rules = sortedRules(c);
                return rules.length
                  ? { values: rules.map((r) => String(r.num)), options: rules.map(ruleOptionsOf) }
                  : null;
              },
              set: setRule,
              unset: (c) => {
                const num = Number(arg(c, 'rule'));
                if (!c.state.rules.delete(num)) throw bad(`Rule ${num} does not exist`);
                return `Rule ${num} deleted from filter forward`;
              },
            }),
          ],
        }),
      ],
    }),
  ],
});

export const ipv4Node: NodeDef = token('ipv4', 'IPv4 packet filtering', {
  children: [token('firewall', 'Firewall', { children: [matchListNode, filterNode] })],
});
