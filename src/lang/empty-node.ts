// A NodeInfo with every flag off and every list empty: the base that built-ins, fallbacks and
// test trees fill in (one definition, so a field added to NodeInfo is added once).
import type { NodeInfo } from '../api/router/types.js';

export function emptyNode(name = '', type: NodeInfo['type'] = 'Token'): NodeInfo {
  return {
    name,
    type,
    allowSet: false,
    allowUnSet: false,
    allowShow: false,
    hasSetSubnodes: false,
    hasUnSetSubnodes: false,
    hasShowSubnodes: false,
    hasSubnodes: false,
    setValues: [],
    setOptions: [],
    possibleValues: [],
    possibleOptions: [],
    multiValue: false,
    subNodes: [],
    raw: {},
  };
}
