// `show … | refresh [SECONDS]` (Junos' `| refresh`): the line without it is run once here, then
// a pane runs it again every SECONDS in place (panes/show/). Only read-only lines (show,
// describe) repeat, `| refresh` is the last pipe, never after `| save` (a file each time), and
// only in the interactive shell: a script runs each line once (exit 2, as a usage error).
import { RoutershError, usageError } from '../errors.js';
import { isReadOnlyCommand, type PipedLine, REFRESH_IN_SCRIPT, REFRESH_SECONDS } from '../lang/pipes.js';
import { scanLine } from '../lang/tokenize.js';
import type { Outcome } from '../contract/outcome.js';

const refused = (message: string, code: 'validation' | 'usage' = 'validation'): { outcome: Outcome } => ({
  outcome: {
    kind: 'error',
    error: code === 'usage' ? usageError(message) : new RoutershError(code, message),
  },
});

/** The line before its last unquoted `|` (the refresh pipe's). */
function before(line: string): string {
  const bars = scanLine(line).tokens.filter((t) => t.text === '|' && !t.quoted);
  return line.slice(0, bars.at(-1)?.start ?? line.length).replace(/[ \t]+$/, '');
}

/**
 * The pane `line` asks for, or why not. `run` runs a line with its pipes (output-pipes.ts), once,
 * so a wrong line is an error on the prompt, not a pane of errors.
 */
export async function refreshOutcome(
  line: string,
  piped: PipedLine,
  interactive: boolean,
  run: (line: string) => Promise<{ outcome: Outcome }>,
): Promise<{ outcome: Outcome }> {
  const at = piped.pipes.findIndex((p) => p.spec.name === 'refresh');
  const call = piped.pipes[at]!;
  if (at !== piped.pipes.length - 1) return refused("'| refresh' is the last pipe of a line");
  if (!isReadOnlyCommand(piped.command))
    return refused("'| refresh' repeats only show and describe lines (read-only)");
  if (piped.pipes.some((p) => p.spec.name === 'save')) return refused("'| save' cannot be refreshed");
  if (!interactive) return refused(REFRESH_IN_SCRIPT, 'usage');
  const everySeconds = call.args[0] === undefined ? REFRESH_SECONDS.default : Number(call.args[0]);
  const inner = before(line);
  const first = await run(inner);
  const o = first.outcome;
  if (o.kind === 'error') return first;
  const text = o.kind === 'router' || o.kind === 'text' || o.kind === 'context' ? o.text : '';
  return { outcome: { kind: 'pane', spec: { pane: 'show', line: inner, everySeconds, first: text } } };
}
