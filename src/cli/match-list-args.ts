// `routersh match-list …` argv: the usual connection flags (resolved by main.ts) apart from
// the sub-command's own words, which src/run/match-list/args.ts parses (shared with the shell).
import { type Flags, splitConnectionArgs } from './args.js';

export interface MatchListArgv {
  connection: Flags;
  /** `import LIST FILE …` with `--json` kept (it is both an output flag and the summary's). */
  words: string[];
}

export function splitMatchListArgv(argv: string[]): MatchListArgv {
  const { connection, rest } = splitConnectionArgs(argv);
  return { connection, words: connection.json ? [...rest, '--json'] : rest };
}
