// A whole line's completion, as Tab computes it: after the command's first `|` the output
// pipes (pipes.ts), before it the command (complete.ts). The shell's Tab
// (shell/completion-lookup.ts) and `routersh __complete` (the words of `-c '…'`) both come here,
// so a line completes the same in the shell and on the command line.
import { complete, completeSync } from './complete.js';
import { completePipe, pipeStart } from './pipes.js';
import type { Completion, EngineDeps, SyncView } from './types.js';

export interface LineAt {
  text: string;
  cursor: number;
}

/** The command without its output pipes: what is classified and completed (same columns). */
export function commandOf(line: LineAt): LineAt {
  const p = pipeStart(line.text);
  return p === undefined ? line : { text: line.text.slice(0, p), cursor: Math.min(line.cursor, p) };
}

/** From the cache only; 'pending' when metadata (or a dynamic slot) is missing. */
export function completeLineSync(line: LineAt, view: SyncView): Completion | 'pending' {
  const cmd = commandOf(line);
  return completePipe(line.text, line.cursor) ?? completeSync(cmd.text, cmd.cursor, view);
}

/** Fetching the metadata it needs (through the cache), abandoned when `signal` aborts. */
export async function completeLine(line: LineAt, deps: EngineDeps, signal: AbortSignal): Promise<Completion> {
  const pipe = completePipe(line.text, line.cursor);
  if (pipe) return pipe;
  const cmd = commandOf(line);
  return complete(cmd.text, cmd.cursor, deps, signal);
}
