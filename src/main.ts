// argv → the command (commands/) → THE exit table (exit-status.ts). Nothing else: the command
// parses its own argv, builds its session the one way (session/) and prints its own errors.
//
// Start-up cost is what this file imports statically: the command table and the exit table.
// `--version`, `--help` and usage errors end in argument parsing; config, the HTTP client, the
// runner and the shell load only on the paths that use them (test/e2e/startup-lean.test.ts).
import { setMaxListeners } from 'node:events';
import { execute } from './commands/index.js';
import { processIo } from './commands/process-io.js';
import { exitStatus } from './exit-status.js';

// A fleet run's second thread starts this program too, marked (commands/fleet-threads.ts): it
// serves its share of the hosts, and has no argv, terminal or signals of its own.
const shard = (globalThis as Record<symbol, unknown>)[Symbol.for('routersh.shard')];
if (shard !== undefined) {
  void import('./commands/fleet-shard-worker.js').then((m) => m.serveShard());
} else {
  const { io, outputGone } = processIo();
  // A cold line's metadata lookups (up to 16 path prefixes at once, lang/resolve.ts) each listen
  // on the run's one signal, legitimately more than Node's warning limit of 10.
  setMaxListeners(64);

  execute(process.argv.slice(2), io).then((ending) => {
    process.exitCode = exitStatus(outputGone() ? { kind: 'signal', signal: 'SIGPIPE' } : ending);
  });
}
