// `ping … | graph`: round-trip times drawn live, full-screen (rows − 1), in the manner of gping
// and mtr. The lines are the pure frame's (ping-frame.ts), drawn by the chart pane's view.
import { useMemo } from 'react';
import type { PingSource } from '../../contract/panes.js';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { ChartFrameView } from '../chart/ChartPane.js';
import { pingFrame } from './ping-frame.js';
import { usePingPane } from './use-ping-pane.js';

export interface PingPaneProps {
  source: PingSource;
  /** The line as typed, without `| graph`. */
  line: string;
  intervalMs: number;
  count?: number | undefined;
  onClose: () => void;
  color?: boolean | undefined;
  /** Override the terminal size (tests). */
  columns?: number | undefined;
  rows?: number | undefined;
}

export function PingPane(props: PingPaneProps) {
  const size = useTerminalSize({
    ...(props.columns !== undefined && { columns: props.columns }),
    ...(props.rows !== undefined && { rows: props.rows }),
  });
  const state = usePingPane({ source: props.source, onClose: props.onClose });
  const height = Math.max(1, size.rows - 1);
  const color = props.color !== false;
  const lines = useMemo(
    () =>
      pingFrame(state, {
        line: props.line,
        intervalMs: props.intervalMs,
        count: props.count,
        width: size.columns,
        height,
        color,
      }),
    [state, props.line, props.intervalMs, props.count, size.columns, height, color],
  );
  return <ChartFrameView lines={lines} width={size.columns} height={height} />;
}
