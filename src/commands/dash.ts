// `routersh dash`: a dashboard file checked (`--validate FILE…`: every mistake as FILE:LINE,
// exit 2), a Grafana export imported (`import …`, dash-import.ts), or a dashboard opened
// full-screen (`FILE [connection] [--var NAME=VALUE]…`, dash-open.ts). FILE may name a
// built-in dashboard (`overview`).
import { configError, type Ending, failed, OK, usageError } from '../errors.js';
import { dashboardOrThrow, readDashboard } from '../features/dashboards/dashboard-file.js';
import { dashIssueLines } from '../features/dashboards/validate.js';
import { unknownVars } from '../features/dashboards/var-args.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';
import type { Command } from './command.js';
import { startCheck } from './start-check.js';
import { type DashArgs, parseDashArgs } from './dash-args.js';

interface Out {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

/** `--validate`: `FILE: ok (N panels, M variables)` with any warnings, or every issue. */
export async function validateDashboards(files: readonly string[], io: Out): Promise<Ending> {
  let bad = 0;
  for (const path of files) {
    const r = await readDashboard(path);
    const file = sanitizeLine(r.file);
    // The issues quote the file (an unknown key): sanitized, one line each.
    if (!r.ok) {
      bad++;
      io.stderr(`${sanitizeText(dashIssueLines(file, r.issues))}\n`);
      continue;
    }
    if (r.warnings.length) io.stderr(`${sanitizeText(dashIssueLines(file, r.warnings))}\n`);
    const d = r.dashboard;
    const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
    io.stdout(`${file}: ok (${n(d.panels.length, 'panel')}, ${n(d.variables.length, 'variable')})\n`);
  }
  return bad ? failed(configError(`${bad} dashboard file(s) with mistakes`)) : OK;
}

export const command: Command<DashArgs> = {
  parse: parseDashArgs,
  record: (args) => (args.kind === 'open' ? args.flags.record : undefined),
  async run(args, io) {
    switch (args.kind) {
      case 'validate':
        return validateDashboards(args.files, { stdout: io.out, stderr: io.err });
      case 'import':
        return (await import('./dash-import.js')).runDashImport(args.argv, io);
      case 'open': {
        await startCheck(io, { connection: args.flags });
        const dashboard = await dashboardOrThrow(args.file);
        // A name given twice, or VALUE,VALUE: several values of a multi-value variable.
        const vars: Record<string, string[]> = {};
        for (const [name, value] of args.vars)
          vars[name] = [...(vars[name] ?? []), ...value.split(',').filter((v) => v !== '')];
        const unknown = unknownVars(dashboard, vars);
        if (unknown.length)
          throw usageError(`dash: ${dashboard.title} has no variable ${unknown.join(', ')}`);
        return (await import('./dash-open.js')).openDashboard(args.flags, io, {}, { dashboard, vars });
      }
    }
  },
};
