// A node:http router whose metadata of a node exists only once the node does (as a real router
// describes a node on its own GET): `vlan <num> name <str>`, where only vlan 10 exists at first.
// A line under a vlan an earlier line creates cannot be checked against it (dry runs, file
// lines, a candidate's staged lines). `live`: SET and DELETE change it (a vlan, its name), so a
// commit that creates a vlan and names it can be sent and read back; `fail(n)` answers the n-th
// change (1-based) 503 before applying it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireNodeInfo } from '../../src/api/router/wire.js';
import { wireNode } from './wire-node.js';

/** Every node here may hold sub-nodes (a real router describes them on their own GET). */
const node = (name: string, type: 'Token' | 'Value', o: Partial<WireNodeInfo> = {}): WireNodeInfo =>
  wireNode(name, type, { HasSetSubnodes: 1, HasSubnodes: 1, ...o });

export interface VlanRouterOptions {
  /** The name's value says it has no sub-nodes (the walk reads no deeper). */
  leafName?: boolean;
  /** SET and DELETE change the vlans (else they are refused, 400). */
  live?: boolean;
  /** Answer the n-th change (1-based) 503, unapplied. */
  fail?: (n: number) => boolean;
}

/** The handler, and the vlans it holds (number → name, '' when unnamed). */
export function vlanRouter(o: VlanRouterOptions = {}) {
  const vlans = new Map<string, string>([['10', '']]);
  let changes = 0;
  const tree = (): Record<string, WireNodeInfo> => {
    const nameValue = (v: string) =>
      node('%STR', 'Value', {
        InputRe: '\\S+',
        AllowSet: 1,
        ...(o.live ? { AllowUnSet: 1 } : {}),
        ...(o.leafName ? { HasSubnodes: 0 } : {}),
        SetValues: v ? [v] : null,
      });
    const name = (v: string) => node('name', 'Token', { SubNodes: [nameValue(v)] });
    const vlanValue = node('%NUM', 'Value', {
      InputRe: '\\d+',
      AllowSet: 1,
      AllowUnSet: 1,
      MultiValue: 1,
      SetValues: [...vlans.keys()],
    });
    const out: Record<string, WireNodeInfo> = {
      '': node('', 'Token', { SubNodes: [node('vlan', 'Token')] }),
      vlan: node('vlan', 'Token', { SubNodes: [vlanValue] }),
    };
    for (const [n, v] of vlans) {
      out[`vlan/${n}`] = { ...vlanValue, SubNodes: [name(v)] };
      out[`vlan/${n}/name`] = name(v);
      if (v) out[`vlan/${n}/name/${v}`] = nameValue(v);
    }
    return out;
  };
  /** A change applied: true, or why not. */
  const change = (method: string, parts: string[]): true | string => {
    const [top, n, nameWord, value] = parts;
    if (top !== 'vlan' || n === undefined || !/^\d+$/.test(n)) return 'no such node';
    if (parts.length === 2) {
      if (method === 'DELETE') vlans.delete(n);
      else if (!vlans.has(n)) vlans.set(n, '');
      return true;
    }
    if (!vlans.has(n)) return `no node vlan/${n}`;
    if (nameWord !== 'name' || value === undefined || parts.length !== 4) return 'no such node';
    vlans.set(n, method === 'DELETE' ? '' : value);
    return true;
  };
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const path = decodeURIComponent((req.url ?? '').replace(/^\/api\/?/, '').replace(/\/$/, ''));
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const info = req.method === 'GET' ? tree()[path] : undefined;
    if (info) answer(200, { RequestStatus: 'OK', NodeInfo: info });
    else if (req.method === 'GET' || !o.live)
      answer(400, { RequestStatus: 'ERROR', ErrorStatus: `no node ${path}` });
    else changeAnswered(req, path, answer);
  };
  const changeAnswered = (
    req: IncomingMessage,
    path: string,
    answer: (status: number, body: object) => void,
  ) => {
    req.on('end', () => {
      changes++;
      const done = o.fail?.(changes) ? undefined : change(req.method ?? '', path.split('/'));
      if (done === undefined) answer(503, { RequestStatus: 'ERROR', ErrorStatus: 'busy' });
      else if (done === true) answer(200, { RequestStatus: 'OK' });
      else answer(400, { RequestStatus: 'ERROR', ErrorStatus: done });
    });
  };
  return Object.assign(handler, { vlans });
}
