// The fleet shell's changes as runs (issue 39 items 3-4), the pure part: the script one run
// sends to every host — a change line typed in an `edit` context, or candidate mode's staged
// lines committed as each host's own transaction — and what a built-in means in the fleet's
// candidate mode. The run engine (commands/fleet-run.ts) runs the script from the root of each
// host's session, so a line's context is entered by the script itself.
import { redactLine } from '../../../lang/secrets.js';
import { quoteWord } from '../../../lang/tokenize.js';
import { sanitizeLine } from '../../../term/sanitize.js';

/** A line as typed in the fleet shell, with the `edit` context it was typed in. */
export interface FleetStaged {
  readonly line: string;
  readonly context: readonly string[];
}

const editLine = (context: readonly string[]): string => `edit ${context.map(quoteWord).join(' ')}`;

/** The lines from the root that run `staged` each in its own context (`top`/`edit` between them). */
function inContexts(staged: readonly FleetStaged[]): string[] {
  const out: string[] = [];
  let at = '';
  for (const s of staged) {
    const want = s.context.length ? editLine(s.context) : '';
    if (want !== at) {
      if (at) out.push('top');
      if (want) out.push(want);
      at = want;
    }
    out.push(s.line);
  }
  if (at) out.push('top');
  return out;
}

/** One change line as a run's script: its context entered first. */
export const changeScript = (line: string, context: readonly string[]): string[] =>
  context.length ? [editLine(context), line] : [line];

/**
 * Candidate mode's commit as a run's script: on each host its own candidate mode, the staged
 * lines (checked again there, against its live metadata), one `commit` — a transaction, reverted
 * by itself when a request of it fails — and `end`, leaving the host's candidate mode.
 */
export function commitScript(staged: readonly FleetStaged[], comment?: string): string[] {
  return [
    'configure',
    ...inContexts(staged),
    comment !== undefined ? `commit comment ${quoteWord(comment)}` : 'commit',
    'end',
  ];
}

/**
 * What a built-in does in the fleet's candidate mode: the fleet's own meaning (`commit`, `compare`
 * alone, `discard`, `rollback 0`, `end`), refused (it would change the hosts at once), or as
 * outside it.
 */
export type CandidateBuiltin =
  | { kind: 'commit'; comment?: string }
  | { kind: 'compare' }
  | { kind: 'discard' }
  | { kind: 'end' }
  | { kind: 'configure' }
  | { kind: 'refused'; message: string }
  | { kind: 'as-outside' };

const AT_ONCE: Readonly<Record<string, (args: readonly string[]) => boolean>> = {
  undo: () => true,
  'confirm-within': () => true,
  confirm: () => true,
  'match-list': (args) => args[0] === 'import' || args[0] === 'sync',
  config: (args) => args[0] === 'load' && !args.includes('--dry-run'),
};

export function candidateBuiltin(name: string, args: readonly string[]): CandidateBuiltin {
  switch (name) {
    case 'configure':
      return { kind: 'configure' };
    case 'discard':
      return { kind: 'discard' };
    case 'end':
      return { kind: 'end' };
    case 'compare':
      return args.length === 0 ? { kind: 'compare' } : { kind: 'as-outside' };
    case 'rollback':
      return args.length === 1 && /^0+$/.test(args[0]!)
        ? { kind: 'discard' }
        : {
            kind: 'refused',
            message: 'rollback changes the hosts at once: in candidate mode, commit or discard first',
          };
    case 'commit': {
      if (args.length === 0) return { kind: 'commit' };
      if (args[0] === 'comment' && args.length > 1)
        return { kind: 'commit', comment: args.slice(1).join(' ') };
      return {
        kind: 'refused',
        message: `commit ${args[0]} is one router's: across hosts, 'commit' sends the staged lines as one run (its waves, gates and windows from the command line that opened the shell)`,
      };
    }
  }
  if (AT_ONCE[name]?.(args)) {
    const what = name === 'match-list' || name === 'config' ? `${name} ${args[0]}` : name;
    return {
      kind: 'refused',
      message: `${what} changes the hosts at once: in candidate mode, commit or discard first`,
    };
  }
  return { kind: 'as-outside' };
}

/** `compare` in the fleet's candidate mode: the staged lines, each with its context, as `+ LINE`. */
export function stagedText(staged: readonly FleetStaged[], hosts: number): string {
  if (staged.length === 0) return 'nothing staged\n';
  // Secret values as `***`, as the one-router candidate's compare shows them.
  const rows = staged.map(
    (s) => `+ ${sanitizeLine(`${s.context.length ? `(${s.context.join(' ')}) ` : ''}${redactLine(s.line)}`)}`,
  );
  const n = staged.length;
  return `${rows.join('\n')}\n${n} line${n === 1 ? '' : 's'} staged for ${hosts} host${hosts === 1 ? '' : 's'}: commit sends them as one run\n`;
}
