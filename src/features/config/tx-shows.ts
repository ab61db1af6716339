// Whether a node, as one GET reads it, shows what a request set or removed: how a transaction
// tells whether a step whose answer was lost took, and whether a revert request the router
// refused was already as it wanted (a removal of what is gone). Pure; undefined when the
// metadata cannot tell.
import type { NodeInfo, RouterRequest } from '../../api/router/types.js';
import { canonicalNet } from '../../lang/ip.js';

const same = (a: string, b: string | number) => canonicalNet(a) === canonicalNet(String(b));

/** Whether entry `e` holds every value `want` names (as the router may store them: canonical). */
function holds(e: Record<string, string[]>, want: Record<string, Array<string | number>>): boolean {
  return Object.entries(want).every(([k, vs]) => {
    const got = e[k];
    if (!got) return false;
    return vs.length === 0 || vs.every((v) => got.some((g) => same(g, v)));
  });
}

/** `info`: the node at `r.words` as read now (undefined: the router says there is none). */
export function shows(info: NodeInfo | undefined, r: RouterRequest): boolean | undefined {
  const last = r.words[r.words.length - 1] ?? '';
  const options = r.options && Object.keys(r.options).length ? r.options : undefined;
  const removes = r.method === 'DELETE' || r.actions?.includes('UNSET') === true;
  if (!info) return removes;
  const at = info.type === 'Value' ? info.setValues.findIndex((v) => same(v, last)) : -1;
  if (!options) {
    if (info.type !== 'Value') return undefined;
    return removes ? at < 0 : at >= 0;
  }
  if (info.type === 'Value') {
    if (at < 0) return removes;
    const held = holds(info.setOptions[at] ?? {}, options);
    return removes ? !held : held;
  }
  const held = info.setOptions.some((e) => holds(e, options));
  return removes ? !held : held;
}
