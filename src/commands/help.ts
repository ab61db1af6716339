// `routersh help [COMMAND]`, and what `routersh COMMAND --help` (or `-h`, or `help` alone)
// becomes (index.ts): the main help, or the command's own, from the tables the man page is
// made of too (cli/help-tables.ts, cli/command-help.ts). Exit 0.
import { HELP } from '../cli/args.js';
import { COMMAND_HELP, isHelpedCommand } from '../cli/command-help.js';
import { commandHelpText } from '../cli/help-text.js';
import { OK, usageError } from '../errors.js';
import type { Command } from './command.js';

export const command: Command<string> = {
  parse(argv) {
    const [name, extra] = argv;
    if (extra !== undefined) throw usageError(`help takes one command, not '${extra}'`);
    if (name === undefined || name === '--help' || name === '-h') return HELP;
    if (!isHelpedCommand(name))
      throw usageError(`no command '${name}' (commands: ${Object.keys(COMMAND_HELP).join(', ')})`);
    return commandHelpText(COMMAND_HELP[name]);
  },
  async run(text, io) {
    io.out(text);
    return OK;
  },
};
