// The completion menu under the prompt: aligned rows of name, configured marker, kind and
// description. As many rows as fit (menu-layout.ts: rows − 3, so the live region never
// outgrows the terminal); the window scrolls with the selection and says where it is
// ("…4 more · 8 above · 9–16 of 20"). Only the rows shown are turned into suggestions and
// lines: a menu over 65,536 values costs what a menu over 8 does.
import chalk from 'chalk';
import { Text } from 'ink';
import type { Candidate } from '../lang/index.js';
import { sanitizeLine } from '../term/sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from '../term/text-width.js';
import { useTerminalSize } from '../term/use-terminal-size.js';
import { menuLayout, moreText } from './menu-layout.js';

export { type MenuLayout, menuLayout } from './menu-layout.js';

export interface Suggestion {
  name: string;
  /** e.g. 'command', 'option', 'value', 'metric'. */
  kind?: string | undefined;
  description?: string | undefined;
  /** Already set on the router (shown as `*`). */
  configured?: boolean | undefined;
}

/** A completion candidate as a menu row. */
export const candidateRow = (c: Candidate): Suggestion => ({
  name: c.display,
  kind: c.kind,
  description: c.description,
  configured: c.configured,
});

export interface SuggestionsMenuProps<T = Suggestion> {
  items: readonly T[];
  /** Turns an item into a row; called for the rows shown only. */
  row?: ((item: T) => Suggestion) | undefined;
  /** Index into items of the highlighted row, if any. */
  selected?: number | undefined;
  maxRows?: number | undefined;
  /** Override the terminal size (tests, embedding). */
  columns?: number | undefined;
  rows?: number | undefined;
}

/** No cap of its own: the menu shows as many rows as the terminal has room for. */
export const DEFAULT_MENU_ROWS = Number.POSITIVE_INFINITY;

export function SuggestionsMenu<T = Suggestion>(props: SuggestionsMenuProps<T>) {
  const size = useTerminalSize();
  const columns = props.columns ?? size.columns;
  const rows = props.rows ?? size.rows;
  const { items, selected } = props;
  if (items.length === 0) return null;
  const layout = menuLayout(items.length, selected, props.maxRows ?? DEFAULT_MENU_ROWS, rows);
  const row = props.row ?? ((x: T) => x as Suggestion);
  const shown = items
    .slice(layout.start, layout.start + layout.count)
    .map(row)
    .map((s) => ({
      name: sanitizeLine(s.name),
      kind: sanitizeLine(s.kind ?? ''),
      description: sanitizeLine(s.description ?? ''),
      configured: s.configured === true,
    }));
  // Columns: pointer(2) name(≤40%) gap marker gap kind gap description.
  const nameWidth = Math.min(
    Math.max(1, ...shown.map((s) => displayWidth(s.name))),
    Math.max(8, Math.floor(columns * 0.4)),
  );
  const kindWidth = Math.min(Math.max(0, ...shown.map((s) => displayWidth(s.kind))), 12);
  const fixed = 2 + nameWidth + 3 + (kindWidth > 0 ? kindWidth + 2 : 0);
  const descWidth = Math.max(0, columns - fixed - 1);
  const lines = shown.map((s, i) =>
    rowText(s, layout.start + i === selected, nameWidth, kindWidth, descWidth, columns),
  );
  if (layout.more > 0) lines.push(chalk.dim(truncateToWidth(moreText(layout, items.length), columns)));
  // One <Text> for the whole menu: one element and one layout node, not one a row. Mounting a
  // 36-row menu on Tab cost React and Yoga (each node's props crossing into WebAssembly) more
  // than drawing it; each line is cut to the width here, so nothing wraps.
  return <Text>{lines.join('\n')}</Text>;
}

interface ShownRow {
  name: string;
  kind: string;
  description: string;
  configured: boolean;
}

/**
 * One row as one styled string (chalk, as Ink's own <Text> props would style it), cut to
 * `columns`: the parts in order, each to what the ones before it left.
 */
function rowText(
  s: ShownRow,
  selected: boolean,
  nameWidth: number,
  kindWidth: number,
  descWidth: number,
  columns: number,
): string {
  let room = columns;
  const part = (text: string, style?: (t: string) => string): string => {
    const cut = truncateToWidth(text, room);
    room -= displayWidth(cut);
    return cut === '' || !style ? cut : style(cut);
  };
  return (
    // Blanks go unstyled: a styled blank looks the same and costs each row its codes (a third
    // of a 36-row menu's bytes were colours around spaces).
    part(selected ? '> ' : '  ', selected ? chalk.cyan.bold : undefined) +
    part(padToWidth(s.name, nameWidth), selected ? chalk.inverse : undefined) +
    part(s.configured ? ' * ' : '   ', s.configured ? chalk.yellow : undefined) +
    (kindWidth > 0 ? part(`${padToWidth(s.kind, kindWidth)}  `, chalk.dim) : '') +
    part(truncateToWidth(s.description, descWidth))
  );
}
