// What a node's metadata says is configured, as Settings: the node's own slot (a Value node's
// SetValues are its siblings' values; a Token's SetValues are its entries) and the slots of the
// sub-nodes the same answer lists. Pure, except subtreeOf, which reads deeper through `get`.
import type { NodeInfo } from '../../../api/router/types.js';
import { isSecretSlot } from '../../../lang/secrets.js';
import { slotSettings as slotOf } from '../../../lang/slot-settings.js';
import type { Setting } from '../../../contract/journal.js';

/** The node's own slot as the journal keeps it (secrets dropped): lang/slot-settings.ts. */
export function slotSettings(
  node: NodeInfo,
  parent: string[],
  tokenPath: string[] | undefined,
  /** Only these entries (indexes into SetValues/SetOptions, ascending); all when absent. */
  only?: readonly number[],
): Setting[] {
  return slotOf(node, parent, tokenPath, only);
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
