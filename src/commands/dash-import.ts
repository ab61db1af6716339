// `routersh dash import GRAFANA.json [-o FILE]`: a Grafana dashboard export → a routersh
// dashboard file (docs/dashboards.md, "Grafana import"). The YAML goes to FILE or stdout; what
// could not be imported (panels, targets, variables, each with its reason) goes to stderr. Exit
// 0 when something was imported, 1 when nothing was, 2 for bad arguments or a file that is not
// a Grafana dashboard. The export is untrusted: read bounded, depth-checked, sanitized when shown.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readFailure, readFileBoundedSync, sizeText, TooLargeError } from '../config/read-bounded.js';
import { lineOfByte } from '../features/dashboards/nesting.js';
import type { CommandIo } from '../contract/command-io.js';
import { asRoutershError, commandFailedError, type Ending, failed, OK, usageError } from '../errors.js';
import { type GrafanaImport, importedYaml, importGrafana } from '../features/dashboards/grafana-import.js';
import { errorLine } from '../term/error-line.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';

/** Grafana exports are well under 2 MiB (node-exporter-full is 0.5 MiB); anything past this is refused. */
export const MAX_GRAFANA_BYTES = 16 * 1024 * 1024;

const USAGE = 'usage: routersh dash import GRAFANA.json [-o FILE]';

interface Args {
  input: string;
  output?: string;
}

function parse(argv: string[]): Args {
  let values: { output?: string | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { output: { type: 'string', short: 'o' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (e) {
    throw usageError(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const [input, ...more] = positionals;
  if (input === undefined || more.length) throw usageError(USAGE);
  return { input, ...(values.output !== undefined ? { output: values.output } : {}) };
}

/** Page N's file: `dash.yaml` → `dash-2.yaml` (the first page keeps the name). */
export function pageFile(file: string, page: number): string {
  if (page === 1) return file;
  const dot = file.lastIndexOf('.');
  const slash = file.lastIndexOf('/');
  return dot > slash + 1 ? `${file.slice(0, dot)}-${page}${file.slice(dot)}` : `${file}-${page}`;
}

/** The report on stderr: a summary, then one line per thing left out. */
function report(r: GrafanaImport, written: string[]): string {
  const t = r.tally;
  const panels = r.dashboards.reduce((n, d) => n + d.panels.length, 0);
  const lines = [
    `imported ${panels} panel(s): ${t.promqlImported} of ${t.promql} PromQL/MetricsQL and ${t.logsqlImported} of ${t.logsql} LogsQL queries${written.length ? ` → ${written.join(', ')}` : ''}`,
  ];
  if (r.dashboards.length > 1)
    lines.push(`more than 64 panels: written as ${r.dashboards.length} dashboards of at most 64 panels each`);
  // A target left out of a panel whose other targets were imported: said as such.
  for (const s of r.skipped) lines.push(`skipped ${s.partial ? 'in ' : ''}panel "${s.panel}": ${s.why}`);
  for (const v of r.refused) lines.push(`skipped ${v.what}: ${v.why}`);
  for (const n of r.notes) lines.push(`note: ${n}`);
  return `${lines.map(sanitizeLine).join('\n')}\n`;
}

async function run(args: Args, io: CommandIo): Promise<Ending> {
  let text: string;
  try {
    text = readFileBoundedSync(args.input, MAX_GRAFANA_BYTES);
  } catch (e) {
    // Too large: FILE:LINE of the line the limit falls in.
    if (e instanceof TooLargeError)
      throw usageError(
        `${args.input}:${lineOfByte(args.input, MAX_GRAFANA_BYTES)}: larger than ${sizeText(MAX_GRAFANA_BYTES)}, the most an import reads`,
      );
    throw usageError(`cannot read ${args.input}: ${readFailure(e)} (at most ${sizeText(MAX_GRAFANA_BYTES)})`);
  }
  const r = importGrafana(text, args.input);
  const written: string[] = [];
  if (r.dashboards.length) {
    // Each read back by the validator: what --validate would refuse is never written.
    const docs = importedYaml(r, args.input);
    if (args.output !== undefined) {
      for (const [i, doc] of docs.entries()) {
        const file = pageFile(args.output, i + 1);
        try {
          writeFileSync(file, doc);
        } catch (e) {
          throw commandFailedError(`cannot write ${file}: ${readFailure(e)}`);
        }
        written.push(file);
      }
    } else {
      // Titles and expressions came from the file: shown on a terminal sanitized.
      const yaml = docs.join('---\n');
      io.out(io.stdout.isTTY ? sanitizeText(yaml) : yaml);
    }
  }
  io.err(report(r, written));
  if (!r.dashboards.length) throw commandFailedError(`nothing in ${args.input} could be imported`);
  return OK;
}

/** `dash import …`'s argv (after `import`), run with the process's I/O; errors printed as one line. */
export async function runDashImport(argv: string[], io: CommandIo): Promise<Ending> {
  try {
    return await run(parse(argv), io);
  } catch (e) {
    const error = asRoutershError(e);
    io.err(`${errorLine(error)}\n`);
    return failed(error);
  }
}
