// `routersh completion bash|zsh|fish`: prints the completion script for that shell. The
// scripts know nothing of routersh's flags or words: on Tab they ask `routersh __complete`
// (complete.ts), so a new flag or command completes without a new script.
import { COMPLETION_SHELLS, type CompletionShell } from '../cli/command-options.js';
import { OK, usageError } from '../errors.js';
import type { Command } from './command.js';
import { completionScript } from './completion/scripts.js';

export const command: Command<CompletionShell> = {
  parse(argv) {
    const [shell, extra] = argv;
    const known = COMPLETION_SHELLS.join(', ');
    if (shell === undefined) throw usageError(`completion needs a shell: ${known}`);
    if (!(COMPLETION_SHELLS as readonly string[]).includes(shell))
      throw usageError(`no completion for '${shell}': ${known}`);
    if (extra !== undefined) throw usageError(`completion takes one shell, not '${extra}'`);
    return shell as CompletionShell;
  },
  async run(shell, io) {
    io.out(completionScript(shell));
    return OK;
  },
};
