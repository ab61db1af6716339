// The interactive shell: command output is written as text above the live region (Ink's
// write path; never a <Static> tree, which costs an object per screen cell), and the live
// region is either a full-screen pane (exactly rows − 1 tall) or the prompt, its hint, the suggestions
// menu and a spinner for slow requests. Keys come from the one KeyProvider.
import { Box, Text, useApp, useStdout } from 'ink';
import { useEffect, useRef } from 'react';
import type { PaneLink, PaneRequest } from '../panes/pane-links.js';
import { paneView } from '../panes/registry.js';
import type { PaneSpec } from '../contract/outcome.js';
import type { Session } from '../session/session.js';
import { currentMatch } from './editor/reverse-search.js';
import { PromptLine } from './editor/PromptLine.js';
import type { KeyFeed } from '../keys/key-feed.js';
import { KeyProvider } from '../panes/key-source/KeyProvider.js';
import { LessonStatus } from './LessonStatus.js';
import type { LessonDriver } from '../contract/lessons.js';
import type { ScannedLine } from '../lang/index.js';
import type { LineMask } from './mask-line.js';
import type { OpenPane } from './open-pane.js';
import type { ShellState } from './shell-controller.js';
import { Spinner } from './Spinner.js';
import { typeAheadPreview } from './type-ahead.js';
import { candidateRow, SuggestionsMenu } from './SuggestionsMenu.js';
import { useShell } from './use-shell.js';
import { moreLine } from './pager.js';
import { realStdout } from '../term/ink-stdout.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';

export interface ShellAppProps {
  session: Pick<Session, 'services' | 'cache' | 'label'>;
  history: readonly string[];
  /** The history as `history` shows it (secrets redacted). */
  shownHistory?: (() => string[]) | undefined;
  recordHistory: (line: string, context: readonly string[], scan?: ScannedLine) => void;
  color: boolean;
  onExit: () => void;
  /** Ctrl-Z, before the process stops: erase the live region (Ink's `clear`). */
  beforeSuspend?: (() => void) | undefined;
  /** Page output taller than the window (`--More--`); false: `--no-pager` or the profile's `"pager": false`. */
  pager?: boolean | undefined;
  /** Secrets in the typed line drawn as `*` (`--record`, `play`): mask-line.ts. */
  mask?: LineMask | undefined;
  /** A script typed into the key source (`routersh play`). */
  feed?: KeyFeed | undefined;
  /** The keys read before Ink had loaded (early-prompt.ts): the key source takes them first. */
  earlyKeys?: (() => string[]) | undefined;
  /** Told of every key (term/draw-now.ts: the frame that answers it is drawn at once). */
  onKey?: (() => void) | undefined;
  /** `--record`: the Ctrl-R search text is drawn as `*`. */
  maskSearch?: boolean | undefined;
  /** Log field ↔ metric label pairs for the panes' `c` and `L` (the profile's `paneLinks`). */
  paneLinks?: readonly PaneLink[] | undefined;
  /** A pane shown at once (`routersh dash FILE`); with `exitWithPane`, closing it leaves routersh. */
  openAtStart?: PaneSpec | undefined;
  exitWithPane?: boolean | undefined;
}

export function ShellApp(props: ShellAppProps) {
  return (
    <KeyProvider
      beforeSuspend={props.beforeSuspend}
      feed={props.feed}
      earlyKeys={props.earlyKeys}
      onKey={props.onKey}
    >
      <Shell {...props} />
    </KeyProvider>
  );
}

interface PaneProps {
  pane: OpenPane;
  onClose: () => void;
  onOpen: (req: PaneRequest) => void;
  links: readonly PaneLink[] | undefined;
  color: boolean;
}

/** Every pane kind is drawn through the registry (panes/registry.ts). */
function Pane({ pane, onClose, onOpen, links, color }: PaneProps) {
  const { spec, source, keep } = pane;
  return paneView(pane.kind, { spec, source, keep, onClose, onOpen, links, color });
}

