// The words of `match-list import|export|sync …`, shared by the shell built-in and the command
// line (`routersh match-list …`). Pure: words in, a description out, usage errors thrown.
import { argumentError } from '../../errors.js';

export const DEFAULT_CONCURRENCY = 16;
const MAX_CONCURRENCY = 256;

export interface InputArgs {
  list: string;
  /** A path, or `-` for stdin. */
  file: string;
  /** Header name, or a 1-based column number (then the file has no header row). */
  csv?: string;
  concurrency: number;
  keepGoing: boolean;
  json: boolean;
  /** --allow-broad: send entries broader than /8 (IPv4) or /32 (IPv6). */
  allowBroad: boolean;
  /** --allow-own-address: send entries that cover routersh's own address. */
  allowOwnAddress: boolean;
}

export type MatchListArgs =
  | ({ cmd: 'import' } & InputArgs)
  | { cmd: 'export'; list: string; json: boolean }
  | ({ cmd: 'sync'; dryRun: boolean; keep: boolean } & InputArgs);

export const MATCH_LIST_USAGE = [
  'usage: match-list import LIST FILE|- [--csv COLUMN] [--concurrency N] [--keep-going] [--allow-broad] [--allow-own-address] [--json]',
  '       match-list export LIST [--json]',
  '       match-list sync LIST FILE|- [--dry-run|--keep] [--csv COLUMN] [--concurrency N] [--keep-going] [--allow-broad] [--allow-own-address] [--json]',
].join('\n');

/** Every flag of the three sub-commands: the parser reads it, and so does completion. */
export const MATCH_LIST_FLAGS: Readonly<Record<string, { value: boolean; cmds: readonly string[] }>> = {
  '--csv': { value: true, cmds: ['import', 'sync'] },
  '--concurrency': { value: true, cmds: ['import', 'sync'] },
  '--keep-going': { value: false, cmds: ['import', 'sync'] },
  '--json': { value: false, cmds: ['import', 'export', 'sync'] },
  '--dry-run': { value: false, cmds: ['sync'] },
  '--keep': { value: false, cmds: ['sync'] },
  '--allow-broad': { value: false, cmds: ['import', 'sync'] },
  '--allow-own-address': { value: false, cmds: ['import', 'sync'] },
};

export function parseMatchListArgs(words: readonly string[]): MatchListArgs {
  const [cmd, ...rest] = words;
  if (cmd !== 'import' && cmd !== 'export' && cmd !== 'sync') {
    throw argumentError(
      cmd === undefined
        ? `match-list needs a sub-command\n${MATCH_LIST_USAGE}`
        : `unknown sub-command '${cmd}'\n${MATCH_LIST_USAGE}`,
    );
  }
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (!w.startsWith('--')) {
      positional.push(w);
      continue;
    }
    const eq = w.indexOf('=');
    const name = eq < 0 ? w : w.slice(0, eq);
    const spec = MATCH_LIST_FLAGS[name];
    if (!spec?.cmds.includes(cmd)) throw argumentError(`match-list ${cmd}: unknown flag ${name}`);
    if (!spec.value) {
      if (eq >= 0) throw argumentError(`match-list ${cmd}: ${name} takes no value`);
      flags.set(name, '');
      continue;
    }
    const v = eq >= 0 ? w.slice(eq + 1) : rest[++i];
    if (v === undefined || v === '') throw argumentError(`match-list ${cmd}: ${name} needs a value`);
    flags.set(name, v);
  }
  const want = cmd === 'export' ? 1 : 2;
  if (positional.length !== want) {
    throw argumentError(
      `match-list ${cmd} takes ${cmd === 'export' ? 'LIST' : 'LIST and FILE (or - for stdin)'}\n${MATCH_LIST_USAGE}`,
    );
  }
  const list = positional[0]!;
  const json = flags.has('--json');
  if (cmd === 'export') return { cmd, list, json };
  const c = flags.get('--concurrency');
  const concurrency = c === undefined ? DEFAULT_CONCURRENCY : Number(c);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) {
    throw argumentError(`match-list ${cmd}: --concurrency must be 1-${MAX_CONCURRENCY}, not ${c}`);
  }
  const csv = flags.get('--csv');
  const input: InputArgs = {
    list,
    file: positional[1]!,
    concurrency,
    keepGoing: flags.has('--keep-going'),
    json,
    allowBroad: flags.has('--allow-broad'),
    allowOwnAddress: flags.has('--allow-own-address'),
    ...(csv !== undefined ? { csv } : {}),
  };
  if (cmd === 'import') return { cmd, ...input };
  const dryRun = flags.has('--dry-run');
  const keep = flags.has('--keep');
  if (dryRun && keep) throw argumentError('match-list sync: --dry-run and --keep do not go together');
  if (keep && input.file === '-')
    throw argumentError('match-list sync --keep re-reads FILE each round: give a file, not -');
  return { cmd, dryRun, keep, ...input };
}
