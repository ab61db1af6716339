// The whole tree: the root's children are the top-level words.
import { ipv4Node } from './firewall.js';
import { token } from './helpers.js';
import { interfaceNode } from './interface.js';
import { hostnameNode, ipNode } from './misc.js';
import { pingNode } from './ping.js';
import { systemNode } from './system-user.js';
import type { NodeDef } from './types.js';

export const ROOT: NodeDef = token('', 'Router configuration root', {
  children: [interfaceNode, ipNode, ipv4Node, pingNode, systemNode, hostnameNode],
});
