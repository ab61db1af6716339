// The process's CommandIo (main.ts): its streams, environment and signals — and a reader that
// went away. `routersh … | head -1`: when stdout's pipe closes (EPIPE) routersh stops as `cat`
// does, without a word: nothing more is written, the run is interrupted as by Ctrl-C (no further
// script line is sent; a change in flight still gets its journal record, whose after read is
// not cancelled with the command) and the exit status is 141 (128 + SIGPIPE), as a shell
// reports for `cat`.
import type { CommandIo } from '../contract/command-io.js';

export interface ProcessIo {
  io: CommandIo;
  /** Whether stdout's (or stderr's) reader went away. */
  outputGone: () => boolean;
}

export function processIo(): ProcessIo {
  let gone = false;
  const handlers = new Set<() => void>();
  const goneNow = () => {
    if (gone) return;
    gone = true;
    for (const h of [...handlers]) h();
  };
  const watch = (s: NodeJS.WriteStream) =>
    s.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') goneNow();
      else throw e;
    });
  watch(process.stdout);
  watch(process.stderr);
  // A write to a closed pipe fails at once (the stream is destroyed before the error event),
  // so the next line is never started on a dead pipe.
  const write = (s: NodeJS.WriteStream, text: string) => {
    if (gone) return;
    s.write(text);
    if (s.destroyed) goneNow();
  };
  const io: CommandIo = {
    out: (text) => write(process.stdout, text),
    err: (text) => write(process.stderr, text),
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    // Ctrl-C, a service manager's SIGTERM (a `match-list sync --keep` feed), or the reader gone.
    onInterrupt: (handler) => {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      handlers.add(handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
        handlers.delete(handler);
      };
    },
  };
  return { io, outputGone: () => gone };
}
