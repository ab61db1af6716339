// `show … | refresh N`: a read-only line run again every N seconds, drawn in place. Full-screen
// (rows − 1) by default; a dashboard's `show` panel gives it a width and a height.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { showBodyRows, showFrame } from './show-frame.js';
import type { ShowSource } from '../../contract/show.js';
import { useShowPane } from './use-show-pane.js';

export interface ShowPaneProps {
  source: ShowSource;
  /** The line as typed, without `| refresh` (the header shows it). */
  line: string;
  everySeconds: number;
  first?: string | undefined;
  onClose: () => void;
  now?: (() => number) | undefined;
  color?: boolean | undefined;
  /** A dashboard panel's size; default the terminal's (rows − 1). */
  width?: number | undefined;
  height?: number | undefined;
  /** False: the pane takes no keys (a dashboard's unfocused panel). */
  keys?: boolean | undefined;
}

export function ShowPane(props: ShowPaneProps) {
  const size = useTerminalSize();
  const width = props.width ?? size.columns;
  const height = props.height ?? Math.max(3, size.rows - 1);
  const color = props.color !== false;
  const state = useShowPane({
    source: props.source,
    everySeconds: props.everySeconds,
    first: props.first,
    bodyRows: showBodyRows(height),
    onClose: props.onClose,
    now: props.now ?? Date.now,
    keys: props.keys,
  });
  const frame = useMemo(
    () => showFrame(state, { line: props.line, everySeconds: props.everySeconds, height }),
    [state, props.line, props.everySeconds, height],
  );
  const fill = Math.max(0, height - 2 - frame.rows.length);
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text wrap="truncate-end" bold={color}>
        {frame.header}
      </Text>
      {frame.rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on screen
        <Text key={i} wrap="truncate-end">
          {row || ' '}
        </Text>
      ))}
      {fill > 0 && <Box height={fill} />}
      <Text
        wrap="truncate-end"
        {...(color && frame.failing ? { color: 'red' } : {})}
        dimColor={color && !frame.failing}
      >
        {frame.status}
      </Text>
    </Box>
  );
}
