// The part of a node's state one change touches (its projection): a list entry added or removed
// is one SetOptions record, not the whole list. The journal keeps, writes and compares only
// that, so a change costs the same in a 65,536-entry list as in an empty one. Pure.
import type { NodeInfo, RouterRequest } from '../../../api/router/types.js';
import { canonicalNet } from '../../../lang/ip.js';
import { slotSettings } from './snapshot.js';
import type { Focus, Snapshot } from '../../../contract/journal.js';

/**
 * An entry's identity: the values of the key options, in the order of `keys`, an address or
 * network as the router stores it (lang/ip.ts canonicalNet). Routers normalise what they are
 * sent: the simulator, like nftables, shows `10.0.0.1/32` as `10.0.0.1`. Compared as typed, an
 * import of /32s found none of its entries after it ran, was journaled as "no change", and a
 * confirmed-change window's guard reverted nothing.
 */
export function entryKey(
  options: Record<string, ReadonlyArray<string | number>>,
  keys: readonly string[],
): string {
  // JSON.stringify of the nested arrays, written out: it runs for every request of a change and
  // every entry of the list read after it (65,536 each in a big import), and the arrays made
  // only to be stringified were most of its cost.
  let out = '[';
  for (let i = 0; i < keys.length; i++) {
    out += i > 0 ? ',[' : '[';
    const values = options[keys[i]!] ?? [];
    for (let j = 0; j < values.length; j++) {
      if (j > 0) out += ',';
      out += JSON.stringify(canonicalNet(String(values[j])));
    }
    out += ']';
  }
  return `${out}]`;
}

/** A focus entry of a journal written before entryKey was canonical: as entryKey writes it now. */
function canonicalEntry(e: string): string {
  // An IPv4 address without a prefix (the common entry) has no '/', ':' or upper-case hex.
  if (!/[/:A-F]/.test(e)) return e;
  try {
    const parts = JSON.parse(e) as unknown;
    if (!Array.isArray(parts)) return e;
    return JSON.stringify(parts.map((p) => (Array.isArray(p) ? p.map((v) => canonicalNet(String(v))) : p)));
  } catch {
    return e;
  }
}

/** The focus of `requests` (one change) on a node read as `info`. */
export function focusOf(info: NodeInfo, requests: readonly RouterRequest[]): Focus | undefined {
  if (info.type !== 'Token' || requests.length === 0) return undefined;
  if (requests.some((r) => r.method === 'DELETE' || !r.options || !Object.keys(r.options).length))
    return undefined;
  let keys = info.possibleOptions.filter((o) => o.key).map((o) => o.name);
  if (!keys.length) keys = [...new Set(requests.flatMap((r) => Object.keys(r.options ?? {})))];
  keys.sort();
  return { keys, entries: [...new Set(requests.map((r) => entryKey(r.options ?? {}, keys)))] };
}

/** One read of a node, projected many times: indexes are built once, on first use. */
export class NodeView {
  private byValue: Map<string, number[]> | undefined;
  private byEntry: { keys: string; map: Map<string, number[]> } | undefined;

  constructor(
    readonly info: NodeInfo,
    readonly words: readonly string[],
  ) {}

  /** The settings `focus` addresses: what the change can have altered, and nothing else. */
  project(focus: Focus | undefined): Snapshot {
    const info = this.info;
    const w = [...this.words];
    const subs = () =>
      info.subNodes.flatMap((c) =>
        c.type === 'Value' ? slotSettings(c, w, undefined) : slotSettings(c, w, [...w, c.name]),
      );
    if (info.type === 'Value') {
      // A single-valued slot: its one value is what the change replaces.
      const only = info.multiValue
        ? (this.values().get(canonicalNet(w[w.length - 1] ?? '')) ?? [])
        : undefined;
      return { settings: [...slotSettings(info, w.slice(0, -1), undefined, only), ...subs()] };
    }
    if (!focus) return { settings: [...slotSettings(info, w, w), ...subs()] };
    const map = this.entries(focus.keys);
    const only = [...new Set(focus.entries.flatMap((e) => map.get(canonicalEntry(e)) ?? []))].sort(
      (a, b) => a - b,
    );
    return { settings: slotSettings(info, w, w, only) };
  }

  private values(): Map<string, number[]> {
    // As entryKey: a value (an interface's address) in the router's spelling.
    this.byValue ??= group(this.info.setValues.length, (i) => canonicalNet(this.info.setValues[i]!));
    return this.byValue;
  }

  private entries(keys: string[]): Map<string, number[]> {
    const sig = keys.join('\u0000');
    if (this.byEntry?.keys !== sig) {
      const { setOptions } = this.info;
      this.byEntry = { keys: sig, map: group(setOptions.length, (i) => entryKey(setOptions[i] ?? {}, keys)) };
    }
    return this.byEntry.map;
  }
}

function group(n: number, key: (i: number) => string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const k = key(i);
    const at = out.get(k);
    if (at) at.push(i);
    else out.set(k, [i]);
  }
  return out;
}
