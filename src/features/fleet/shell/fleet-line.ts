// What a line typed in the fleet shell is (issue 39): one of the fleet shell's own built-ins
// (`hosts`, `limit PATTERN`, `on HOST CMD`), a built-in that runs once (telemetry, help, the
// history), one refused across hosts (it belongs to one router: `on HOST` names the way), or a
// line that runs on every selected host. Pure: the line is read by THE lexer.
import { LESSON_BUILTINS } from '../../../lang/grammar.js';
import { scanLine } from '../../../lang/tokenize.js';
import { LOCAL_BUILTINS } from '../local-builtins.js';

export type FleetLine =
  | { kind: 'hosts' }
  | { kind: 'limit'; pattern: string }
  | { kind: 'on'; host: string; line: string }
  | { kind: 'usage'; message: string }
  | { kind: 'other' };

export function fleetLineOf(line: string): FleetLine {
  const { tokens } = scanLine(line);
  const [first, second, third] = tokens;
  if (!first || first.quoted) return { kind: 'other' };
  switch (first.text) {
    case 'hosts':
      return tokens.length === 1 ? { kind: 'hosts' } : { kind: 'usage', message: 'hosts takes no argument' };
    case 'limit':
      if (!second || tokens.length > 2)
        return {
          kind: 'usage',
          message: "limit takes one PATTERN (Ansible's syntax; 'limit all' selects every host)",
        };
      return { kind: 'limit', pattern: second.text };
    case 'on':
      if (!second || !third) return { kind: 'usage', message: 'on takes a HOST and a command: on HOST CMD' };
      return { kind: 'on', host: second.text, line: line.slice(third.start) };
    default:
      return { kind: 'other' };
  }
}

/**
 * How a built-in of the single-router shell behaves across the selection; 'undo': on each host,
 * asked once for all of them (each host's session undoes its own changes of this shell).
 */
export type Across = 'each' | 'once' | 'refused' | 'undo';

/**
 * Built-ins by name (grammar.ts's BUILTIN_TABLE): read across the selection, run once in the
 * shell (its own state, telemetry: one service for all), or refused (a window, a checkpoint:
 * one router's; `on HOST` runs them). Unlisted names run on each host. `configure` and, in it,
 * `commit`, `compare`, `discard`, `end` are the fleet's candidate mode (session/fleet-shell.ts).
 */
const ONCE = new Set<string>([...LOCAL_BUILTINS, 'dashboard', ...LESSON_BUILTINS]);
const REFUSED = new Set([
  'compare',
  'checkpoint',
  'checkpoints',
  'confirm-within',
  'confirm',
  'commit',
  'discard',
  'end',
]);

export function acrossOf(builtin: string): Across {
  if (ONCE.has(builtin)) return 'once';
  if (builtin === 'undo' || builtin === 'rollback') return 'undo';
  if (REFUSED.has(builtin)) return 'refused';
  return 'each';
}

export const refusedText = (builtin: string): string =>
  `${builtin} belongs to one router: run it there with 'on HOST ${builtin} ...'`;
