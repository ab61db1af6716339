// `nat rule <num>` (option `source-address` up to 8 times, `translation-address`,
// `outbound-interface`, `description`, flag `log`) and `nat port-forward`: a Token whose entries
// are identified by two Key options, `protocol` and `port` (UNSET names both).
import { bad } from '../api-error.js';
import { IP4NET_RE, IP4_RE } from '../net.js';
import { IF_RE, NUM_RE, STR_RE, arg, has, numOption, numberIn, opt, token, value } from '../tree/helpers.js';
import type { Ctx, NodeDef, OptionDef } from '../tree/types.js';
import { type NatRule, type PortForward, forwardId, shaped } from './state.js';

const str = (
  inputRe: string,
  help: string,
  description: string,
  extra: Partial<OptionDef> = {},
): OptionDef => ({
  valueType: help === '<x.x.x.x>' ? '%IP4' : help === '<x.x.x.x/x>' ? '%IP4NET' : '%STR',
  inputRe,
  help,
  count: 1,
  description,
  inSet: true,
  ...extra,
});

const ruleOptions: Record<string, OptionDef> = {
  'source-address': str(IP4NET_RE, '<x.x.x.x/x>', 'Translate packets from these networks (up to 8)', {
    count: 8,
  }),
  'outbound-interface': str(IF_RE, '<ethN>', 'Translate packets leaving here'),
  'translation-address': str(IP4_RE, '<x.x.x.x>', 'Source address after translation (none: the interface’s)'),
  description: str(STR_RE, '<str>', 'Free text'),
  log: { count: 1, description: 'Log translated connections (a flag)', inSet: true },
};

function ruleOptionsOf(r: NatRule): Record<string, string[]> {
  return {
    'source-address': [...r.sourceAddresses],
    ...(r.outboundInterface ? { 'outbound-interface': [r.outboundInterface] } : {}),
    ...(r.translationAddress ? { 'translation-address': [r.translationAddress] } : {}),
    ...(r.description !== undefined ? { description: [r.description] } : {}),
    ...(r.log ? { log: [] } : {}),
  };
}

/** SET merges: the options given replace theirs, the others stay (a flag stays set). */
function setRule(c: Ctx): string {
  const num = numberIn(arg(c, 'rule'), 1, 9999, 'Rule number');
  const rules = shaped(c).natRules;
  const old = rules.get(num);
  const pick = (name: string, was: string | undefined) => opt(c, name) ?? was;
  const sources = c.options['source-address'] ?? old?.sourceAddresses ?? [];
  if (!sources.length) throw bad(`NAT rule ${num} needs option source-address`);
  const rule: NatRule = { sourceAddresses: [...sources], log: has(c, 'log') || (old?.log ?? false) };
  const out = pick('outbound-interface', old?.outboundInterface);
  const to = pick('translation-address', old?.translationAddress);
  const d = pick('description', old?.description);
  if (out !== undefined) rule.outboundInterface = out;
  if (to !== undefined) rule.translationAddress = to;
  if (d !== undefined) rule.description = d;
  rules.set(num, rule);
  return `NAT rule ${num} ${old ? 'updated' : 'created'}`;
}

const sortedRules = (c: Ctx) => [...shaped(c).natRules].sort(([a], [b]) => a - b);

const rule = token('rule', 'Source NAT rules, in ascending order', {
  show: (c) => ({
    format: 'table',
    output: sortedRules(c).map(([n, r]) => ({
      Rule: n,
      Source: r.sourceAddresses.join(' '),
      Out: r.outboundInterface ?? null,
      'Translated to': r.translationAddress ?? 'masquerade',
    })),
  }),
  children: [
    value('%NUM', 'rule', '<num>', NUM_RE, 'Rule number, 1-9999', {
      multiValue: true,
      options: ruleOptions,
      setValues: (c) => {
        const rules = sortedRules(c);
        return rules.length
          ? { values: rules.map(([n]) => String(n)), options: rules.map(([, r]) => ruleOptionsOf(r)) }
          : null;
      },
      set: setRule,
      unset: (c) => {
        if (!shaped(c).natRules.delete(Number(arg(c, 'rule')))) throw bad(`No NAT rule ${arg(c, 'rule')}`);
        return `NAT rule ${arg(c, 'rule')} deleted`;
      },
    }),
  ],
});

const forwardOptions: Record<string, OptionDef> = {
  protocol: str('(tcp|udp)', 'tcp|udp', 'Protocol of the forwarded port', { inUnSet: true, key: true }),
  port: numOption('Port on the router, 1-65535', { inUnSet: true, key: true }),
  to: str(IP4_RE, '<x.x.x.x>', 'Inside host it goes to'),
  'to-port': numOption('Port on the inside host (default: the same)'),
};

function forwardOf(c: Ctx): { protocol: PortForward['protocol']; port: string } {
  const protocol = opt(c, 'protocol') as PortForward['protocol'] | undefined;
  const port = opt(c, 'port');
  if (protocol === undefined || port === undefined)
    throw bad('A port-forward is named by both protocol and port');
  numberIn(port, 1, 65535, 'Port');
  return { protocol, port };
}

const portForward = token('port-forward', 'Destination NAT of one port (key: protocol and port)', {
  options: forwardOptions,
  setValues: (c) => {
    const all = [...shaped(c).forwards];
    if (!all.length) return null;
    return {
      values: all.map(([id]) => id),
      options: all.map(([, f]) => ({
        protocol: [f.protocol],
        port: [f.port],
        to: [f.to],
        ...(f.toPort !== undefined ? { 'to-port': [f.toPort] } : {}),
      })),
    };
  },
  set: (c) => {
    const { protocol, port } = forwardOf(c);
    const all = shaped(c).forwards;
    const old = all.get(forwardId(protocol, port));
    const to = opt(c, 'to') ?? old?.to;
    if (to === undefined) throw bad('A port-forward needs option to');
    const toPort = opt(c, 'to-port') ?? old?.toPort;
    if (toPort !== undefined) numberIn(toPort, 1, 65535, 'Port');
    all.set(forwardId(protocol, port), { protocol, port, to, ...(toPort !== undefined ? { toPort } : {}) });
    return `port-forward ${forwardId(protocol, port)} to ${to}`;
  },
  unset: (c) => {
    const { protocol, port } = forwardOf(c);
    if (!shaped(c).forwards.delete(forwardId(protocol, port))) {
      throw bad(`No port-forward ${forwardId(protocol, port)}`);
    }
    return `port-forward ${forwardId(protocol, port)} removed`;
  },
});

export const natNode: NodeDef = token('nat', 'Network address translation', {
  children: [rule, portForward],
});
