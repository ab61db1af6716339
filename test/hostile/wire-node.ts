// A router's NodeInfo as it travels (wire.ts field names), for servers written in tests: every
// field present with a neutral default, the Has*Subnodes flags following the children given.
import type { WireNodeInfo } from '../../src/api/router/wire.js';

export const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export function wireNode(
  name: string,
  type: 'Token' | 'Value',
  o: Partial<WireNodeInfo> & { children?: WireNodeInfo[] } = {},
): WireNodeInfo {
  const { children = [], ...rest } = o;
  return {
    Name: name,
    Type: type,
    Description: '',
    Help: '',
    InputRe: '',
    AllowSet: 0,
    AllowUnSet: 0,
    AllowShow: 0,
    HasSetSubnodes: flag(children.length > 0),
    HasUnSetSubnodes: flag(children.length > 0),
    HasShowSubnodes: flag(children.length > 0),
    HasSubnodes: flag(children.length > 0),
    SetValues: null,
    SetOptions: [],
    PossibleValues: null,
    PossibleOptions: {},
    MultiValue: 0,
    SubNodes: children,
    ...rest,
  };
}
