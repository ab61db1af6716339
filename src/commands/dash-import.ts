// `routersh dash import GRAFANA.json [-o FILE]`: a stub until the Grafana import lands (its
// branch owns this file and replaces it whole).
import type { CommandIo } from '../contract/command-io.js';
import { type Ending, usageError } from '../errors.js';

export async function runDashImport(_argv: string[], _io: CommandIo): Promise<Ending> {
  throw usageError('dash import: not available yet');
}
