// A row entry of a dashboard file's `panels:` (`- row: TITLE`, `collapsed`, `depth`): Grafana's
// row panel, a header on the screen. The panels after it, to the next row, are its own; a row of
// greater depth is inside the row above it, so a depth is at most one more than the last row's.
import { isMap, type YAMLMap } from 'yaml';
import type { Row } from '../../contract/dashboard.js';
import type { Reader } from './validate-node.js';

/** Rows inside rows, at most this deep (Grafana nests one level; files may nest a few). */
export const MAX_ROW_DEPTH = 8;

/** The item is a row (a map with a `row` key), not a panel. */
export function isRowItem(r: Reader, item: unknown): boolean {
  const n = r.deref(item);
  return isMap(n) && (n as YAMLMap).has('row');
}

/** The row before panel `before`; `last`: the row before it, if any (for its depth). */
export function readRow(r: Reader, item: unknown, before: number, last: Row | undefined): Row | undefined {
  const f = r.map(item, 'a row', ['row', 'collapsed', 'depth']);
  if (!f) return undefined;
  const title = r.text(f.value('row'), "a row's 'row' (its title)", { empty: true });
  const collapsed = f.has('collapsed') ? r.bool(f.value('collapsed'), "a row's 'collapsed'") : false;
  const depth = f.has('depth') ? r.int(f.value('depth'), "a row's 'depth'", 0, MAX_ROW_DEPTH) : 0;
  if (title === undefined || collapsed === undefined || depth === undefined) return undefined;
  const most = last ? (last.depth ?? 0) + 1 : 0;
  if (depth > most) {
    r.issue(
      f.value('depth'),
      `a row's 'depth' is ${depth}: at most ${most} here (one more than the row before it${last ? '' : ': none'})`,
    );
    return undefined;
  }
  return {
    title,
    before,
    ...(collapsed ? { collapsed } : {}),
    ...(depth ? { depth } : {}),
    fileLine: r.lineOf(r.deref(item) ?? item),
  };
}
