// Full-screen log pane: exactly rows − 1 lines; only the visible records are laid out.
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { DEFAULT_PANE_LINKS, type PaneLink, type PaneRequest } from '../pane-links.js';
import { type LogFrame, logFrame, logLayout } from './log-frame.js';
import { rowText } from './row-text.js';
import type { LogSource, MatchListPort } from '../../contract/logs.js';
import { useLogPane } from './use-log-pane.js';

export type LogPaneRange = { sinceMs: number } | { startMs: number; endMs: number };

export interface LogPaneProps {
  source: LogSource;
  /** Shown in the title (sanitized). */
  query: string;
  /** `since` follows new records; a fixed range does not. */
  range: LogPaneRange;
  onClose: () => void;
  /** `c` opens a chart of the selected record through this (the shell's pane stack). */
  onOpen?: ((req: PaneRequest) => void) | undefined;
  /** `b` adds an address of the selected record to one of the router's match-lists. */
  matchLists?: MatchListPort | undefined;
  /** Log field ↔ metric label pairs (the profile's `paneLinks`); default: the simulator's. */
  links?: readonly PaneLink[] | undefined;
  /** Records per search request (API max 1000); default 200. */
  pageSize?: number | undefined;
  /** Follow poll period; default 2 s. */
  pollMs?: number | undefined;
  /** Records held at most; default 5000. */
  bufferMax?: number | undefined;
  now?: (() => number) | undefined;
  color?: boolean | undefined;
  utc?: boolean | undefined;
  columns?: number | undefined;
  rows?: number | undefined;
}

export function LogPane(props: LogPaneProps) {
  const size = useTerminalSize({
    ...(props.columns !== undefined && { columns: props.columns }),
    ...(props.rows !== undefined && { rows: props.rows }),
  });
  const now = props.now ?? Date.now;
  const height = Math.max(3, size.rows - 1);
  // The start is fixed when the pane opens; following extends the end, not the start.
  const [startMs] = useState(() =>
    'sinceMs' in props.range ? now() - props.range.sinceMs : props.range.startMs,
  );
  const endMs = 'endMs' in props.range ? props.range.endMs : undefined;
  const probe = logLayout(size.columns, height, false);
  const state = useLogPane({
    source: props.source,
    startMs,
    endMs,
    pageSize: props.pageSize ?? 200,
    pollMs: props.pollMs ?? 2000,
    bufferMax: props.bufferMax ?? 5000,
    histogramColumns: size.columns,
    bodyRows: probe.bodyRows,
    onClose: props.onClose,
    now,
    links: props.links ?? DEFAULT_PANE_LINKS,
    linksConfigured: props.links !== undefined,
    matchLists: props.matchLists,
    onOpen: props.onOpen,
  });
  const frame = useMemo(
    () =>
      logFrame(state, {
        query: props.query,
        width: size.columns,
        height,
        facetsAvailable: props.source.facets !== undefined,
        utc: props.utc,
        range: endMs === undefined ? undefined : { startMs, endMs },
      }),
    [state, props.query, size.columns, height, props.source, props.utc, startMs, endMs],
  );
  return (
    <LogFrameView
      frame={frame}
      width={size.columns}
      height={height}
      color={props.color !== false}
      promptOpen={state.prompt !== null}
    />
  );
}

export interface LogFrameViewProps {
  frame: LogFrame;
  width: number;
  height: number;
  color: boolean;
  promptOpen: boolean;
}

/** The log pane's view of a computed frame (also used by the benchmark). */
export function LogFrameView({ frame, width, height, color, promptOpen }: LogFrameViewProps) {
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text wrap="truncate-end" bold={color}>
        {frame.title || ' '}
      </Text>
      {frame.histogram.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on screen
        <Text key={`h${i}`} wrap="truncate-end" {...(color && { color: 'cyan' })}>
          {line}
        </Text>
      ))}
      <Box flexDirection="row" height={frame.body.length}>
        <Box flexDirection="column" flexGrow={1}>
          {frame.body.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on screen
            <Text key={i} wrap="truncate-end" inverse={row.selected === true}>
              {rowText(row, color)}
            </Text>
          ))}
        </Box>
        {frame.facets && (
          <Box flexDirection="column" width={frame.facetsWidth + 1} flexShrink={0}>
            {frame.facets.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on screen
              <Text key={i} wrap="truncate-end">{`│${line}`}</Text>
            ))}
          </Box>
        )}
      </Box>
      <Text wrap="truncate-end" inverse={color && promptOpen}>
        {frame.status || ' '}
      </Text>
    </Box>
  );
}
