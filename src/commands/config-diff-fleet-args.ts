// `config diff` with an inventory, its arguments: `-i INV`, `--limit P`, `--forks N`, `--ref
// HOST`, `--exit-code`, the connection and output flags, then WORD… [members]. Apart from the
// run (config-diff-fleet.ts) so that parsing `routersh config …` loads no inventory or session code.
import { type Flags, splitConnectionArgs } from '../cli/args.js';
import { usageError } from '../errors.js';

export interface FleetDiffArgs {
  flags: Flags;
  words: string[];
  members: boolean;
  ref?: string;
  exitCode: boolean;
}

const USAGE = 'routersh -i INV [--limit P] config diff [--ref HOST] [WORD…] [members] [--exit-code] [--json]';
/** The fleet flags `config diff` takes itself (the others are refused: a diff changes nothing). */
const FLEET_VALUED = new Set(['-i', '--inventory', '--limit', '--forks', '--ref']);

/** `diff …` with -i, --inventory, --limit or --ref: the fleet's diff; undefined: the two-sided one. */
export function parseFleetDiffArgs(argv: readonly string[]): FleetDiffArgs | undefined {
  const valued: Record<string, string> = {};
  const others: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [name, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    if (!FLEET_VALUED.has(name)) {
      others.push(a);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw usageError(`config diff: ${name} needs a value (${USAGE})`);
    valued[name === '-i' ? '--inventory' : name] = value;
  }
  if (Object.keys(valued).length === 0) return undefined;
  const exitCode = others.includes('--exit-code');
  const { connection, rest } = splitConnectionArgs(others.filter((w) => w !== '--exit-code'));
  const bad = rest.find((w) => w.startsWith('-'));
  if (bad) throw usageError(`config diff: unknown flag ${bad} (${USAGE})`);
  const members = rest[rest.length - 1] === 'members';
  const words = members ? rest.slice(0, -1) : rest;
  const fleet = {
    ...connection.fleet,
    ...(valued['--inventory'] !== undefined ? { inventory: valued['--inventory'] } : {}),
    ...(valued['--limit'] !== undefined ? { limit: valued['--limit'] } : {}),
    ...(valued['--forks'] !== undefined ? { forks: valued['--forks'] } : {}),
  };
  return {
    flags: { ...connection, fleet },
    words,
    members,
    ...(valued['--ref'] !== undefined ? { ref: valued['--ref'] } : {}),
    exitCode,
  };
}
