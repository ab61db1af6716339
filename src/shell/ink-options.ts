// How the shell renders Ink (shell.tsx): one place for its options.
import type { RenderOptions } from 'ink';
import type { DrawNow } from '../term/draw-now.js';
import { inkStdout } from '../term/ink-stdout.js';

/** Ink's options with `drawNow`, which patches/ink+6.8.0.patch adds. */
export type ShellRenderOptions = RenderOptions & { drawNow: () => boolean };

export function shellRenderOptions(stdout: NodeJS.WriteStream, drawNow: DrawNow): ShellRenderOptions {
  return {
    exitOnCtrlC: false,
    patchConsole: false,
    // inkStdout: Ink must never take its wipe-the-scrollback path after a resize (ink-stdout.ts).
    stdout: inkStdout(stdout),
    // A frame that answers a key is drawn at once, not at the end of Ink's 33 ms window.
    drawNow: drawNow.take,
  };
}
