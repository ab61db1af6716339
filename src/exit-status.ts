// THE table from error code to exit status (CLI.md): 0 ok · 1 a command failed · 2 usage or
// configuration · 3 could not connect or authenticate · 4 some hosts of a fleet failed, some not. Only main.ts applies it; errors carry
// a code and nothing else decides a status. A missing code does not compile.
import type { Ending, ErrorCode, RoutershError } from './errors.js';

export const EXIT = { ok: 0, failed: 1, usage: 2, connect: 3, partial: 4 } as const;
type Status = (typeof EXIT)[keyof typeof EXIT];

const STATUS: Readonly<Record<ErrorCode, Status>> = {
  usage: EXIT.usage,
  config: EXIT.usage,
  argument: EXIT.failed,
  not_configured: EXIT.failed,
  auth: EXIT.connect,
  transport: EXIT.connect,
  timeout: EXIT.connect,
  protocol: EXIT.failed,
  rejected: EXIT.failed,
  command_failed: EXIT.failed,
  validation: EXIT.failed,
  telemetry: EXIT.failed,
  telemetry_auth: EXIT.connect,
  telemetry_redirect: EXIT.connect,
  limit: EXIT.failed,
  cancelled: EXIT.failed,
  internal: EXIT.failed,
};

// SIGPIPE: the reader of stdout went away (`routersh … | head`): 141, as a shell reports `cat`.
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGPIPE: 13, SIGTERM: 15 } as const;

export const exitStatusOf = (e: RoutershError): Status => STATUS[e.code];

/**
 * One error: its status. Several (--keep-going): 3 when one could not connect, otherwise 1
 * (a run that went on past a failure reports "a command failed").
 */
export function exitStatus(ending: Ending): number {
  switch (ending.kind) {
    case 'ok':
      return EXIT.ok;
    case 'signal':
      return 128 + SIGNALS[ending.signal];
    case 'failed': {
      const [only, ...more] = ending.errors;
      if (only === undefined) return EXIT.ok;
      if (more.length === 0) return exitStatusOf(only);
      return ending.errors.some((e) => exitStatusOf(e) === EXIT.connect) ? EXIT.connect : EXIT.failed;
    }
    case 'partial':
      return EXIT.partial;
    default: {
      const never: never = ending;
      return never;
    }
  }
}
