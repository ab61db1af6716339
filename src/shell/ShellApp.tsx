// The interactive shell: scrollback in <Static> (append-only, stable ids), then either a
// full-screen pane (exactly rows − 1 tall) or the prompt, its hint, the suggestions menu and
// a spinner for slow requests.
import { Box, Static, Text, useApp, useStdout } from 'ink';
import { useEffect, useState } from 'react';
import { ChartPane } from '../panes/chart/ChartPane.js';
import { LogPane } from '../panes/logs/LogPane.js';
import { PromptLine } from './editor/PromptLine.js';
import { SuggestionsMenu } from './SuggestionsMenu.js';
import { useParsedKeys } from './editor/use-line-editor.js';
import type { ShellItem } from './scrollback.js';
import type { Session } from '../run/session.js';
import { chartSource, logSource } from '../run/telemetry-sources.js';
import { useShell } from './use-shell.js';

export interface ShellAppProps {
  session: Pick<Session, 'deps' | 'cache' | 'valueCompleter' | 'label' | 'telemetry'>;
  history: readonly string[];
  recordHistory: (line: string, context: readonly string[]) => void;
  color: boolean;
  onExit: () => void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function Spinner({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 80);
    return () => clearInterval(t);
  }, []);
  // Fast answers never flash a spinner.
  if (now - since < 150) return null;
  return (
    <Text
      dimColor
    >{`${FRAMES[Math.floor(now / 80) % FRAMES.length]} waiting for the router… (Ctrl-C cancels)`}</Text>
  );
}

function Item({ it, color }: { it: ShellItem; color: boolean }) {
  if (it.kind === 'error') return <Text {...(color ? { color: 'red' } : {})}>{it.text}</Text>;
  if (it.kind === 'info') return <Text dimColor>{it.text}</Text>;
  return <Text>{it.text}</Text>;
}

export function ShellApp(props: ShellAppProps) {
  const { exit } = useApp();
  // Ink's write(): clears its live region, writes, and draws the prompt again below.
  const { write } = useStdout();
  const shell = useShell({
    // Ctrl-L: clear the screen and its scrollback; the prompt is drawn again at the top.
    onClearScreen: () => write('\u001b[2J\u001b[3J\u001b[H'),
    session: props.session,
    history: props.history,
    recordHistory: props.recordHistory,
    onExit: () => {
      props.onExit();
      exit();
    },
  });
  useParsedKeys(shell.handleKey, { isActive: shell.pane === null, bracketedPaste: true });
  // The telemetry limits are read once at start, while the user reads the prompt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at start
  useEffect(() => {
    props.session.telemetry?.capabilities().catch(() => {});
  }, []);
  const { editor, completion, pane } = shell;
  const telemetry = props.session.telemetry;

  let live: React.ReactNode;
  if (pane && telemetry) {
    live =
      pane.pane === 'chart' ? (
        <ChartPane
          source={chartSource(telemetry, pane.expression, pane.stepSeconds)}
          expression={pane.expression}
          initialRange={
            pane.live ? { sinceMs: pane.endMs - pane.startMs } : { startMs: pane.startMs, endMs: pane.endMs }
          }
          onClose={shell.closePane}
          color={props.color}
        />
      ) : (
        <LogPane
          source={logSource(telemetry, pane.query)}
          query={pane.query}
          range={
            pane.live ? { sinceMs: pane.endMs - pane.startMs } : { startMs: pane.startMs, endMs: pane.endMs }
          }
          pageSize={pane.limit}
          onClose={shell.closePane}
          color={props.color}
        />
      );
  } else {
    const search = editor.state.search;
    live = (
      <Box flexDirection="column">
        <PromptLine
          prompt={shell.prompt}
          text={editor.text}
          cursor={editor.cursor}
          spans={props.color ? completion.spans : []}
          hint={shell.running ? undefined : completion.hint}
          showCursor={!shell.running}
          search={
            search
              ? {
                  query: search.query,
                  match: editor.searchMatch,
                  failing: search.query !== '' && editor.searchMatch === undefined,
                }
              : undefined
          }
        />
        {shell.running ? <Spinner since={shell.running.since} /> : null}
        {completion.menu ? (
          <SuggestionsMenu
            items={completion.menu.candidates.map((c) => ({
              name: c.display,
              kind: c.kind,
              description: c.description,
              configured: c.configured,
            }))}
            selected={completion.menu.selected}
          />
        ) : null}
      </Box>
    );
  }

  return (
    <>
      <Static items={shell.items}>{(it) => <Item key={it.id} it={it} color={props.color} />}</Static>
      {live}
    </>
  );
}
