// The interactive shell (Ink), on a session built like every other (session/connect.ts): a
// refused password is asked again, like ssh; the telemetry client is made at once (panes and
// completion use it synchronously); every shell has a lesson driver (`learn NAME` anywhere).
import { readFileSync } from 'node:fs';
import type { Flags } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import { type Ending, usageError } from '../errors.js';
import { connect } from '../session/connect.js';
import type { SessionStart } from './session-start.js';
import type { PaneSpec } from '../contract/outcome.js';

function readScript(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw usageError(`cannot read script ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
}

export async function runShellSession(
  flags: Flags,
  io: CommandIo,
  start: SessionStart,
  /** A pane to open at once (`routersh dash FILE`, commands/dash-open.ts). */
  open?: PaneSpec,
): Promise<Ending> {
  if (flags.dryRun) {
    throw usageError("--dry-run is for -c, -f and stdin; in the shell, start a line with 'dry-run'");
  }
  const script = start.play ? readScript(start.play.script) : undefined;
  const { cfg, session, demo, close } = await connect(flags, io, {
    interactive: true,
    retryPassword: true,
    journal: 'file',
    yes: flags.yes,
    telemetry: 'at-once',
    lessons: 'file',
    guard: true,
  });
  try {
    // Ink renders only a final frame when it thinks it runs in CI (is-in-ci reads CI at
    // import): a real terminal on both ends is interactive whatever CI says.
    delete io.env.CI;
    delete io.env.CONTINUOUS_INTEGRATION;
    const { runShell } = await import('../shell/shell.js');
    if (start.lesson !== undefined && session.services.lessons)
      io.out(session.services.lessons.start(start.lesson));
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
      ...(open ? { open } : {}),
    });
  } finally {
    await close();
  }
}
