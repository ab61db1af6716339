// Runs a line with its output pipes (lang/pipes.ts): the command without them through the
// runner, then each pipe over the output, left to right. Pipes act on the text a command
// prints (router output and built-ins alike); `| json` swaps in the result as --json prints
// it; `| save` is the one side effect (a new file, never an overwrite).
import { argumentError, RoutershError } from '../errors.js';
import type { ScannedLine } from '../lang/index.js';
import { type PipeCall, splitPipes } from '../lang/pipes.js';
import { compileSearchRegex, loadRegexEngine, takeRegexWanted } from '../lang/regex.js';
import { holdsToken } from '../term/mask-secrets.js';
import { saveFile } from '../term/save-file.js';
import { jsonText } from '../term/sanitize.js';
import type { Outcome } from '../contract/outcome.js';
import { NO_IO, type RunIo, type RunState, type Services } from '../contract/services.js';
import { graphOutcome } from './graph-pipe.js';
import { refreshOutcome } from './refresh-pipe.js';
import { runLineNoted } from './runner.js';
import { unstreamed } from './streamed-show.js';

export interface PipedOutcome {
  outcome: Outcome;
  /** False when a pipe (`no-more`) says this output is never paged. */
  page: boolean;
  /** A one-time note to show before the output (runner.ts). */
  note?: string;
  /** A warning to show before the output, each time (runner.ts). */
  warning?: string;
}

export async function runPiped(
  line: string,
  state: RunState,
  services: Services,
  signal: AbortSignal,
  io: RunIo = NO_IO,
  scan?: ScannedLine,
): Promise<PipedOutcome> {
  let piped = splitPipes(line, scan);
  // `| match`/`| except` are judged by RE2, loaded only when such a pipe asked for it (the split
  // answered provisionally); then the line is split again, for real.
  if (takeRegexWanted()) {
    await loadRegexEngine();
    piped = splitPipes(line, scan);
  }
  // Pipes work on the whole output: nothing is written while it arrives.
  if (piped.pipes.length > 0) io = unstreamed(io);
  const e = piped.error;
  if (e) {
    const error = new RoutershError('validation', e.message, { column: e.column + 1, word: e.wordIndex });
    return { outcome: { kind: 'error', error, at: e }, page: true };
  }
  if (piped.pipes.some((p) => p.spec.name === 'refresh')) {
    const run = (inner: string) => runPiped(inner, state, services, signal, io);
    const { outcome } = await refreshOutcome(line, piped, services.interactive, run);
    return { outcome, page: true };
  }
  if (piped.pipes.some((p) => p.spec.name === 'graph')) {
    const { outcome } = await graphOutcome(piped, state, services, signal);
    return { outcome, page: true };
  }
  const { outcome, note, warning } = await runLineNoted(
    piped.command,
    state,
    services,
    signal,
    io,
    piped.scan,
  );
  const page = !piped.pipes.some((p) => p.spec.name === 'no-more');
  const filters = piped.pipes.filter((p) => p.spec.name !== 'no-more');
  const out = filters.length ? await applyPipes(outcome, filters) : outcome;
  return { outcome: out, page, ...(note ? { note } : {}), ...(warning ? { warning } : {}) };
}

/** The output as text and as --json prints it; undefined for outcomes that print nothing. */
function outputOf(o: Outcome): { text: string; json: unknown } | undefined {
  switch (o.kind) {
    case 'router':
      return { text: o.text, json: o.envelope.raw };
    case 'text':
      return { text: o.text, json: o.json };
    case 'context':
      return { text: o.text, json: { context: o.context } };
    default:
      return undefined;
  }
}

const linesOf = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
const textOf = (lines: readonly string[]): string => (lines.length ? `${lines.join('\n')}\n` : '');

async function applyPipes(outcome: Outcome, pipes: readonly PipeCall[]): Promise<Outcome> {
  if (outcome.kind === 'error' || outcome.kind === 'exit' || outcome.kind === 'empty') return outcome;
  if (outcome.kind === 'pane') {
    const error = argumentError(`output pipes act on text; '${pipes[0]!.spec.name}' cannot follow a pane`);
    return { kind: 'error', error };
  }
  let cur = outputOf(outcome)!;
  for (const p of pipes) {
    try {
      cur = await applyOne(cur, p);
    } catch (e) {
      return { kind: 'error', error: e instanceof RoutershError ? e : argumentError(String(e)) };
    }
  }
  // A context move still moves: only what it prints is piped.
  if (outcome.kind === 'context') return { ...outcome, text: cur.text };
  return { kind: 'text', text: cur.text, json: cur.json };
}

async function applyOne(cur: { text: string; json: unknown }, p: PipeCall) {
  const arg = p.args[0] ?? '';
  const lines = linesOf(cur.text);
  switch (p.spec.name) {
    case 'match':
    case 'except': {
      const rx = compileSearchRegex(arg);
      if (!rx.ok) throw argumentError(`bad regex: ${rx.message}`); // checked at the parse already
      const keep = p.spec.name === 'match';
      const kept = lines.filter((l) => rx.test(l) === keep);
      return { text: textOf(kept), json: { lines: kept } };
    }
    case 'count':
      return {
        text: `Count: ${lines.length} line${lines.length === 1 ? '' : 's'}\n`,
        json: { count: lines.length },
      };
    case 'last': {
      const kept = lines.slice(-Number(arg));
      return { text: textOf(kept), json: { lines: kept } };
    }
    case 'json':
      return { text: `${jsonText(cur.json, 2)}\n`, json: cur.json };
    case 'save':
      await save(arg, cur.text);
      return {
        text: `Wrote ${lines.length} line${lines.length === 1 ? '' : 's'} to ${arg}\n`,
        json: { wrote: lines.length, file: arg },
      };
    default:
      throw argumentError(`pipe '${p.spec.name}' is not implemented`);
  }
}

/**
 * A new file, 0644 whatever the umask — 0600 when the output holds a token (`create-token`);
 * an existing one is never overwritten. Sanitized as if printed.
 */
function save(file: string, text: string): Promise<void> {
  return saveFile(file, text, { mode: holdsToken(text) ? 0o600 : 0o644, who: 'save' });
}
