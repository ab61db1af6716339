// The fleet shell's `monitor match-list LIST`: one pane, a row per host (its members, its hits),
// the members counted once across hosts; read every 2 s. Lines from the pure frame.
import { Box, Text } from 'ink';
import type { FleetMonitorSource } from '../../contract/panes.js';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { fleetMonitorFrame } from './fleet-monitor-frame.js';
import { useFleetMonitorPane } from './use-fleet-monitor-pane.js';

export interface FleetMonitorPaneProps {
  source: FleetMonitorSource;
  list: string;
  onClose: () => void;
  columns?: number | undefined;
  rows?: number | undefined;
}

export function FleetMonitorPane(props: FleetMonitorPaneProps) {
  const size = useTerminalSize({
    ...(props.columns !== undefined && { columns: props.columns }),
    ...(props.rows !== undefined && { rows: props.rows }),
  });
  const state = useFleetMonitorPane({ source: props.source, onClose: props.onClose });
  const lines = fleetMonitorFrame(state, { list: props.list, width: size.columns, height: size.rows - 1 });
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the frame's lines, by position
        <Text key={i}>{l}</Text>
      ))}
    </Box>
  );
}
