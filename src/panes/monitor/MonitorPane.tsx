// Full-screen match-list monitor: exactly rows − 1 lines; only the visible members are laid out.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { monitorFrame } from './monitor-frame.js';
import type { MonitorSource } from '../../contract/monitor.js';
import { useMonitorPane } from './use-monitor-pane.js';

export interface MonitorPaneProps {
  source: MonitorSource;
  /** The list's name (the title until the router names it). */
  list: string;
  onClose: () => void;
  /** Default 5 s. */
  refreshMs?: number | undefined;
  now?: (() => number) | undefined;
  color?: boolean | undefined;
  columns?: number | undefined;
  rows?: number | undefined;
}

export function MonitorPane(props: MonitorPaneProps) {
  const size = useTerminalSize({
    ...(props.columns !== undefined && { columns: props.columns }),
    ...(props.rows !== undefined && { rows: props.rows }),
  });
  const now = props.now ?? Date.now;
  const height = Math.max(5, size.rows - 1);
  const color = props.color !== false;
  const state = useMonitorPane({
    source: props.source,
    refreshMs: props.refreshMs ?? 5000,
    height,
    onClose: props.onClose,
    now,
  });
  const frame = useMemo(
    () => monitorFrame(state, { list: props.list, width: size.columns, height }),
    [state, props.list, size.columns, height],
  );
  const fill = Math.max(0, height - 3 - frame.header.length - frame.rows.length);
  const at = frame.selectedRow;
  const above = at < 0 ? frame.rows : frame.rows.slice(0, at);
  const selected = at < 0 ? undefined : frame.rows[at];
  const below = at < 0 ? [] : frame.rows.slice(at + 1);
  return (
    <Box flexDirection="column" height={height} width={size.columns}>
      <Text wrap="truncate-end" bold={color}>
        {frame.title}
      </Text>
      {frame.header.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on screen
        <Text key={`h${i}`} wrap="truncate-end" {...(color && { color: 'cyan' })}>
          {line || ' '}
        </Text>
      ))}
      <Text wrap="truncate-end" bold={color}>
        {frame.tableHead}
      </Text>
      {/* The rows above the selected one, it, and those below: three texts, not one a row (each
          is a node React reconciles, Yoga measures and Ink draws, and every row changes every
          second as the timeouts count down). The frame fits each row to the width. */}
      {above.length > 0 && <Text wrap="truncate-end">{above.join('\n')}</Text>}
      {selected !== undefined && (
        <Text wrap="truncate-end" inverse={color}>
          {selected}
        </Text>
      )}
      {below.length > 0 && <Text wrap="truncate-end">{below.join('\n')}</Text>}
      {fill > 0 && <Box height={fill} />}
      <Text wrap="truncate-end" inverse={color && state.prompt !== null}>
        {frame.status || ' '}
      </Text>
    </Box>
  );
}
