// What a node's metadata says is configured, as Settings: the node's own slot (a Value node's
// SetValues are its siblings' values; a Token's SetValues are its entries) and the slots of the
// sub-nodes the same answer lists. Pure, except subtreeOf, which reads deeper through `get`.
import type { NodeInfo } from '../../../api/router/types.js';
import { isSecretSlot } from '../../../lang/secrets.js';
import type { Setting } from '../../../contract/journal.js';

const SEP = '\u001f';

export function slotSettings(
  node: NodeInfo,
  parent: string[],
  tokenPath: string[] | undefined,
  /** Only these entries (indexes into SetValues/SetOptions, ascending); all when absent. */
  only?: readonly number[],
): Setting[] {
  // A secret slot (a value after `password`): never stored, even if a router shows it.
  if (node.type === 'Value' && isSecretSlot(parent[parent.length - 1] ?? '', node)) return [];
  const setOptions = node.possibleOptions.filter((o) => o.availableInSet).map((o) => o.name);
  const unsetOptions = node.possibleOptions.filter((o) => o.availableInUnSet).map((o) => o.name);
  const numeric = node.possibleOptions.filter((o) => o.valueType === '%NUM').map((o) => o.name);
  const slot = [...parent, node.type === 'Value' ? `<${node.name}>` : node.name].join(SEP);
  const n = Math.max(node.setValues.length, node.setOptions.length);
  const out: Setting[] = [];
  for (const i of only ?? Array.from({ length: n }, (_, k) => k)) {
    if (i >= n) continue;
    const value = node.setValues[i];
    const raw = node.setOptions[i] ?? {};
    const options: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(raw))
      if (
        !isSecretSlot(
          k,
          node.possibleOptions.find((o) => o.name === k),
        )
      )
        options[k] = [...v];
    if (node.type === 'Value' && value === undefined) continue;
    const path = node.type === 'Value' ? [...parent, value as string] : [...(tokenPath ?? parent)];
    const ident = value ?? JSON.stringify(options);
    out.push({
      path,
      options,
      id: `${slot}${SEP}${ident}`,
      slot,
      multi: node.type === 'Token' || node.multiValue,
      settable: node.allowSet,
      unsettable: node.allowUnSet,
      setOptions,
      ...(numeric.length ? { numeric } : {}),
      ...(node.type === 'Token' && Object.keys(options).length ? { unsetOptions } : {}),
    });
  }
  return out;
}

export type GetNode = (words: string[]) => Promise<NodeInfo | undefined>;

const MAX_DEPTH = 4;
const MAX_READS = 40;

/**
 * Everything configured under `words` (not its own slot), read down through Token sub-nodes
 * and configured values: what re-creates a deleted node with its sub-nodes. Bounded: a node
 * deeper or wider than that is re-created as far as it was read.
 */
export async function subtreeOf(info: NodeInfo, words: readonly string[], get: GetNode): Promise<Setting[]> {
  const out: Setting[] = [];
  let reads = 0;
  const visit = async (node: NodeInfo, at: string[], depth: number): Promise<void> => {
    for (const c of node.subNodes) {
      if (c.type === 'Value') {
        const found = slotSettings(c, at, undefined);
        out.push(...found);
        if (!c.hasSubnodes || depth >= MAX_DEPTH) continue;
        for (const s of found) await descend(s.path, depth);
      } else {
        const path = [...at, c.name];
        out.push(...slotSettings(c, at, path));
        if (c.hasSubnodes && depth < MAX_DEPTH && !isSecretSlot(c.name, c)) await descend(path, depth);
      }
    }
  };
  const descend = async (path: string[], depth: number) => {
    if (reads >= MAX_READS) return;
    reads++;
    // A read that fails fails the whole: a partial subtree would re-create the node incompletely.
    const next = await get(path);
    if (next) await visit(next, path, depth + 1);
  };
  await visit(info, [...words], 0);
  return out;
}
