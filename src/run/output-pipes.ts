// Runs a line with its output pipes (lang/pipes.ts): the command without them through the
// runner, then each pipe over the outcome. `no-more` only says the output is not paged.
import { RoutershError } from '../errors.js';
import { splitPipes } from '../lang/pipes.js';
import type { Outcome } from './outcome.js';
import { type RunnerDeps, type RunState, runLine } from './runner.js';

export interface PipedOutcome {
  outcome: Outcome;
  /** False when a pipe (`no-more`) says this output is never paged. */
  page: boolean;
}

export async function runPiped(
  line: string,
  state: RunState,
  deps: RunnerDeps,
  signal: AbortSignal,
): Promise<PipedOutcome> {
  // Junos' `show | compare` is `compare` (journal's view of the session's changes).
  const piped = /^\s*show\s+\|\s*compare\s*$/.test(line) ? splitPipes('compare') : splitPipes(line);
  const e = piped.error;
  if (e) {
    const error = new RoutershError('validation', e.message, { column: e.column + 1, word: e.wordIndex });
    return { outcome: { kind: 'error', error, at: e }, page: true };
  }
  const outcome = await runLine(piped.command, state, deps, signal);
  let page = true;
  for (const p of piped.pipes) {
    if (p.spec.name === 'no-more') page = false;
  }
  return { outcome, page };
}
