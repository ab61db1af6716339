// The non-interactive runner (-c, -f, stdin): one outcome per line, printed plainly or as one
// JSON document per command; stops at the first failure (naming its line) unless --keep-going.
import { paintDiff } from '../term/paint.js';
import { cancelledError, type Ending, failed, type RoutershError } from '../errors.js';
import { jsonText, sanitizeLine, sanitizeText } from '../term/sanitize.js';
import { errorLine } from '../term/error-line.js';
import type { Outcome } from '../contract/outcome.js';
import { runPiped } from '../run/output-pipes.js';
import { splitPipes } from '../lang/pipes.js';
import { type ScannedLine, scanLine } from '../lang/tokenize.js';
import type { RunIo, RunState, Services } from '../contract/services.js';

export interface BatchIO {
  stdout(s: string): void;
  stderr(s: string): void;
}

export interface BatchOptions {
  json: boolean;
  keepGoing: boolean;
  /** How a failing line is named: `line 7` for scripts and stdin, `command 2` for -c. */
  unit: 'line' | 'command';
  signal: AbortSignal;
  /** Check every line and print the requests it would send; send nothing (dry-run-batch.ts). */
  dryRun?: boolean;
  /** What the lines may use of the terminal (a question with a terminal to ask on, stdin for data). */
  runIo?: RunIo;
  /** Colour (config/color.ts): `compare`'s `-`/`+` lines red and green. */
  color?: boolean;
  /** After each line the lesson under way is checked and its note printed (a class's script). */
  lessons?: boolean;
}

/** A command and the line it starts on (a multi-line expression in a script is one command). */
export interface NumberedLine {
  n: number;
  text: string;
}

export async function runBatch(
  lines: Iterable<string | NumberedLine> | AsyncIterable<string | NumberedLine>,
  state: RunState,
  services: Services,
  io: BatchIO,
  o: BatchOptions,
): Promise<Ending> {
  const errors: RoutershError[] = [];
  // The dry-run code loads only for --dry-run.
  const dry = o.dryRun
    ? new (await import('../features/changes/dry-run-batch.js')).DryRun(state, services, io, o)
    : undefined;
  let n = 0;
  for await (const item of lines) {
    let line = typeof item === 'string' ? item : item.text;
    n = typeof item === 'string' ? n + 1 : item.n;
    if (o.signal.aborted) return failed(...errors, cancelledError());
    // `config load` prints its plan and sends nothing with its own --dry-run: run so, not judged.
    const load = dry ? dryConfigLoad(line) : undefined;
    if (load !== undefined) line = load;
    else if (dry) {
      const { error, stop } = await dry.line(line, n);
      if (error) errors.push(error);
      if (stop || (error && !o.keepGoing)) break;
      continue;
    }
    // Tokenized once: the pipe check here and the runner share the scan.
    const scan = scanLine(line);
    const stream = streaming(line, scan, io, o);
    const context = state.context;
    const { outcome, note, warning } = await runPiped(line, state, services, o.signal, stream.runIo, scan); // batch never pages
    if (note) io.stderr(`note: ${note}\n`);
    // The warning quotes the line (a script's bytes): shown sanitized.
    if (warning) io.stderr(`warning: ${sanitizeLine(warning)}\n`);
    const stop = print(outcome, n, state, io, o, stream.wrote());
    if (o.lessons && services.lessons) {
      const said = await services.lessons.afterLine(line, context, outcome, o.signal);
      // Under --json stdout is the commands' JSON documents only: the note goes to stderr.
      if (said) (o.json ? io.stderr : io.stdout)(said);
    }
    const error =
      outcome.kind === 'error' ? outcome.error : outcome.kind === 'text' ? outcome.failure : undefined;
    if (error) {
      errors.push(error);
      if (!o.keepGoing) break;
    }
    if (stop) break;
  }
  dry?.summary();
  return failed(...errors);
}

/** `config load …` with --dry-run after `load` (the global --dry-run reaches the command itself). */
function dryConfigLoad(line: string): string | undefined {
  const [config, load] = scanLine(line).tokens;
  if (config?.text !== 'config' || config.quoted || load?.text !== 'load' || load.quoted) return undefined;
  return `${line.slice(0, load.end)} --dry-run${line.slice(load.end)}`;
}

/**
 * The line's RunIo with `write` (RunIo.write): a command may print as it goes — text sanitized
 * here, JSON pieces (jsonText-made) as they are. Output pipes act on the whole output, so a
 * piped line does not stream. `wrote`: whether the command wrote anything.
 */
function streaming(
  line: string,
  scan: ScannedLine,
  io: BatchIO,
  o: BatchOptions,
): { runIo: RunIo | undefined; wrote: () => boolean } {
  if (splitPipes(line, scan).pipes.length > 0) return { runIo: o.runIo, wrote: () => false };
  let wrote = false;
  const write: NonNullable<RunIo['write']> = (chunk) => {
    wrote = true;
    const out = o.json ? chunk.json : sanitizeText(chunk.text);
    if (out) io.stdout(out);
  };
  return { runIo: { ...o.runIo, write }, wrote: () => wrote };
}

/**
 * Prints one outcome; returns true when the run must end (`exit`). The last write sanitizes:
 * text through sanitizeText, JSON through jsonText (DEL, C1 and bidi characters escaped).
 * `streamed`: the command wrote its output as it went (its JSON document holds its error).
 */
function print(
  outcome: Outcome,
  n: number,
  state: RunState,
  io: BatchIO,
  o: BatchOptions,
  streamed = false,
): boolean {
  const json = (doc: unknown) => io.stdout(`${jsonText(doc)}\n`);
  switch (outcome.kind) {
    case 'empty':
      return false;
    case 'router':
      if (o.json) json(outcome.envelope.raw);
      else io.stdout(sanitizeText(outcome.text));
      return false;
    case 'text':
      if (o.json) json(outcome.json);
      else if (outcome.diff && o.color) io.stdout(paintDiff(sanitizeText(outcome.text)));
      else io.stdout(sanitizeText(outcome.text));
      if (outcome.failure) io.stderr(`${errorLine(outcome.failure)} (${o.unit} ${n})\n`);
      return false;
    case 'context':
      state.context = outcome.context;
      if (o.json) json({ context: outcome.context });
      return false;
    case 'exit':
      return true;
    case 'pane':
      // The telemetry runner renders plain output when not interactive; a pane here is a bug.
      io.stderr('% this command needs a terminal\n');
      return false;
    case 'error': {
      const where = o.unit === 'line' ? `line ${n}` : `command ${n}`;
      io.stderr(`${errorLine(outcome.error)} (${where})\n`);
      if (o.json && !streamed) json({ error: { ...outcome.error.toJSON(), [o.unit]: n } });
      return false;
    }
    default: {
      const never: never = outcome;
      return Boolean(never);
    }
  }
}
