// `routersh dash FILE [connection]`: an interactive session as the shell starts one, with the
// dashboard open at once; `q` on the dashboard leaves routersh. The file is read by the caller
// (commands/dash.ts, with the file reader) and handed over as a Dashboard.
import type { Flags } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import type { Ending } from '../errors.js';
import type { Dashboard } from '../contract/dashboard.js';
import type { SessionStart } from './session-start.js';
import { runShellSession } from './shell.js';

export interface DashOpen {
  dashboard: Dashboard;
  /** `--var NAME=VALUE[,VALUE…]`, by variable name (var-args.ts parses them). */
  vars?: Record<string, string[]>;
}

export function openDashboard(
  flags: Flags,
  io: CommandIo,
  start: SessionStart,
  o: DashOpen,
): Promise<Ending> {
  return runShellSession(flags, io, start, {
    pane: 'dashboard',
    dashboard: o.dashboard,
    ...(o.vars ? { vars: o.vars } : {}),
  });
}
