// A command line as the user's shell holds it (bash's COMP_LINE, zsh's BUFFER, fish's
// `commandline -cp`), up to the cursor, split into routersh's argv the way the shell will split
// it: blanks separate words, '…' is literal, "…" keeps \" \\ \$ \`, a backslash escapes the next
// character. The last word is the one being completed (empty after a blank); it may be inside
// a quote still open. Only the last command of the line counts (after `;`, `|`, `&`), and
// `NAME=value` words before the command are the environment, not its argv. Pure.
//
// The shells differ where their own quoting of a completed word lands (a profile's name, zsh or
// fish quoting it): in zsh, `\!` inside "…" is `!`; in fish, '…' keeps \' and \\, and "…"
// keeps \" \\ \$ only (a backtick is no syntax there).

export interface ShellLine {
  /** The words after the command's name, the last one being completed. */
  words: string[];
  /** The quote the last word is still inside. */
  openQuote?: "'" | '"';
}

/** Whose line it is: POSIX sh (bash), zsh, fish. */
export type Dialect = 'sh' | 'zsh' | 'fish';

/** What a backslash escapes inside "…", and inside '…' (none in sh and zsh). */
const ESCAPED: Readonly<Record<Dialect, { double: string; single: string }>> = {
  sh: { double: '"\\$`\n', single: '' },
  zsh: { double: '"\\$`\n!', single: '' },
  fish: { double: '"\\$\n', single: "'\\" },
};

const BLANK = /[ \t\n]/;
const OPERATOR = /[;|&]/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export function splitShellLine(line: string, dialect: Dialect = 'sh'): ShellLine {
  const escaped = ESCAPED[dialect];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else if (ch === '\\' && i + 1 < line.length && escaped.single.includes(line[i + 1]!)) word += line[++i];
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && i + 1 < line.length && escaped.double.includes(line[i + 1]!)) word += line[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 < line.length) word += line[++i];
      inWord = true;
    } else if (BLANK.test(ch) || OPERATOR.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      if (OPERATOR.test(ch)) words = [];
    } else {
      word += ch;
      inWord = true;
    }
  }
  words.push(word);
  // The environment and the command's own name are not its argv.
  let start = 0;
  while (start < words.length - 1 && ASSIGNMENT.test(words[start]!)) start++;
  const argv = words.slice(start + 1);
  return { words: argv.length ? argv : [''], ...(quote ? { openQuote: quote } : {}) };
}

/** What bash's readline replaces: where it stands in the line, and what of the word precedes it. */
export interface Replaced {
  /** The quote the replaced text starts in (readline starts a word after an open quote). */
  context: "'" | '"' | 'bare';
  /** The word's value before the replaced text (`--profile=` when bash broke the word at `=`). */
  before: string;
}

/**
 * `word` (bash's $2: the raw text from where readline starts the word to the cursor) at the end
 * of `line`: the quote state where it starts and the part of the word before it, split as the
 * shell splits. Undefined when the line does not end with it.
 */
export function replacedWord(line: string, word: string): Replaced | undefined {
  if (!line.endsWith(word)) return undefined;
  const head = splitShellLine(line.slice(0, line.length - word.length));
  return { context: head.openQuote ?? 'bare', before: head.words.at(-1) ?? '' };
}
