// Which rows of the suggestions menu are shown, pure (the view and PgUp/PgDn share it): as
// many as fit under the prompt and its hint with the live region ≤ rows − 1 (Ink repaints
// everything when it outgrows the terminal), scrolled to keep the selection in view.

export interface MenuLayout {
  /** First item shown. */
  start: number;
  /** Number of item rows shown. */
  count: number;
  /** Items not shown (the "…N more" line appears when > 0). */
  more: number;
  /** Items hidden above and below the window (more = above + below). */
  above: number;
  below: number;
}

/** Item rows + the more line ≤ rows − 3 (the prompt, its hint, and the row Ink keeps free). */
export function menuLayout(
  total: number,
  selected: number | undefined,
  maxRows: number,
  rows: number,
): MenuLayout {
  const heightCap = Math.max(1, rows - 3);
  let count = Math.min(total, Math.max(1, maxRows), heightCap);
  if (total > count && count + 1 > heightCap) count = Math.max(0, heightCap - 1);
  const sel = selected ?? 0;
  const start = count === 0 ? 0 : Math.min(Math.max(0, sel - count + 1), Math.max(0, total - count));
  const below = total - start - count;
  return { start, count, more: total - count, above: start, below };
}

/** The line under a menu that does not show every item: true at every scroll position. */
export function moreText(l: MenuLayout, total: number): string {
  const where = `${l.start + 1}–${l.start + l.count} of ${total}`;
  const parts = [
    ...(l.below > 0 ? [`…${l.below} more`] : []),
    ...(l.above > 0 ? [`${l.above} above`] : []),
    where,
  ];
  return `  ${parts.join(' · ')}`;
}

/** How far PgUp/PgDn move: the rows the menu shows in a terminal `rows` tall. */
export const menuPageRows = (total: number, rows: number): number =>
  Math.max(1, menuLayout(total, 0, Number.POSITIVE_INFINITY, rows).count);
