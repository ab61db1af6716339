// argv → the command (commands/) → THE exit table (exit-status.ts). Nothing else: the command
// parses its own argv, builds its session the one way (session/) and prints its own errors.
//
// Start-up cost is what this file imports statically: the command table and the exit table.
// `--version`, `--help` and usage errors end in argument parsing; config, the HTTP client, the
// runner and the shell load only on the paths that use them (test/e2e/startup-lean.test.ts).
import { setMaxListeners } from 'node:events';
import type { CommandIo } from './contract/command-io.js';
import { execute } from './commands/index.js';
import { exitStatus } from './exit-status.js';

const io: CommandIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  // Ctrl-C, or a service manager's SIGTERM (a `match-list sync --keep` feed): the run ends cleanly.
  onInterrupt: (handler) => {
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
    return () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    };
  },
};
// A cold line's metadata lookups (up to 16 path prefixes at once, lang/resolve.ts) each listen
// on the run's one signal, legitimately more than Node's warning limit of 10.
setMaxListeners(64);

execute(process.argv.slice(2), io).then((ending) => {
  process.exitCode = exitStatus(ending);
});
