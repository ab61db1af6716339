// The prompt: `user@host> ` and the line being typed, coloured by word kind, with an inverse
// cursor, scrolled horizontally so the cursor stays visible on one screen row, a dim hint
// below, and the readline reverse-search display during Ctrl-R.
import { Box, Text } from 'ink';
import { useRef } from 'react';
import { sanitizeLine } from '../../term/sanitize.js';
import { displayWidth, fitWindow, nextBoundary, truncateToWidth } from '../../term/text-width.js';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { searchPrompt } from './reverse-search.js';

export type SpanStyle = 'known' | 'value' | 'bad' | 'pending' | 'option' | 'plain';

/** A coloured range of the line (UTF-16 indices, end exclusive). */
export interface Span {
  start: number;
  end: number;
  style: SpanStyle;
}

export interface PromptLineProps {
  prompt: string;
  text: string;
  cursor: number;
  spans?: readonly Span[] | undefined;
  /** One dim line under the prompt (e.g. the Help of the word being typed). */
  hint?: string | undefined;
  /** Ctrl-R in progress: shown instead of the prompt. */
  search?: { query: string; match?: string | undefined; failing?: boolean | undefined } | undefined;
  /** Hide the cursor (e.g. while a request runs). */
  showCursor?: boolean | undefined;
  /** Overrides the terminal width (tests, embedding). */
  columns?: number | undefined;
}

const STYLE: Record<SpanStyle, { color?: string; underline?: boolean; dimColor?: boolean }> = {
  known: { color: 'green' },
  option: { color: 'cyan' },
  value: { color: 'yellow' },
  bad: { color: 'red', underline: true },
  pending: { dimColor: true },
  plain: {},
};

interface Piece {
  text: string;
  style: SpanStyle;
  cursor: boolean;
}

// Cuts text[start, end) at span edges and around the cursor grapheme.
function pieces(
  text: string,
  start: number,
  end: number,
  cursor: number,
  spans: readonly Span[],
  showCursor: boolean,
) {
  const cursorEnd = cursor < text.length ? nextBoundary(text, cursor) : cursor;
  const cuts = new Set([start, end]);
  for (const s of spans) for (const at of [s.start, s.end]) if (at > start && at < end) cuts.add(at);
  if (showCursor && cursor >= start && cursor < end) {
    cuts.add(cursor);
    if (cursorEnd <= end) cuts.add(cursorEnd);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Piece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    let style: SpanStyle = 'plain';
    for (const s of spans) if (s.start <= a && a < s.end) style = s.style;
    out.push({ text: text.slice(a, b), style, cursor: showCursor && a === cursor });
  }
  if (showCursor && cursor >= text.length) out.push({ text: ' ', style: 'plain', cursor: true });
  return out;
}

function Line(props: {
  text: string;
  cursor: number;
  spans: readonly Span[];
  width: number;
  showCursor: boolean;
}) {
  const { text, cursor, spans, width, showCursor } = props;
  const lastStart = useRef(0);
  const fits = displayWidth(text) + 1 <= width;
  // When scrolling, one column each side shows that text continues; the view only moves
  // when the cursor would leave it.
  const win = fits
    ? { start: 0, end: text.length, clippedLeft: false, clippedRight: false }
    : fitWindow(text, cursor, Math.max(1, width - 2), lastStart.current);
  lastStart.current = win.start;
  return (
    <Text wrap="truncate-end">
      {win.clippedLeft ? <Text dimColor>{'<'}</Text> : null}
      {pieces(text, win.start, win.end, cursor, spans, showCursor).map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces have no identity beyond position
        <Text key={i} inverse={p.cursor} {...STYLE[p.style]}>
          {sanitizeLine(p.text)}
        </Text>
      ))}
      {win.clippedRight ? <Text dimColor>{'>'}</Text> : null}
    </Text>
  );
}

export function PromptLine(props: PromptLineProps) {
  const size = useTerminalSize();
  const columns = props.columns ?? size.columns;
  const showCursor = props.showCursor !== false;
  const { search } = props;
  if (search) {
    const head = sanitizeLine(searchPrompt(search));
    const match = search.match ?? '';
    const at = search.query ? match.toLowerCase().indexOf(search.query.toLowerCase()) : -1;
    return (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          <Text dimColor>{truncateToWidth(head, Math.max(1, columns - 1))}</Text>
          <Line
            text={match}
            cursor={at >= 0 ? at : match.length}
            spans={[]}
            width={Math.max(1, columns - displayWidth(head))}
            showCursor={showCursor}
          />
        </Text>
      </Box>
    );
  }
  // The label and the context words in it come from the router (a completed value name).
  const prompt = truncateToWidth(sanitizeLine(props.prompt), Math.max(1, Math.floor(columns / 2)));
  const width = Math.max(1, columns - displayWidth(prompt));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>{prompt}</Text>
        <Line
          text={props.text}
          cursor={props.cursor}
          spans={props.spans ?? []}
          width={width}
          showCursor={showCursor}
        />
      </Text>
      {props.hint ? (
        <Text dimColor wrap="truncate-end">
          {truncateToWidth(sanitizeLine(props.hint), columns)}
        </Text>
      ) : null}
    </Box>
  );
}
