// `routersh [connection] [output] [-c CMD…|-f FILE]`: the interactive shell when stdin and
// stdout are a terminal and no commands are given, otherwise the commands as a script.
import { type Flags, HELP, parseMainArgs } from '../cli/args.js';
import { type CommandIo, isTerminal } from '../contract/command-io.js';
import { type Ending, OK, usageError } from '../errors.js';
import type { Command } from './command.js';
import type { SessionStart } from './session-start.js';

declare const __ROUTERSH_VERSION__: string;

/** The shell on a terminal, otherwise the lines of -c, -f or stdin. */
export async function runSession(flags: Flags, io: CommandIo, start: SessionStart = {}): Promise<Ending> {
  // The start rule: a window nobody is left to settle is asked about (a terminal) or said (a
  // script). Imported here, not at the top: --help, --version and a usage error load no state code.
  await (await import('./start-check.js')).startCheck(io, { connection: flags });
  const interactive = isTerminal(io) && flags.commands.length === 0 && flags.file === undefined;
  // `--demo --routers N`: a simulated fleet, then as with an inventory.
  if (!interactive && flags.demo && flags.fleet?.routers !== undefined)
    return (await import('./demo-fleet.js')).runDemoFleetBatch(flags, io);
  // An inventory (-i, ROUTERSH_INVENTORY): the commands on each of its selected hosts.
  if (!interactive && (flags.fleet?.inventory !== undefined || io.env.ROUTERSH_INVENTORY)) {
    const hosts = await (await import('./fleet-hosts.js')).fleetHosts(flags, io);
    return (await import('./fleet-batch.js')).runFleetBatch(flags, io, hosts);
  }
  if (interactive) return (await import('./shell.js')).runShellSession(flags, io, start);
  return (await import('./batch.js')).runBatchSession(flags, io, start);
}

export const command: Command<Flags> = {
  parse: parseMainArgs,
  record: (flags) => (flags.help || flags.version ? undefined : flags.record),
  async run(flags, io) {
    if (flags.help || flags.version) {
      // package.json's version, put in by the build (scripts/build.mjs).
      io.out(flags.help ? HELP : `routersh ${__ROUTERSH_VERSION__}\n`);
      return OK;
    }
    // A fleet of simulated routers exists only in --demo (or `routersh sim --routers N`).
    if (flags.fleet?.routers !== undefined && !flags.demo)
      throw usageError('--routers N goes with --demo (or run routersh sim --routers N and use -i)');
    return runSession(flags, io);
  },
};
