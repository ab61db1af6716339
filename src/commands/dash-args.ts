// `routersh dash`'s argv: `--validate FILE…`, `import …` (dash-import.ts parses its own), or
// `FILE [connection] [--var NAME=VALUE]…` (the main flags, read by parseMainArgs).
import { parseMainArgs } from '../cli/args.js';
import type { DASH_FLAGS } from '../cli/command-options.js';
import type { Flags } from '../config/flags.js';
import { usageError } from '../errors.js';

/** What `routersh dash FILE …` opens: the file (or a built-in's name), the variables chosen, the session's flags. */
export interface DashOpenArgs {
  file: string;
  /** `--var NAME=VALUE`, in order (a name given twice: several values of a multi-value variable). */
  vars: ReadonlyArray<readonly [name: string, value: string]>;
  /** The main flags after FILE (connection, output, --demo…), parsed. */
  flags: Flags;
  /** The words after FILE as typed, `--var`s left out. */
  rest: string[];
}

export type DashArgs =
  | { kind: 'validate'; files: string[] }
  | { kind: 'import'; argv: string[] }
  | ({ kind: 'open' } & DashOpenArgs);

const flag = (name: keyof typeof DASH_FLAGS) => `--${name}`;
const USAGE = 'dash FILE [connection] [--var NAME=VALUE]…, dash --validate FILE…, dash import GRAFANA.json';
const VAR = /^([A-Za-z_]\w*)=(.*)$/s;

export function parseDashArgs(argv: readonly string[]): DashArgs {
  const [first, ...more] = argv;
  if (first === undefined) throw usageError(`dash needs a dashboard file (${USAGE})`);
  if (first === flag('validate')) {
    if (!more.length) throw usageError('dash --validate needs a dashboard file');
    return { kind: 'validate', files: more };
  }
  if (first === 'import') return { kind: 'import', argv: more };
  if (first.startsWith('-')) throw usageError(`dash: unknown flag '${first}' (${USAGE})`);
  const vars: [string, string][] = [];
  const rest: string[] = [];
  for (let i = 0; i < more.length; i++) {
    const w = more[i]!;
    if (w === '--') {
      rest.push(...more.slice(i));
      break;
    }
    const inline = w.startsWith(`${flag('var')}=`) ? w.slice(flag('var').length + 1) : undefined;
    if (w !== flag('var') && inline === undefined) {
      rest.push(w);
      continue;
    }
    const value = inline ?? more[++i];
    if (value === undefined) throw usageError('--var needs NAME=VALUE');
    const m = VAR.exec(value);
    if (!m || /[\u0000-\u001f\u007f-\u009f]/.test(value))
      throw usageError(
        `--var takes NAME=VALUE (a variable's name, then its value), not '${value.replace(/[^\x20-\x7e]/g, '?')}'`,
      );
    vars.push([m[1]!, m[2]!]);
  }
  return { kind: 'open', file: first, vars, flags: parseMainArgs(rest), rest };
}
