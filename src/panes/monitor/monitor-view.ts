// The monitor's rows on show (filtered, sorted), derived from the data, the sort and the filter
// and kept in the state so that a key, a tick or a render never sorts again. A new read reuses
// what the view before it computed: the address order when the same addresses came in the same
// order (one O(n) pass, no sort), else the order of the addresses still there (only new ones
// are sorted), and each address's sort key when it was seen before. Pure.
import type { MonitorData, MonitorMember } from '../../contract/monitor.js';

export const SORT_COLUMNS = ['address', 'timeout', 'packets', 'bytes'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export interface MonitorView {
  data: MonitorData | null;
  sort: SortColumn;
  /** Lower-cased substring of the address, '' for none. */
  filter: string;
  rows: MonitorMember[];
  /** Indexes of `data.members` in address order. */
  byAddress: number[];
  /** Address → its numeric-aware sort key, for the addresses of `data`. */
  keys: Map<string, string>;
}

export const EMPTY_VIEW: MonitorView = {
  data: null,
  sort: 'address',
  filter: '',
  rows: [],
  byAddress: [],
  keys: new Map(),
};

// Addresses in numeric order where they are IPv4 (10.0.0.9 before 10.0.0.10).
const addressKey = (a: string) => a.replace(/\d+/g, (d) => d.padStart(5, '0')).toLowerCase();

function sameAddresses(a: MonitorMember[], b: MonitorMember[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.address !== b[i]!.address) return false;
  return true;
}

const byKey = (list: string[]) => (i: number, j: number) =>
  list[i]! < list[j]! ? -1 : list[i]! > list[j]! ? 1 : i - j;

/**
 * The address order of `members`, from `prev`'s: the same addresses in the same order reuse it
 * as it is; otherwise the addresses still there keep their order, only the new ones are sorted,
 * and the two are merged (O(n + k log k) for k new addresses, no key computed twice).
 */
function addressOrder(members: MonitorMember[], prev: MonitorView): Pick<MonitorView, 'byAddress' | 'keys'> {
  if (prev.data && sameAddresses(prev.data.members, members))
    return { byAddress: prev.byAddress, keys: prev.keys };
  const keys = new Map<string, string>();
  const list: string[] = new Array(members.length);
  const at = new Map<string, number>();
  for (let i = 0; i < members.length; i++) {
    const a = members[i]!.address;
    const k = keys.get(a) ?? prev.keys.get(a) ?? addressKey(a);
    keys.set(a, k);
    list[i] = k;
    at.set(a, i);
  }
  const compare = byKey(list);
  // An address listed twice: no merge to get right, sort the whole.
  if (at.size !== members.length || !prev.data) {
    const byAddress = members.map((_, i) => i);
    return { byAddress: byAddress.sort(compare), keys };
  }
  const kept: number[] = [];
  for (const p of prev.byAddress) {
    const i = at.get(prev.data.members[p]!.address);
    if (i === undefined) continue;
    kept.push(i);
    at.delete(prev.data.members[p]!.address);
  }
  const added = [...at.values()].sort(compare);
  const byAddress: number[] = new Array(members.length);
  for (let x = 0, y = 0, n = 0; n < members.length; n++)
    byAddress[n] =
      y >= added.length || (x < kept.length && compare(kept[x]!, added[y]!) <= 0) ? kept[x++]! : added[y++]!;
  return { byAddress, keys };
}

const num = (v: number | undefined) => v ?? -1;

/** The view of `data` sorted by `sort` and filtered by `filter`, from the view before it. */
export function monitorView(
  prev: MonitorView,
  data: MonitorData | null,
  sort: SortColumn,
  filter: string,
): MonitorView {
  const f = filter.toLowerCase();
  if (prev.data === data && prev.sort === sort && prev.filter === f) return prev;
  const members = data?.members ?? [];
  const order = prev.data === data ? prev : { ...prev, ...addressOrder(members, prev) };
  // Address order first; a stable sort by a counter then keeps it among equal values.
  let rows: MonitorMember[] = [];
  for (const i of order.byAddress) {
    const m = members[i]!;
    if (f === '' || m.address.toLowerCase().includes(f)) rows.push(m);
  }
  if (sort === 'timeout') rows = rows.sort((a, b) => num(a.timeout) - num(b.timeout));
  else if (sort === 'packets') rows = rows.sort((a, b) => num(b.packets) - num(a.packets));
  else if (sort === 'bytes') rows = rows.sort((a, b) => num(b.bytes) - num(a.bytes));
  return { data, sort, filter: f, rows, byAddress: order.byAddress, keys: order.keys };
}