function Prompt({
  state,
  prompt,
  color,
  lessons,
  mask,
  maskSearch,
}: {
  state: ShellState;
  prompt: string;
  color: boolean;
  lessons?: LessonDriver | undefined;
  mask?: LineMask | undefined;
  maskSearch?: boolean;
}) {
  const shown = (text: string) => mask?.(text, state.context) ?? text;
  const p = state.prompt;
  const found = p.search ? currentMatch(p.search, p.history.entries) : undefined;
  const match = found === undefined ? undefined : shown(found);
  // Keys typed while a request runs are shown dimmed where they will land (type-ahead).
  const echo = state.running?.echo;
  const ahead =
    state.running && echo === undefined && p.typeAhead.length > 0 ? typeAheadPreview(p.typeAhead) : undefined;
  const text = shown(echo ?? ahead ?? p.editor.text);
  if (state.question) {
    // The question is the prompt line: no spinner under it, it waits for one key.
    return (
      <Box flexDirection="column">
        <Text bold={color}>{sanitizeLine(state.question)} </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      {state.note ? <Text dimColor={color}>{sanitizeText(state.note).trimEnd()}</Text> : null}
      <LessonStatus lessons={lessons} color={color} />
      <PromptLine
        prompt={prompt}
        text={text}
        cursor={ahead === undefined && echo === undefined ? p.editor.cursor : text.length}
        spans={
          ahead !== undefined
            ? [{ start: 0, end: text.length, style: 'pending' }]
            : color && echo === undefined
              ? p.spans
              : []
        }
        hint={state.running ? undefined : p.hint}
        showCursor={!state.running}
        search={
          p.search
            ? {
                query: maskSearch ? '*'.repeat(p.search.query.length) : p.search.query,
                match,
                failing: p.search.query !== '' && match === undefined,
              }
            : undefined
        }
      />
      {state.running ? <Spinner since={state.running.since} progress={state.running.progress} /> : null}
      {p.menu ? (
        <SuggestionsMenu items={p.menu.candidates} row={candidateRow} selected={p.menu.selected} />
      ) : null}
    </Box>
  );
}

function Shell(props: ShellAppProps) {
  const { exit } = useApp();
  // Ink's write(): clears its live region, writes, and draws the prompt again below.
  const { write, stdout } = useStdout();
  const shell = useShell({
    // Ctrl-L clears the screen as readline does (the terminfo `clear` without E3): the cursor
    // home and ESC[2J. Never ESC[3J: the terminal keeps its scrollback. Ink draws the prompt
    // again at the top.
    onClearScreen: () => write('\u001b[H\u001b[2J'),
    rows: () => realStdout(stdout).rows || undefined,
    print: write,
    redraw: props.onKey,
    color: props.color,
    // The real rows (Ink is told there are none, ink-stdout.ts); no size known, no pager.
    pagerSize: () => {
      const real = realStdout(stdout);
      return props.pager !== false && real.rows
        ? { rows: real.rows, columns: real.columns || 80 }
        : undefined;
    },
    session: props.session,
    history: props.history,
    shownHistory: props.shownHistory,
    recordHistory: props.recordHistory,
    mask: props.mask,
    onExit: () => {
      props.onExit();
      exit();
    },
  });
  // The telemetry limits are read once at start, while the user reads the prompt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at start
  useEffect(() => {
    props.session.services.telemetry
      ?.loaded()
      ?.capabilities()
      .catch(() => {});
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at start
  useEffect(() => {
    if (props.openAtStart) shell.open(props.openAtStart);
  }, []);
  const { pane, pager } = shell.state;
  const shown = useRef(false);
  if (pane) shown.current = true;
  const leave = props.exitWithPane === true && shown.current && !pane;
  useEffect(() => {
    if (!leave) return;
    props.onExit();
    exit();
  }, [leave, props.onExit, exit]);
  const ready = !pane && !pager && !shell.state.running;
  useEffect(() => props.feed?.setReady(ready), [props.feed, ready]);
  // Leaving with the pane (`routersh dash`): no prompt drawn on the way out.
  if (leave) return null;
  if (pager) return <Text inverse={props.color}>{moreLine(pager)}</Text>;
  return pane ? (
    <Pane
      key={pane.id}
      pane={pane}
      onClose={shell.closePane}
      onOpen={(req) => shell.openFrom(pane, req)}
      links={props.paneLinks}
      color={props.color}
    />
  ) : (
    <Prompt
      state={shell.state}
      prompt={shell.prompt}
      color={props.color}
      lessons={props.session.services.lessons}
      mask={props.mask}
      maskSearch={props.maskSearch === true}
    />
  );
}
