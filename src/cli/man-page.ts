// routersh(1) in roff (man(7) macros), from the tables `--help` prints (help-tables.ts,
// command-help.ts): `npm run man` writes it to man/routersh.1, and a test regenerates it and
// compares, so the page and --help never drift apart. Pure: the version is passed in.
import { COMMAND_HELP, type CommandHelp } from './command-help.js';
import {
  CONNECTION,
  EXIT_STATUS,
  type FlagName,
  type FlagRow,
  flagsText,
  HELP_DATE,
  KEYS,
  type LabelRow,
  OUTPUT,
  FLEET,
  PIPES,
  PIPES_TITLE,
  SHELL_COMMANDS,
  SHELL_TITLE,
  TITLE,
  USAGE,
} from './help-tables.js';

/**
 * Text as roff reads it: a backslash is `\e`, every `-` the minus `\-` (a hyphen would print as
 * U+2010 and a copied `--router` would not work), anything outside ASCII `\[uXXXX]` (groff reads
 * its input as Latin-1 unless told otherwise), a control character at the start of a line escaped.
 */
export function roffText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\e';
    else if (ch === '-') out += '\\-';
    else if (code > 0x7e) out += `\\[u${code.toString(16).toUpperCase().padStart(4, '0')}]`;
    else out += ch;
  }
  return /^[.']/.test(out) ? `\\&${out}` : out;
}

const bold = (s: string) => `\\fB${roffText(s)}\\fR`;
const italic = (s: string) => `\\fI${roffText(s)}\\fR`;
/** Lines of a paragraph: a source line each, filled by the formatter. */
const para = (lines: readonly string[]) => lines.map(roffText);

const flagTag = (flags: readonly FlagName[]) =>
  flags.map((f) => (f.arg !== undefined ? `${bold(f.name)} ${italic(f.arg)}` : bold(f.name))).join(', ');

const flagRows = (rows: readonly FlagRow[]) =>
  rows.flatMap((r) => ['.TP', flagTag(r.flags), ...para(r.text)]);
const labelRows = (rows: readonly LabelRow[]) => rows.flatMap((r) => ['.TP', bold(r.label), ...para(r.text)]);

/** `routersh sim [--host H]…` as a synopsis: its continuation lines indented under the command. */
const synopsis = (s: string) => ['.SY routersh', roffText(s.replace(/^routersh ?/, '')), '.YS'];

/** A paragraph: its heading filled, then lines shown as they are. */
const verbatim = (lines: readonly string[], heading?: string) => [
  '.PP',
  ...(heading !== undefined ? [roffText(heading)] : []),
  '.nf',
  ...lines.map(roffText),
  '.fi',
];

function commandSection(name: string, h: CommandHelp): string[] {
  return [
    `.SS ${roffText(`routersh ${name}`)}`,
    ...h.usage.flatMap(synopsis),
    '.PP',
    ...para(h.about),
    ...flagRows(h.flags),
    ...(h.after ? ['.PP', ...para(h.after)] : []),
    ...(h.examples ? verbatim(h.examples) : []),
  ];
}

/** ENVIRONMENT: each variable, the flag it stands for and the flag's text without the variable's name. */
function environment(rows: readonly FlagRow[]): string[] {
  return rows.flatMap((r) =>
    (r.env ?? []).flatMap((v) => {
      const text = r.text.join(' ').replace(new RegExp(`\\s*\\((also )?${v}\\)`), '');
      return ['.TP', bold(v), `${roffText('as ')}${bold(flagsText(r.flags))}${roffText(`: ${text}`)}`];
    }),
  );
}

export function manPage(version: string): string {
  const [name = 'routersh', description = ''] = TITLE.split(' — ');
  const lines = [
    `.\\" ${name}(1): made by \`npm run man\` from src/cli/help-tables.ts and command-help.ts; do not edit.`,
    // No hyphenation: a flag broken across lines (`--al-low-own-address`) could not be copied.
    // groff's paragraphs set it again from the register HY (mandoc never hyphenates).
    '.nr HY 0',
    `.TH ${name.toUpperCase()} 1 ${HELP_DATE} "${roffText(`${name} ${version}`)}" "User Commands"`,
    '.nh',
    '.ad l',
    '.SH NAME',
    `${name} \\- ${roffText(description)}`,
    '.SH SYNOPSIS',
    ...USAGE.flatMap((u) => synopsis(u.synopsis)),
    '.SH DESCRIPTION',
    ...para([
      'routersh is a terminal shell for routers whose configuration and commands are a REST',
      'node tree: every CLI command is a URL path, and Tab and ? offer what the router says',
      'can follow. It runs commands from -c, a script, standard input or its interactive',
      'shell, and draws telemetry (metrics and logs) in full-screen panes.',
    ]),
    ...USAGE.flatMap((u) => ['.TP', roffText(u.synopsis), ...para(u.text)]),
    '.SH OPTIONS',
    '.SS Connection',
    ...flagRows(CONNECTION),
    '.SS Output',
    ...flagRows(OUTPUT),
    '.SS Fleet',
    ...flagRows(FLEET),
    '.SH COMMANDS',
    ...Object.entries(COMMAND_HELP).flatMap(([n, h]) => commandSection(n, h)),
    '.SH SHELL COMMANDS',
    // A section starts a paragraph itself: no .PP right after .SH.
    ...verbatim(SHELL_COMMANDS, `${SHELL_TITLE}:`).slice(1),
    ...verbatim(PIPES, `${PIPES_TITLE}:`),
    '.SH KEYS',
    ...labelRows(KEYS),
    '.SH EXIT STATUS',
    ...labelRows(EXIT_STATUS),
    '.SH ENVIRONMENT',
    ...environment([...CONNECTION, ...OUTPUT, ...FLEET]),
    '.SH FILES',
    '.TP',
    italic('$XDG_CONFIG_HOME/routersh/config.json'),
    roffText('profiles: named connection settings, secrets only as file paths'),
    '.TP',
    italic('$XDG_STATE_HOME/routersh/'),
    roffText('history, the change journals (journal/), lesson progress (lessons/), the simulator seed'),
    '.SH SEE ALSO',
    roffText('help WORD… in the shell; docs/completion.md and the README of routersh.'),
  ];
  return `${lines.join('\n')}\n`;
}
