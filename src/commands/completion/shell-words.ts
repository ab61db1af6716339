// A command line as the user's shell holds it (bash's COMP_LINE, zsh's BUFFER, fish's
// `commandline -cp`), up to the cursor, split into routersh's argv the way the shell will split
// it: blanks separate words, '…' is literal, "…" keeps \" \\ \$ \`, a backslash escapes the next
// character. The last word is the one being completed (empty after a blank); it may be inside
// a quote still open. Only the last command of the line counts (after `;`, `|`, `&`), and
// `NAME=value` words before the command are the environment, not its argv. Pure.

export interface ShellLine {
  /** The words after the command's name, the last one being completed. */
  words: string[];
  /** The quote the last word is still inside. */
  openQuote?: "'" | '"';
}

const BLANK = /[ \t\n]/;
const OPERATOR = /[;|&]/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export function splitShellLine(line: string): ShellLine {
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1]!)) word += line[++i];
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
