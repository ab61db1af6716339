// `routersh -i INV [--limit P]` on a terminal, no -c/-f: the fleet shell (issue 39 item 3), the
// one Ink shell on a session over the selected hosts (session/fleet-shell.ts). `--demo
// --routers N` opens it on N simulated routers started in this process (session/demo.ts).
import type { Flags } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import type { Config } from '../config/config.js';
import type { Inventory } from '../contract/fleet.js';
import type { FleetShellSession } from '../session/fleet-shell.js';
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
  // A wrong --forks is refused before a simulated fleet starts.
  forksOf(flags);
  let base = commandConfig(flags, io);
  const { loadInventory } = await import('../features/fleet/inventory/index.js');
  let inventory: Inventory;
  let closeDemo = async () => {};
  if (flags.demo && flags.fleet?.routers !== undefined) {
    // N simulated routers in this process, and their one telemetry service (session/demo.ts).
    const demo = await (await import('../session/demo.js')).startDemoFleet({ routers: flags.fleet.routers });
    inventory = demo.inventory;
    closeDemo = demo.close;
    base = Object.freeze({ ...base, telemetryKey: demo.telemetryKey });
  } else inventory = await loadInventory({ env: io.env, flags });
  try {
    const session = await openFleetShellOf(flags, io, { base, inventory });
    try {
      const { runShell } = await import('../shell/shell.js');
      const where = `${session.hosts().length} hosts of ${inventory.source}`;
      const telemetryUrl = session.hosts()[0]?.telemetryUrl ?? base.telemetryUrl;
      const welcome = Object.freeze({ ...base, router: where, ...(telemetryUrl ? { telemetryUrl } : {}) });
      return await runShell(session, welcome, io, { demo: flags.demo });
    } finally {
      await session.close();
    }
  } finally {
    await closeDemo();
  }
}

/**
 * The fleet shell's session on the selection: THE line runner, and its changes made as runs with
 * this command line's fleet flags (fleet-run-shell.ts). The Ink shell runs on it.
 */
export async function openFleetShellOf(
  flags: Flags,
  io: CommandIo,
  given?: { base: Readonly<Config>; inventory: Inventory },
): Promise<FleetShellSession> {
  const forks = forksOf(flags);
  const base = given?.base ?? commandConfig(flags, io);
  const warn = (m: string) => io.err(`warning: ${sanitizeLine(m)}\n`);
  const [{ openFleetShell }, { runPiped }, { loadInventory, selectHosts }, { fleetRunPort }] =
    await Promise.all([
      import('../session/fleet-shell.js'),
      import('../run/output-pipes.js'),
      import('../features/fleet/inventory/index.js'),
      import('./fleet-run-shell.js'),
    ]);
  const inventory = given?.inventory ?? (await loadInventory({ env: io.env, flags }));
  return openFleetShell(base, inventory, {
    env: io.env,
    warn,
    pattern: flags.fleet?.limit,
    select: (p) => selectHosts(inventory, p),
    forks,
    runPiped: (line, state, services, signal, runIo) => runPiped(line, state, services, signal, runIo),
    runs: fleetRunPort(flags, base, io, forks),
  });
}
