// `routersh class board`: the instructor's board, live. Lines from the pure frame; the colour
// only repeats what the symbols say (legible without it).
import { Box, Text } from 'ink';
import type { ClassBoardSource } from '../../contract/class-board.js';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import type { Tone } from './class-board-cells.js';
import { classBoardFrame } from './class-board-frame.js';
import { useClassBoardPane } from './use-class-board-pane.js';

export interface ClassBoardPaneProps {
  source: ClassBoardSource;
  stuckMs: number;
  onClose: () => void;
  color?: boolean | undefined;
  columns?: number | undefined;
  rows?: number | undefined;
}

const COLOR: Readonly<Record<Tone, string>> = {
  done: 'green',
  hint: 'yellow',
  current: 'cyan',
  failed: 'red',
  skipped: 'magenta',
  todo: 'gray',
  stuck: 'yellow',
  dim: 'gray',
  error: 'red',
};

export function ClassBoardPane(props: ClassBoardPaneProps) {
  const size = useTerminalSize({
    ...(props.columns !== undefined && { columns: props.columns }),
    ...(props.rows !== undefined && { rows: props.rows }),
  });
  const state = useClassBoardPane({ source: props.source, onClose: props.onClose });
  const lines = classBoardFrame(state, {
    width: size.columns,
    height: size.rows - 1,
    stuckMs: props.stuckMs,
  });
  const color = props.color === true;
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the frame's lines, by position
        <Text key={i}>
          {line.map((sp, j) => (
            <Text
              // biome-ignore lint/suspicious/noArrayIndexKey: a line's spans, by position
              key={j}
              inverse={sp.inverse === true}
              {...(color && sp.tone !== undefined && { color: COLOR[sp.tone] })}
            >
              {sp.text}
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}
