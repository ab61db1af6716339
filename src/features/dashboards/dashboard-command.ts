// The `dashboard FILE|NAME [var NAME=VALUE[,VALUE…]]…` built-in: on a terminal, the dashboard
// screen; elsewhere a one-line error (a script checks a file with `routersh dash --validate`).
import type { Handler } from '../../contract/handler.js';
import { argumentError } from '../../errors.js';
import { dashboardOrThrow } from './dashboard-file.js';
import { parseVarArgs, unknownVars } from './var-args.js';

export const dashboardCommand: Handler<'dashboard'> = async ({ args }, env) => {
  const [what, ...rest] = args;
  if (what === undefined || what === '')
    throw argumentError('dashboard: give a dashboard file or the name of a built-in dashboard');
  const vars = parseVarArgs(rest, 'dashboard');
  const dashboard = await dashboardOrThrow(what);
  const unknown = unknownVars(dashboard, vars);
  if (unknown.length > 0)
    throw argumentError(`dashboard: ${dashboard.title} has no variable ${unknown.join(', ')}`);
  // A script has no screen: the file was read and checked, and that is all it can do.
  if (!env.services.interactive)
    throw argumentError(`dashboard: ${what} needs a terminal (the shell, or routersh dash FILE)`);
  return { kind: 'pane', spec: { pane: 'dashboard', dashboard, vars } };
};
