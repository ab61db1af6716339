// A dashboard file read from disk (bounded: a FIFO or /dev/zero costs at most the limit) or a
// built-in one by name, then validated (validate.ts). Every mistake is `FILE:LINE: message`.
import { RoutershError } from '../../errors.js';
import { readFailure, readFileBounded, sizeText, TooLargeError } from '../../config/read-bounded.js';
import { lineOfByte } from './nesting.js';
import { builtinDashboard } from './builtin.js';
import type { Dashboard } from '../../contract/dashboard.js';
import { type DashIssue, dashIssueLines, parseDashboard } from './validate.js';

/** A dashboard file is at most this large (docs/dashboards.md). */
export const MAX_DASHBOARD_BYTES = 1024 * 1024;

export interface DashboardText {
  /** What errors name: the path, or `overview (built-in)`. */
  file: string;
  source: string;
  json: boolean;
}

/** A name without a `/` or an extension that is a built-in names it; anything else is a path. */
export async function readDashboardText(pathOrName: string): Promise<DashboardText> {
  const builtin = /^[\w-]+$/.test(pathOrName) ? builtinDashboard(pathOrName) : undefined;
  if (builtin !== undefined) return { file: `${pathOrName} (built-in)`, source: builtin, json: false };
  try {
    const source = await readFileBounded(pathOrName, MAX_DASHBOARD_BYTES);
    return { file: pathOrName, source, json: /\.json$/i.test(pathOrName) };
  } catch (e) {
    // Too large: FILE:LINE of the line the limit falls in, as every other mistake in a file.
    if (e instanceof TooLargeError)
      throw new RoutershError(
        'config',
        `${pathOrName}:${lineOfByte(pathOrName, MAX_DASHBOARD_BYTES)}: larger than ${sizeText(MAX_DASHBOARD_BYTES)}, the most a dashboard file holds`,
      );
    throw new RoutershError('config', `cannot read dashboard file ${pathOrName}: ${readFailure(e)}`);
  }
}

export type DashboardRead =
  | { ok: true; file: string; dashboard: Dashboard; warnings: DashIssue[] }
  | { ok: false; file: string; issues: DashIssue[] };

/** The file (or built-in) read and validated; an unreadable file throws a `config` error. */
export async function readDashboard(pathOrName: string, now = Date.now()): Promise<DashboardRead> {
  const { file, source, json } = await readDashboardText(pathOrName);
  const r = parseDashboard(source, { json, now });
  return 'dashboard' in r
    ? { ok: true, file, dashboard: r.dashboard, warnings: r.warnings }
    : { ok: false, file, issues: r.issues };
}

/** The dashboard, or a `config` error listing its issues, `; `-separated (exit 2 at the top level). */
export async function dashboardOrThrow(pathOrName: string, now = Date.now()): Promise<Dashboard> {
  const r = await readDashboard(pathOrName, now);
  if (r.ok) return r.dashboard;
  throw new RoutershError('config', dashIssueLines(r.file, r.issues).split('\n').join('; '), {
    issues: r.issues,
  });
}
