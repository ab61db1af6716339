// `system host-name`, `system domain-name`, the multi-value `system name-server` and the action
// `system clear-counters` (settable, never configured: no SetValues).
import { bad } from '../api-error.js';
import { IP4_RE } from '../net.js';
import { arg, token, value } from '../tree/helpers.js';
import type { Ctx, NodeDef } from '../tree/types.js';
import { SHAPED_HOSTNAME, shaped } from './state.js';

const HOST_RE = '([A-Za-z0-9][A-Za-z0-9\\-]*)';
const DOMAIN_RE = '([A-Za-z0-9][A-Za-z0-9\\-\\.]*)';

const resetHost = (c: Ctx) => {
  c.state.hostname = SHAPED_HOSTNAME;
  return `host-name reset to ${SHAPED_HOSTNAME}`;
};

const hostName = token('host-name', 'Name of the router', {
  show: (c) => ({ format: 'text', output: c.state.hostname }),
  unset: resetHost,
  children: [
    value('%STR', 'host', '<str>', HOST_RE, 'Host name', {
      setValues: (c) => ({ values: [c.state.hostname] }),
      set: (c) => {
        c.state.hostname = arg(c, 'host');
        return `host-name ${c.state.hostname}`;
      },
      unset: resetHost,
    }),
  ],
});

const clearDomain = (c: Ctx) => {
  delete shaped(c).domainName;
  return 'domain-name removed';
};

const domainName = token('domain-name', 'DNS domain of the router', {
  unset: clearDomain,
  children: [
    value('%STR', 'domain', '<str>', DOMAIN_RE, 'Domain name', {
      setValues: (c) => {
        const d = shaped(c).domainName;
        return d === undefined ? null : { values: [d] };
      },
      set: (c) => {
        shaped(c).domainName = arg(c, 'domain');
        return `domain-name ${arg(c, 'domain')}`;
      },
      unset: clearDomain,
    }),
  ],
});

const nameServer = token('name-server', 'DNS servers, in order (several)', {
  children: [
    value('%IP4', 'ns', '<x.x.x.x>', IP4_RE, 'Server address', {
      multiValue: true,
      setValues: (c) => {
        const s = shaped(c).nameServers;
        return s.length ? { values: [...s] } : null;
      },
      set: (c) => {
        const s = shaped(c).nameServers;
        if (!s.includes(arg(c, 'ns'))) s.push(arg(c, 'ns'));
        return `name-server ${arg(c, 'ns')}`;
      },
      unset: (c) => {
        const s = shaped(c);
        if (!s.nameServers.includes(arg(c, 'ns'))) throw bad(`name-server ${arg(c, 'ns')} is not configured`);
        s.nameServers = s.nameServers.filter((x) => x !== arg(c, 'ns'));
        return `name-server ${arg(c, 'ns')} removed`;
      },
    }),
  ],
});

const clearCounters = token('clear-counters', 'Reset the interface counters now (an action)', {
  set: (c) => {
    for (const i of c.state.interfaces.values()) if (!i.shutdown) i.createdAt = c.now;
    return 'Counters cleared';
  },
});

export const systemNode: NodeDef = token('system', 'System settings', {
  children: [hostName, domainName, nameServer, clearCounters],
});
