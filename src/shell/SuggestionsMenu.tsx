// The completion menu under the prompt: aligned rows of name, configured marker, kind and
// description. As many rows as fit (menu-layout.ts: rows − 3, so the live region never
// outgrows the terminal); the window scrolls with the selection and says where it is
// ("…4 more · 8 above · 9–16 of 20"). Only the rows shown are turned into suggestions and
// elements: a menu over 65,536 values costs what a menu over 8 does.
import chalk from 'chalk';
import { Box, Text } from 'ink';
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
  return (
    <Box flexDirection="column">
      {shown.map((s, i) => {
        const index = layout.start + i;
        return (
          <Text key={`${index}:${s.name}`} wrap="truncate-end">
            {rowText(s, index === selected, nameWidth, kindWidth, descWidth)}
          </Text>
        );
      })}
      {layout.more > 0 ? <Text dimColor>{moreText(layout, items.length)}</Text> : null}
    </Box>
  );
}

interface ShownRow {
  name: string;
  kind: string;
  description: string;
  configured: boolean;
}

/**
 * One row as one styled string (chalk, as Ink's own <Text> props would style it): a row is one
 * element, not five nested ones, which halves what React and Ink do for a 36-row menu per key.
 */
function rowText(
  s: ShownRow,
  selected: boolean,
  nameWidth: number,
  kindWidth: number,
  descWidth: number,
): string {
  const name = padToWidth(s.name, nameWidth);
  return (
    chalk.cyan.bold(selected ? '> ' : '  ') +
    (selected ? chalk.inverse(name) : name) +
    chalk.yellow(s.configured ? ' * ' : '   ') +
    (kindWidth > 0 ? chalk.dim(`${padToWidth(s.kind, kindWidth)}  `) : '') +
    truncateToWidth(s.description, descWidth)
  );
}
