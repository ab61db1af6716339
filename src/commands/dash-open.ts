// `routersh dash FILE [connection] [--var NAME=VALUE]…`: a stub until the dashboard screen
// lands (its branch owns this file and replaces it whole): the file is checked, nothing opens.
import type { CommandIo } from '../contract/command-io.js';
import { type Ending, usageError } from '../errors.js';
import { dashboardOrThrow } from '../features/dashboards/dashboard-file.js';
import type { DashOpenArgs } from './dash-args.js';

export async function openDashboard(args: DashOpenArgs, _io: CommandIo): Promise<Ending> {
  await dashboardOrThrow(args.file);
  throw usageError('dashboard screen not available yet');
}
