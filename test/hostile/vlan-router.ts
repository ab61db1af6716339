// A node:http router whose metadata of a node exists only once the node does (as a real router
// describes a node on its own GET): `vlan <num> name <str>`, where only vlan 10 exists. A line
// under a vlan an earlier line creates cannot be checked against it (dry runs, file lines).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireNodeInfo } from '../../src/api/router/wire.js';
import { wireNode } from './wire-node.js';

/** Every node here may hold sub-nodes (a real router describes them on their own GET). */
const node = (name: string, type: 'Token' | 'Value', o: Partial<WireNodeInfo> = {}): WireNodeInfo =>
  wireNode(name, type, { HasSetSubnodes: 1, HasSubnodes: 1, ...o });

/** The handler; `leafName`: the name's value says it has no sub-nodes (the walk reads no deeper). */
export function vlanRouter(o: { leafName?: boolean } = {}) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const nameValue = node('%STR', 'Value', {
      InputRe: '\\S+',
      AllowSet: 1,
      ...(o.leafName ? { HasSubnodes: 0 } : {}),
    });
    const name = node('name', 'Token', { SubNodes: [nameValue] });
    const vlanValue = node('%NUM', 'Value', {
      InputRe: '\\d+',
      AllowSet: 1,
      AllowUnSet: 1,
      MultiValue: 1,
      SetValues: ['10'],
    });
    const tree: Record<string, WireNodeInfo> = {
      '': node('', 'Token', { SubNodes: [node('vlan', 'Token')] }),
      vlan: node('vlan', 'Token', { SubNodes: [vlanValue] }),
      'vlan/10': { ...vlanValue, SubNodes: [name] },
      'vlan/10/name': name,
    };
    const path = decodeURIComponent((req.url ?? '').replace(/^\/api\/?/, '').replace(/\/$/, ''));
    const info = req.method === 'GET' ? tree[path] : undefined;
    res.writeHead(info ? 200 : 400, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        info
          ? { RequestStatus: 'OK', NodeInfo: info }
          : { RequestStatus: 'ERROR', ErrorStatus: `no node ${path}` },
      ),
    );
  };
}
