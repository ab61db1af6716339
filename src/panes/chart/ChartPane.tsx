// Full-screen chart pane: exactly rows − 1 lines, never wider than the terminal.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { ChartInitialRange } from './chart-reducer.js';
import { chartFrame } from './chart-frame.js';
import { plotColumns } from '../../term/chart/plot-chart.js';
import type { ChartSource } from '../../contract/chart.js';
import { useChartPane } from './use-chart-pane.js';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { DEFAULT_PANE_LINKS, type PaneLink, type PaneRequest } from '../pane-links.js';

export interface ChartPaneProps {
  source: ChartSource;
  /** Shown in the title (sanitized). */
  expression: string;
  initialRange: ChartInitialRange;
  /** Auto-refresh period while live and not paused; default 10 s. */
  refreshMs?: number | undefined;
  onClose: () => void;
  /** `L` opens the logs of the visible window through this (the shell's pane stack). */
  onOpen?: ((req: PaneRequest) => void) | undefined;
  /** Log field ↔ metric label pairs (the profile's `paneLinks`); default: the simulator's. */
  links?: readonly PaneLink[] | undefined;
  /** Said in the plot when it shows nothing (no series, an error): how to fix it. */
  emptyHint?: string | undefined;
  now?: (() => number) | undefined;
  /** Colour codes on (default) or off (NO_COLOR / --no-color). */
  color?: boolean | undefined;
  utc?: boolean | undefined;
  /** Override the terminal size (tests, benchmarks, a parent laying out panes). */
  columns?: number | undefined;
  rows?: number | undefined;
}

export function ChartPane(props: ChartPaneProps) {
  const size = useTerminalSize({
    ...(props.columns !== undefined && { columns: props.columns }),
    ...(props.rows !== undefined && { rows: props.rows }),
  });
  const now = props.now ?? Date.now;
  const refreshMs = props.refreshMs ?? 10_000;
  const state = useChartPane({
    source: props.source,
    initialRange: props.initialRange,
    refreshMs,
    plotColumns: plotColumns(size.columns),
    legendWidth: size.columns,
    onClose: props.onClose,
    now,
    links: props.links ?? DEFAULT_PANE_LINKS,
    onOpen: props.onOpen,
  });
  const height = Math.max(1, size.rows - 1);
  const lines = useMemo(
    () =>
      chartFrame(state, {
        expression: props.expression,
        width: size.columns,
        height,
        refreshMs,
        color: props.color !== false,
        utc: props.utc,
        emptyHint: props.emptyHint,
      }),
    [state, props.expression, size.columns, height, refreshMs, props.color, props.utc, props.emptyHint],
  );
  return <ChartFrameView lines={lines} width={size.columns} height={height} />;
}

/** One Text per precomputed line, truncated: the chart pane's view (also the dashboard's and the benchmark's). */
export function ChartFrameView({
  lines,
  width,
  height,
}: {
  lines: readonly string[];
  width: number;
  height: number;
}) {
  return (
    <Box flexDirection="column" height={height} width={width}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on screen
        <Text key={i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
