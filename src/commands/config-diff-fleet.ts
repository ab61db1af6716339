// `routersh -i INV [--limit P] [--forks N] config diff [--ref HOST] [WORD…] [members]
// [--exit-code] [--json]`: the selected hosts' configurations (or the subtree under WORD…) read
// side by side, read-only (no journal), and compared (features/fleet/diff/): the lines every host
// has, then each line with the hosts that have it and those that do not; with --ref, each host
// against HOST. Exit as `config diff`: 0, 1 with --exit-code when the hosts differ, 2 usage,
// 3 when no host could be reached, 4 when some hosts could not be read and others could.
import type { CommandIo } from '../contract/command-io.js';
import type { FleetHost } from '../contract/fleet.js';
import {
  asRoutershError,
  type Ending,
  failed,
  fleetEnding,
  isRoutershError,
  OK,
  RoutershError,
  usageError,
} from '../errors.js';
import type { FleetDiffArgs } from './config-diff-fleet-args.js';
import { lineText } from '../features/config/line-text.js';
import { readConfig } from '../features/config/walk.js';
import { diffFleet, fleetDiffJson, fleetDiffText } from '../features/fleet/diff/fleet-diff.js';
import { loadInventory, selectHosts } from '../features/fleet/inventory/index.js';
import { parseForks } from '../features/fleet/run/pool.js';
import { commandConfig } from '../session/connect.js';
import { openFleet } from '../session/fleet.js';
import { jsonText, sanitizeLine, sanitizeText } from '../term/sanitize.js';

/**
 * The router refused the subtree's own path (or a word of it): that host has nothing there, as a
 * host of another shape has no `interface` (its lines are all missing, not an unread host).
 */
function notThere(e: unknown, under: readonly string[]): boolean {
  if (under.length === 0 || !isRoutershError(e) || e.code !== 'rejected') return false;
  // The router's own refusal (400 with an ErrorStatus), not an overloaded or failing one (503).
  const d = e.details as { path?: unknown; status?: unknown; errorStatus?: unknown };
  if (d.status !== 400 || typeof d.errorStatus !== 'string') return false;
  return Array.isArray(d.path) && d.path.length <= under.length && d.path.every((w, i) => w === under[i]);
}

/** Each host's lines, or why it could not be read; in completion order. */
async function readHosts(
  args: FleetDiffArgs,
  io: CommandIo,
  hosts: readonly FleetHost[],
  forks: number,
  signal: AbortSignal,
): Promise<{ read: { host: string; lines: string[] }[]; unread: { host: string; error: RoutershError }[] }> {
  const { router: _, ...flags } = args.flags;
  const base = commandConfig(flags, io);
  const fleet = openFleet(base, hosts, {
    env: io.env,
    warn: (m) => io.err(`warning: ${sanitizeLine(m)}\n`),
    journal: false,
  });
  const progress = io.stderr.isTTY && !base.json;
  const read: { host: string; lines: string[] }[] = [];
  const unread: { host: string; error: RoutershError }[] = [];
  try {
    await fleet.each(
      async (_host, session, s) => {
        try {
          const doc = await readConfig(
            { state: { context: [] }, services: session.services, io: {}, signal: s },
            { under: args.words, members: args.members },
          );
          return doc.lines.map(lineText);
        } catch (e) {
          if (notThere(e, args.words)) return [];
          throw e;
        }
      },
      {
        forks,
        signal,
        closeAfter: true,
        onResult: (o) => {
          if (o.ok) read.push({ host: o.host.name, lines: o.value });
          else unread.push({ host: o.host.name, error: asRoutershError(o.error) });
          if (progress)
            io.err(
              `\r\x1b[2Kread ${read.length + unread.length}/${hosts.length} hosts, ${unread.length} failed`,
            );
        },
      },
    );
  } finally {
    if (progress) io.err('\r\x1b[2K');
    await fleet.close();
  }
  return { read, unread };
}

export async function runFleetConfigDiff(args: FleetDiffArgs, io: CommandIo): Promise<Ending> {
  if (args.flags.router !== undefined)
    throw usageError("--router cannot be used with an inventory: each host's router comes from it");
  const forks = parseForks(args.flags.fleet?.forks);
  if (typeof forks !== 'number') throw usageError(forks.error);
  const controller = new AbortController();
  const stopInterrupt = io.onInterrupt(() => controller.abort());
  try {
    const inventory = await loadInventory({ env: io.env, flags: args.flags, signal: controller.signal });
    const hosts = await selectHosts(inventory, args.flags.fleet?.limit);
    if (args.ref !== undefined && !hosts.some((h) => h.name === args.ref))
      throw usageError(`--ref ${sanitizeLine(args.ref)}: not among the ${hosts.length} hosts selected`);
    const { read, unread } = await readHosts(args, io, hosts, forks, controller.signal);
    for (const u of unread) io.err(`${sanitizeLine(u.host)}: ${sanitizeLine(u.error.message)}\n`);
    const refUnread = unread.find((u) => u.host === args.ref);
    if (refUnread) return failed(refUnread.error);
    const d = diffFleet(read, args.ref);
    const why = unread.map((u) => ({ host: u.host, error: u.error.message }));
    io.out(
      args.flags.json
        ? `${jsonText(fleetDiffJson(d, why), 0)}\n`
        : sanitizeText(fleetDiffText(d, sanitizeLine)),
    );
    if (unread.length > 0)
      return fleetEnding(
        hosts.length,
        unread.map((u) => u.error),
        unread.length,
      );
    return d.differs && args.exitCode
      ? failed(new RoutershError('command_failed', "the hosts' configurations differ"))
      : OK;
  } finally {
    stopInterrupt();
  }
}
