// `routersh --help` and each command's: the help tables (help-tables.ts, command-help.ts) laid
// out in columns for a terminal.
import type { CommandHelp } from './command-help.js';
import {
  CONNECTION,
  EXIT_STATUS,
  type FlagRow,
  flagsText,
  KEYS,
  OUTPUT,
  FLEET,
  PIPES,
  PIPES_TITLE,
  SHELL_COMMANDS,
  SHELL_TITLE,
  TITLE,
  USAGE,
} from './help-tables.js';

/** Widths of the left column: a longer synopsis (or flag) gets a line of its own. */
const USAGE_COLUMN = 46;
const FLAG_COLUMN = 25;
const KEY_COLUMN = 8;

/**
 * `  LEFT  text` rows: the text after LEFT padded to `column`, continuation lines under it. A
 * LEFT one longer than the column still shares its line (one blank between), as --help always had.
 */
export function columns(left: string, text: readonly string[], column: number): string {
  const indent = ' '.repeat(column + 3);
  const [first = '', ...rest] = text;
  const head =
    left.length <= column + 1 ? `  ${left.padEnd(column)} ${first}` : `  ${left}\n${indent}${first}`;
  return [head.trimEnd(), ...rest.map((l) => `${indent}${l}`)].join('\n');
}

export const flagLines = (rows: readonly FlagRow[], column = FLAG_COLUMN): string =>
  rows.map((r) => columns(flagsText(r.flags), r.text, column)).join('\n');

export function mainHelpText(): string {
  const usage = USAGE.map((u) => columns(u.synopsis, u.text, USAGE_COLUMN)).join('\n');
  const [pipes = '', ...more] = PIPES;
  const shell = [
    ...SHELL_COMMANDS.map((l) => `  ${l}`),
    `  ${PIPES_TITLE}: ${pipes}`,
    ...more.map((l) => `    ${l}`),
  ].join('\n');
  const keys = KEYS.map((k) => columns(k.label, k.text, KEY_COLUMN)).join('\n');
  const exit = EXIT_STATUS.map((e) => `${e.label} ${e.text.join(' ')}`).join(' · ');
  return `${TITLE}

Usage:
${usage}

Connection:
${flagLines(CONNECTION)}

Output:
${flagLines(OUTPUT)}

Fleet:
${flagLines(FLEET)}

${SHELL_TITLE}:
${shell}

Keys:
${keys}

Exit status: ${exit}
`;
}

/** `routersh COMMAND --help`: its usage, what it does, its flags in a column fitted to them. */
export function commandHelpText(h: CommandHelp): string {
  const usage = h.usage.map((u, i) => `${i === 0 ? 'usage: ' : '       '}${u}`).join('\n');
  const column = Math.max(...h.flags.map((r) => flagsText(r.flags).length)) + 1;
  const after = [...(h.after ?? []), ...(h.examples ?? [])];
  const tail = after.length ? `\n${after.join('\n')}\n` : '';
  return `${usage}\n\n${h.about.join('\n')}\n\n${flagLines(h.flags, column)}\n${tail}`;
}
