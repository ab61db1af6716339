// `snmp community <name>` (options `authorization`, `client` up to 4 times), `contact`,
// `location`. The community is a secret the router itself shows in SetValues, as the reference
// router does: routersh must hide it (the one secret rule), not the router.
import { bad } from '../api-error.js';
import { IP4_RE } from '../net.js';
import { NAME_RE, STR_RE, arg, opt, token, value } from '../tree/helpers.js';
import type { Ctx, NodeDef, OptionDef } from '../tree/types.js';
import { type Community, type ShapedState, shaped } from './state.js';

const communityOptions: Record<string, OptionDef> = {
  authorization: {
    valueType: '%STR',
    inputRe: '(ro|rw)',
    help: 'ro|rw',
    count: 1,
    description: 'Read-only or read-write (default ro)',
    inSet: true,
  },
  client: {
    valueType: '%IP4',
    inputRe: IP4_RE,
    help: '<x.x.x.x>',
    count: 4,
    description: 'Only these managers may use it (up to 4; none: any)',
    inSet: true,
  },
};

const community = token('community', 'SNMP communities', {
  children: [
    value('%STR', 'community', '<str>', NAME_RE, 'Community name', {
      multiValue: true,
      options: communityOptions,
      setValues: (c) => {
        const all = [...shaped(c).communities];
        if (!all.length) return null;
        return {
          values: all.map(([name]) => name),
          options: all.map(([, v]) => ({
            authorization: [v.authorization],
            ...(v.clients.length ? { client: [...v.clients] } : {}),
          })),
        };
      },
      set: (c) => {
        const all = shaped(c).communities;
        const old = all.get(arg(c, 'community'));
        const next: Community = {
          authorization:
            (opt(c, 'authorization') as Community['authorization'] | undefined) ?? old?.authorization ?? 'ro',
          clients: c.options['client'] ?? old?.clients ?? [],
        };
        all.set(arg(c, 'community'), next);
        return old ? 'Community updated' : 'Community added';
      },
      unset: (c) => {
        if (!shaped(c).communities.delete(arg(c, 'community'))) throw bad('No such community');
        return 'Community removed';
      },
    }),
  ],
});

function text(word: 'contact' | 'location', description: string): NodeDef {
  const clear = (c: Ctx) => {
    delete shaped(c)[word];
    return `${word} removed`;
  };
  return token(word, description, {
    unset: clear,
    children: [
      value('%STR', word, '<str>', STR_RE, description, {
        setValues: (c) => {
          const v: ShapedState[typeof word] = shaped(c)[word];
          return v === undefined ? null : { values: [v] };
        },
        set: (c) => {
          shaped(c)[word] = arg(c, word);
          return `${word} set`;
        },
        unset: clear,
      }),
    ],
  });
}

export const snmpNode: NodeDef = token('snmp', 'SNMP agent', {
  children: [community, text('contact', 'Who runs the router'), text('location', 'Where the router is')],
});
