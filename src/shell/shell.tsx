// Starts the interactive shell (Ink) and gives the terminal back on every exit path:
// `exit`, Ctrl-D, SIGINT/SIGTERM/SIGHUP, and an unexpected error.
import chalk from 'chalk';
import { render } from 'ink';
import type { Config } from '../config/config.js';
import { type Ending, failed, isConnectFailure, isRoutershError, OK, type RoutershError } from '../errors.js';
import { errorLine } from '../term/error-line.js';
import { historyPath } from '../config/paths.js';
import { stateFiles } from '../config/state-dir.js';
import { appendHistory, historyEntry, loadHistory } from './editor/history-file.js';
import type { ScannedLine } from '../lang/index.js';
import { lineSecrets } from '../lang/secrets.js';
import { ShellApp } from './ShellApp.js';
import { shellWelcome } from './welcome.js';
import { type HeldTerminal, holdTerminal } from './early-prompt.js';
import { createDrawNow } from '../term/draw-now.js';
import { shellRenderOptions } from './ink-options.js';
import type { CommandIo } from '../contract/command-io.js';
import type { Session } from '../session/session.js';
import type { PaneSpec } from '../contract/outcome.js';
import type { KeyFeed } from '../keys/key-feed.js';
import { lineMask } from './mask-line.js';

export interface ShellOptions {
  /** Started with --demo: the welcome says it is a simulator. */
  demo?: boolean | undefined;
  /** Each secret value a run line holds (`--record` keeps it out of later output). */
  onSecret?: (value: string) => void;
  /** A script typed into the key source (`routersh play`). */
  feed?: KeyFeed;
  /** `--record`: the Ctrl-R search text is drawn as `*` (it may be a secret being looked for). */
  recording?: boolean;
  /** The terminal as the caller holds it (raw mode; the welcome and a plain prompt maybe drawn). */
  held?: HeldTerminal;
  /** A pane shown at once (`routersh dash FILE`): the router is not checked at start (its panels say), q leaves. */
  open?: PaneSpec | undefined;
}

export async function runShell(
  session: Session,
  cfg: Readonly<Config>,
  io: Pick<CommandIo, 'stdin' | 'stdout' | 'err' | 'env'>,
  o: ShellOptions = {},
): Promise<Ending> {
  // A key typed once the prompt shows must reach the shell, but Ink reads keys only after its
  // first frame: raw mode goes on before anything is drawn (early-prompt.ts), unless the caller
  // already holds the terminal with the prompt drawn.
  const held = o.held ?? holdTerminal(io);
  try {
    return await shellUntilExit(session, cfg, io, o, held);
  } finally {
    if (!o.held) held.release();
  }
}

async function shellUntilExit(
  session: Session,
  cfg: Readonly<Config>,
  io: Pick<CommandIo, 'stdout' | 'err' | 'env'>,
  o: ShellOptions,
  held: HeldTerminal,
): Promise<Ending> {
  const path = historyPath(io.env);
  // State only the user can touch (config/state-dir.ts): a history file or directory someone
  // else could write is neither read nor written, said once.
  const unsafe = stateFiles.trouble(path);
  const history = unsafe ? [] : await loadHistory(path).catch(() => []);
  // The history as kept: the file's lines, then each line entered, redacted once (when its
  // metadata has been read: line-runner.ts) — the `history` screen shows what the file got.
  const entries = [...history];
  const shownHistory = () => [...entries];
  let writes = Promise.resolve();
  const recordHistory = (line: string, context: readonly string[], scan?: ScannedLine) => {
    const from = { cache: session.cache, context, scan };
    if (o.onSecret) for (const v of lineSecrets(line, from)) o.onSecret(v);
    const kept = historyEntry(line, from);
    if (entries[entries.length - 1] === kept) return;
    entries.push(kept);
    // Appends are chained so lines land in order; a failing disk never breaks the shell.
    if (!unsafe) writes = writes.then(() => appendHistory(path, kept)).catch(() => {});
  };

  let ending: Ending = OK;
  if (!cfg.json && !held.drawn && !o.open) io.stdout.write(shellWelcome(session, cfg, o.demo));
  held.erase();
  if (unsafe) io.err(`warning: history not kept: unsafe state: ${unsafe}\n`);
  // Ink colours through chalk, which reads FORCE_COLOR and TERM but not NO_COLOR: one decision
  // (config/color.ts) for every colour on the screen.
  chalk.level = cfg.color ? (Math.max(chalk.level, 1) as 1 | 2 | 3) : 0;
  const drawNow = createDrawNow();
  const instance = render(
    <ShellApp
      session={session}
      history={history}
      shownHistory={shownHistory}
      recordHistory={recordHistory}
      color={cfg.color}
      pager={cfg.pager !== false}
      paneLinks={cfg.paneLinks}
      mask={lineMask(session.cache)}
      maskSearch={o.recording === true}
      feed={o.feed}
      earlyKeys={held.handOver}
      onKey={drawNow.mark}
      openAtStart={o.open}
      exitWithPane={o.open !== undefined}
      onExit={() => {
        ending = OK;
      }}
      beforeSuspend={() => instance.clear()}
    />,
    shellRenderOptions(io.stdout, drawNow),
  );
  // Like ssh, a shell that cannot reach or log in to its router says so and exits 3 rather
  // than leaving a prompt that fails on every line. Checked while the prompt is drawn (the
  // answer also warms the root metadata), so start-up does not wait for the network.
  let failure: RoutershError | undefined;
  if (!o.open)
    session.cache.get([]).catch((e: unknown) => {
      if (isRoutershError(e) && isConnectFailure(e)) {
        failure = e;
        instance.unmount();
      }
    });
  const stop = (signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP') => () => {
    ending = { kind: 'signal', signal };
    instance.unmount();
  };
  // In raw mode Ctrl-C is a key; a SIGINT comes from outside (kill -INT) and ends the shell
  // as cleanly as the others: Ink's unmount restores the terminal mode.
  const onInt = stop('SIGINT');
  const onTerm = stop('SIGTERM');
  const onHup = stop('SIGHUP');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  process.on('SIGHUP', onHup);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    process.off('SIGHUP', onHup);
    await writes;
  }
  if (failure) {
    io.err(`${errorLine(failure)}\n`);
    return failed(failure);
  }
  return ending;
}
