// A fleet run's commands, read once for every host: -c's, a -f file's (a multi-line command
// joined as one router's script does) or stdin's, read whole before the first host starts.
import type { Flags } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import { isRoutershError, usageError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { scriptLines, stdinLines } from './batch.js';

export async function fleetScript(flags: Flags, io: CommandIo): Promise<string[]> {
  if (flags.commands.length) return [...flags.commands];
  const file = flags.file ?? '-';
  const lines: string[] = [];
  try {
    for await (const l of file === '-' ? stdinLines(io) : await scriptLines(file, io))
      lines.push(typeof l === 'string' ? l : l.text);
  } catch (e) {
    // `-f 50` meant as `--forks 50` (the way Ansible spells it): said when no file 50 exists.
    if (isRoutershError(e) && /^\d+$/.test(file) && /ENOENT|no such file/i.test(e.message))
      throw usageError(
        `cannot read script ${sanitizeLine(file)}: no such file (did you mean --forks ${sanitizeLine(file)}? -f reads a script)`,
      );
    throw e;
  }
  // Blank lines and comments are nothing to run on a host.
  return lines.filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
}
