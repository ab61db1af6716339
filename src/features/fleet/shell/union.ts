// The fleet shell's metadata (issue 39): one node made of what every host that answered says
// of the same path, so the one completion and the one resolver work on a fleet unchanged. A
// word any host accepts is in the union (validation refuses only what no host accepts); what
// not every host has is marked with how many do (`12/40`): a sub-node in its description, a
// value in `valueNotes` (candidates.ts shows it as the value's description). Pure: no I/O.
import type { NodeInfo, OptionInfo } from '../../../api/router/types.js';

/** `12/40`: how many of the selection have it; undefined when all do. */
export const markOf = (have: number, total: number): string | undefined =>
  have < total ? `${have}/${total}` : undefined;

const withMark = (mark: string | undefined, text: string | undefined): string | undefined =>
  mark === undefined ? text : text ? `${mark} ${text}` : mark;

/**
 * The union of one path's nodes as the hosts that answered describe it; `total` is the number
 * of hosts selected (those that did not answer count as not having it). `nodes` is not empty.
 */
export function unionNode(nodes: readonly NodeInfo[], total: number): NodeInfo {
  const first = nodes[0] as NodeInfo;
  if (nodes.length === 1 && total === 1) return first;
  const any = (f: (n: NodeInfo) => boolean) => nodes.some(f);
  const values = unionValues(nodes, total);
  const out: NodeInfo = {
    ...first,
    allowSet: any((n) => n.allowSet),
    allowUnSet: any((n) => n.allowUnSet),
    allowShow: any((n) => n.allowShow),
    hasSetSubnodes: any((n) => n.hasSetSubnodes),
    hasUnSetSubnodes: any((n) => n.hasUnSetSubnodes),
    hasShowSubnodes: any((n) => n.hasShowSubnodes),
    hasSubnodes: any((n) => n.hasSubnodes),
    multiValue: any((n) => n.multiValue),
    setValues: values.setValues,
    setOptions: values.setOptions,
    possibleValues: values.possibleValues,
    possibleOptions: unionOptions(nodes),
    subNodes: unionChildren(nodes, total),
  };
  if (values.notes) out.valueNotes = values.notes;
  else delete out.valueNotes;
  return out;
}

/** Options by name, the first host's description of each. */
function unionOptions(nodes: readonly NodeInfo[]): OptionInfo[] {
  const seen = new Map<string, OptionInfo>();
  for (const n of nodes) for (const o of n.possibleOptions) if (!seen.has(o.name)) seen.set(o.name, o);
  return [...seen.values()];
}

/** Sub-nodes by kind and name, each the union of its hosts' versions, marked when not all have it. */
function unionChildren(nodes: readonly NodeInfo[], total: number): NodeInfo[] {
  const byKey = new Map<string, NodeInfo[]>();
  for (const n of nodes)
    for (const c of n.subNodes) {
      const key = `${c.type}\0${c.name}`;
      const list = byKey.get(key);
      if (list) list.push(c);
      else byKey.set(key, [c]);
    }
  const out: NodeInfo[] = [];
  for (const same of byKey.values()) {
    const merged = unionNode(same, total);
    const mark = markOf(same.length, total);
    if (mark === undefined) out.push(merged);
    else {
      const description = withMark(mark, merged.description);
      out.push(description === undefined ? merged : { ...merged, description });
    }
  }
  return out;
}

interface Values {
  setValues: string[];
  setOptions: Array<Record<string, string[]>>;
  possibleValues: string[];
  notes?: Record<string, string>;
}

/**
 * The values of every host, each once, in the order first met; a configured entry's options
 * (SetOptions, one record per SetValue when the router sends them so) stay beside it.
 */
function unionValues(nodes: readonly NodeInfo[], total: number): Values {
  const count = new Map<string, number>();
  const setValues: string[] = [];
  const setOptions: Array<Record<string, string[]>> = [];
  const aligned = nodes.every((n) => n.setOptions.length === n.setValues.length);
  const optionKeys = new Set<string>();
  for (const n of nodes) {
    const here = new Set<string>();
    n.setValues.forEach((v, i) => {
      if (here.has(v)) return;
      here.add(v);
      const c = count.get(v);
      count.set(v, (c ?? 0) + 1);
      if (c !== undefined) return;
      setValues.push(v);
      if (aligned) setOptions.push(n.setOptions[i] as Record<string, string[]>);
    });
    if (!aligned)
      for (const o of n.setOptions) {
        const key = JSON.stringify(o);
        if (!optionKeys.has(key)) {
          optionKeys.add(key);
          setOptions.push(o);
        }
      }
  }
  const possible = new Set<string>();
  for (const n of nodes) for (const v of n.possibleValues) possible.add(v);
  let notes: Record<string, string> | undefined;
  for (const [v, c] of count) {
    const mark = markOf(c, total);
    if (mark === undefined) continue;
    notes ??= Object.create(null) as Record<string, string>;
    notes[v] = mark;
  }
  return { setValues, setOptions, possibleValues: [...possible], ...(notes ? { notes } : {}) };
}
