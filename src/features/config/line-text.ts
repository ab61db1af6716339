// THE text of a configuration line (show, saved files, plans, diffs all print it through here):
// the path words as the lexer reads them back (quoteWord), then each option as `NAME VALUE`, one
// pair per value, in the node's PossibleOptions order (the walk keeps the options in that
// order); a flag option is `NAME` alone. A secret is `***` already in the line (the walk put it
// there), so nothing here can print one.
import type { ConfigDoc, ConfigLine, ConfigLineJson } from '../../contract/config.js';
import { quoteWord } from '../../lang/tokenize.js';

export function lineText(l: Pick<ConfigLine, 'path' | 'options'>): string {
  let out = '';
  for (const w of l.path) out += out === '' ? word(w) : ` ${word(w)}`;
  for (const name in l.options) {
    const values = l.options[name]!;
    if (values.length === 0) out += ` ${oneLine(name)}`;
    else for (const v of values) out += ` ${oneLine(name)} ${word(v)}`;
  }
  return out;
}

const BREAK = /\r\n?|\n/g;

/**
 * A line is one line whatever the router sends: a line break in a value (no word of the
 * language can hold one) becomes a space, so a value can never add a line of its own to a
 * saved file or a plan (`description "x\n# router: …\nhostname evil"` stays one line).
 */
const oneLine = (w: string) => (w.includes('\n') || w.includes('\r') ? w.replace(BREAK, ' ') : w);

const word = (w: string) => quoteWord(oneLine(w));

/** A line as `--json` prints it (the fleet compares these). */
export function lineJson(l: ConfigLine): ConfigLineJson {
  return { path: l.path, options: l.options, secret: l.secret };
}

/** `show configuration --json`: exactly these keys, lines in tree order. */
export function docJson(doc: ConfigDoc): {
  router: string;
  user: string;
  time: string;
  version: string;
  lines: ConfigLineJson[];
} {
  return {
    router: doc.router,
    user: doc.user,
    time: doc.time,
    version: doc.version,
    lines: doc.lines.map(lineJson),
  };
}
