// The completion menu under the prompt: aligned rows of name, configured marker, kind and
// description. Capped at `maxRows` and at rows − 3 so the live region never outgrows the
// terminal (Ink repaints everything when it does); the window scrolls with the selection and
// says where it is ("9–16 of 65536"). Only the rows shown are turned into suggestions and
// elements: a menu over 65,536 values costs what a menu over 8 does.
import { Box, Text } from 'ink';
import type { Candidate } from '../lang/index.js';
import { sanitizeLine } from '../term/sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from '../term/text-width.js';
import { useTerminalSize } from '../term/use-terminal-size.js';

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

export const DEFAULT_MENU_ROWS = 8;

export interface MenuLayout {
  /** First item shown. */
  start: number;
  /** Number of item rows shown. */
  count: number;
  /** Items not shown (the "…N more" line appears when > 0). */
  more: number;
}

/** Which items fit: at most `maxRows` item rows, and item rows + the more line ≤ rows − 3. */
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
  return { start, count, more: total - count };
}

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
        const isSelected = index === selected;
        return (
          <Text key={`${index}:${s.name}`} wrap="truncate-end">
            <Text color="cyan" bold>
              {isSelected ? '> ' : '  '}
            </Text>
            <Text inverse={isSelected}>{padToWidth(s.name, nameWidth)}</Text>
            <Text color="yellow">{s.configured ? ' * ' : '   '}</Text>
            {kindWidth > 0 ? <Text dimColor>{`${padToWidth(s.kind, kindWidth)}  `}</Text> : null}
            <Text>{truncateToWidth(s.description, descWidth)}</Text>
          </Text>
        );
      })}
      {layout.more > 0 ? (
        <Text
          dimColor
        >{`  …${layout.more} more · ${layout.start + 1}–${layout.start + layout.count} of ${items.length}`}</Text>
      ) : null}
    </Box>
  );
}
