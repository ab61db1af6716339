// A dashboard's page (layout.ts) for its rows' open state and a screen size, laid out again only
// when either changed: every key, fetch and frame asks for it, the layout runs once per change.
import type { Dashboard } from '../../contract/dashboard.js';
import { type Layout, layoutDashboard } from './layout.js';

export type PageOf = (open: readonly boolean[]) => Layout;

export interface Size {
  columns: number;
  rows: number;
}

/** `size()` is read at each call: the page follows the terminal. */
export function pageMemo(d: Dashboard, size: () => Size): PageOf {
  let last: { open: readonly boolean[]; columns: number; rows: number; layout: Layout } | undefined;
  return (open) => {
    const { columns, rows } = size();
    if (last && last.open === open && last.columns === columns && last.rows === rows) return last.layout;
    const layout = layoutDashboard({ panels: d.panels, rows: d.rows, open }, columns, rows);
    last = { open, columns, rows, layout };
    return layout;
  };
}
