// The interactive shell (Ink), on a session built like every other (session/connect.ts): a
// refused password is asked again, like ssh; the telemetry client is made at once (panes and
// completion use it synchronously); every shell has a lesson driver (`learn NAME` anywhere).
import { readFileSync } from 'node:fs';
import type { Flags } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import { type Ending, usageError } from '../errors.js';
import { connect } from '../session/connect.js';
import type { SessionStart } from './session-start.js';
import { lateWasmTierUp, shellHeap } from './v8-flags.js';
import type { PaneSpec } from '../contract/outcome.js';

function readScript(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw usageError(`cannot read script ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
}

/**
 * How long building the session may take before the shell's code loads beside it: it is ready
 * ~60 ms into the process when nothing is asked (measured in tmux); a password prompt is longer.
 */
const SHELL_CODE_AFTER_MS = 80;

/**
 * Resolves after the event loop has polled for input once more: one setImmediate runs in the
 * current turn's check phase, before the next poll; the second runs after it. What the terminal
 * sent meanwhile has then been read (and echoed by the plain prompt).
 */
const afterInput = (): Promise<void> => new Promise((done) => setImmediate(() => setImmediate(done)));

export async function runShellSession(
  flags: Flags,
  io: CommandIo,
  start: SessionStart,
  /** A pane to open at once (`routersh dash FILE`, commands/dash-open.ts). */
  open?: PaneSpec,
): Promise<Ending> {
  // `-i INV` (or ROUTERSH_INVENTORY, or --demo --routers N): the fleet shell over its hosts.
  const fleet =
    flags.fleet?.inventory !== undefined ||
    (flags.demo && flags.fleet?.routers !== undefined) ||
    (Boolean(io.env.ROUTERSH_INVENTORY) && !flags.router);
  if (fleet) return (await import('./fleet-shell.js')).runFleetShellSession(flags, io);
  if (flags.dryRun) {
    throw usageError("--dry-run is for -c, -f and stdin; in the shell, start a line with 'dry-run'");
  }
  const script = start.play ? readScript(start.play.script) : undefined;
  // Ink renders only a final frame when it thinks it runs in CI (is-in-ci reads CI at
  // import): a real terminal on both ends is interactive whatever CI says.
  delete io.env.CI;
  delete io.env.CONTINUOUS_INTEGRATION;
  lateWasmTierUp();
  // Loaded only by the shell (a one-shot command loads no shell code at all).
  const earlyCode = Promise.all([import('../shell/early-prompt.js'), import('../shell/welcome.js')]);
  // The shell's code (Ink, React: ~1 MB, whose compiling holds the thread ~30 ms) loads once the
  // plain prompt is drawn, so a session ready at once gets its prompt first; a session still
  // building after SHELL_CODE_AFTER_MS (a password asked) has that wait used to load it.
  let shellLoaded = false;
  let shellCode: Promise<typeof import('../shell/shell.js')> | undefined;
  const loadShellCode = () => {
    if (shellCode) return shellCode;
    // In pieces (React and its reconciler, Yoga, the rest of Ink, then the shell's own code),
    // each after the terminal's input is read: the bundle is CommonJS, whose loading holds the
    // thread from start to end (Ink with React and Yoga took ~38 ms in one piece), and a key
    // typed at the plain prompt is echoed between the pieces.
    shellCode = afterInput()
      .then(() => import('../shell/runtime-react.js'))
      .then(afterInput)
      .then(() => import('../shell/runtime-yoga.js'))
      .then(afterInput)
      .then(() => import('../shell/ink-runtime.js'))
      .then(afterInput)
      .then(() => import('../shell/shell.js'));
    shellCode.then(
      () => {
        shellLoaded = true;
      },
      () => {},
    );
    return shellCode;
  };
  // No plain prompt for a recording played, a lesson or a pane opened at start: load it now.
  const drawsFirst = !start.play && start.lesson === undefined && !start.classroom && !open;
  if (!drawsFirst) loadShellCode();
  const slowRouter = setTimeout(loadShellCode, SHELL_CODE_AFTER_MS);
  slowRouter.unref();
  const { cfg, session, demo, close } = await connect(flags, io, {
    interactive: true,
    retryPassword: true,
    journal: 'file',
    yes: flags.yes,
    telemetry: 'at-once',
    // A class's lessons are graded on its server (class join), anyone else's kept in a file.
    ...(start.classroom
      ? { lessons: start.classroom.lessons, login: start.classroom.login }
      : { lessons: 'file' }),
    guard: true,
  }).finally(() => clearTimeout(slowRouter));
  // The session is ready before Ink usually: the welcome and a plain prompt now (on a terminal),
  // keys held in the terminal's buffer until Ink reads them (early-prompt.ts).
  const [{ holdTerminal }, { shellWelcome }] = await earlyCode;
  const early =
    drawsFirst && !shellLoaded && !cfg.json
      ? holdTerminal(io, {
          welcome: shellWelcome(session, cfg, demo),
          label: session.label,
          color: cfg.color,
          // A recording gets only what Ink draws (the line masked); keys then wait in the terminal.
          echo: !io.recording,
        })
      : undefined;
  try {
    const { runShell } = await loadShellCode();
    // The heap's growth for a long session, once start-up has grown the young generation
    // (v8-flags.ts). Here, not later: what loads before this point and what loads after it is
    // the same in every session, so each file's compiled code is kept under one set of flags.
    shellHeap();
    if (start.lesson !== undefined && session.services.lessons)
      io.out(await session.services.lessons.start(start.lesson));
    if (start.classroom) io.out(start.classroom.intro);
    // Once the prompt is up: RE2 and fuse.js (keystrokes judge values and misspellings
    // synchronously; until then a check answers provisionally and Enter judges for real), and
    // the change journal (a change typed before it is open waits for it).
    setTimeout(() => {
      import('../lang/engines.js').then((m) => m.loadLangEngines()).catch(() => {});
      session.services.journal?.open().catch(() => {});
    }, 100).unref();
    const feed =
      start.play && script !== undefined
        ? await (async () => {
            const { createScriptFeed, parseScript } = await import('../keys/script-feed.js');
            const play = start.play!;
            return createScriptFeed({
              steps: parseScript(script),
              ...(play.autoMs !== undefined ? { autoMs: play.autoMs } : {}),
              speed: play.speed,
              color: cfg.color,
            });
          })()
        : undefined;
    const { recording } = io;
    return await runShell(session, cfg, io, {
      demo,
      ...(recording ? { onSecret: recording.addSecret, recording: true } : {}),
      ...(feed ? { feed } : {}),
      ...(early ? { held: early } : {}),
      ...(open ? { open } : {}),
    });
  } finally {
    early?.release();
    await close();
  }
}
