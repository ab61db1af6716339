// `routersh -i INV [--limit P]` on a terminal, no -c/-f: the fleet shell (issue 39 item 3), the
// one Ink shell on a session over the selected hosts (session/fleet-shell.ts). `--demo
// --routers N` opens it on N simulated routers started in this process (session/demo.ts).
import type { Flags } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import type { Inventory } from '../contract/fleet.js';
import { type Ending, usageError } from '../errors.js';
import { commandConfig } from '../session/connect.js';
import { sanitizeLine } from '../term/sanitize.js';

const DEFAULT_FORKS = 10;

function forksOf(flags: Flags): number {
  const f = flags.fleet?.forks;
  if (f === undefined) return DEFAULT_FORKS;
  const n = Number(f);
  if (!/^\d+$/.test(f) || n < 1 || n > 1000)
    throw usageError(`--forks takes a number 1-1000, not '${sanitizeLine(f)}'`);
  return n;
}

export async function runFleetShellSession(flags: Flags, io: CommandIo): Promise<Ending> {
  if (flags.dryRun)
    throw usageError("--dry-run is for -c, -f and stdin; in the shell, start a line with 'dry-run'");
  // Ink renders only a final frame when it thinks it runs in CI (shell.ts says why).
  delete io.env.CI;
  delete io.env.CONTINUOUS_INTEGRATION;
  const forks = forksOf(flags);
  const base = commandConfig(flags, io);
  const { loadInventoryStandIn, selectHostsStandIn } = await import(
    '../features/fleet/shell/inventory-stand-in.js'
  );
  let inventory: Inventory;
  const closeDemo = async () => {};
  if (flags.demo && flags.fleet?.routers !== undefined) {
    throw usageError('--demo --routers N: not yet');
  } else {
    const file = flags.fleet?.inventory ?? io.env.ROUTERSH_INVENTORY;
    if (!file) throw usageError('no inventory: use -i FILE');
    inventory = loadInventoryStandIn(file);
  }
  const warn = (m: string) => io.err(`warning: ${sanitizeLine(m)}\n`);
  try {
    const [{ openFleetShell }, { runPiped }] = await Promise.all([
      import('../session/fleet-shell.js'),
      import('../run/output-pipes.js'),
    ]);
    const session = await openFleetShell(base, inventory, {
      env: io.env,
      warn,
      pattern: flags.fleet?.limit,
      select: (p) => selectHostsStandIn(inventory, p),
      forks,
      runPiped: (line, state, services, signal, runIo) => runPiped(line, state, services, signal, runIo),
    });
    try {
      const { runShell } = await import('../shell/shell.js');
      const where = `${session.hosts().length} hosts of ${inventory.source}`;
      return await runShell(session, Object.freeze({ ...base, router: where }), io, { demo: flags.demo });
    } finally {
      await session.close();
    }
  } finally {
    await closeDemo();
  }
}
