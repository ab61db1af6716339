// The shaped router's tree (`variant: 'shaped'`): other top-level words than the default tree,
// options with Count > 1, an entry keyed by two Key options, a secret the metadata shows, Token
// flags, multi-value slots, four words of nesting and an action. The engine is the same.
import { token } from '../tree/helpers.js';
import type { NodeDef } from '../tree/types.js';
import { interfacesNode } from './interfaces.js';
import { natNode } from './nat.js';
import { protocolsNode } from './protocols.js';
import { snmpNode } from './snmp.js';
import { systemNode } from './system.js';

export const SHAPED_ROOT: NodeDef = token('', 'Router configuration root', {
  children: [interfacesNode, natNode, protocolsNode, snmpNode, systemNode],
});
