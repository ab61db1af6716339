// THE text of a configuration line (show, saved files, plans, diffs all print it through here):
// the path words as the lexer reads them back (quoteWord), then each option as `NAME VALUE`, one
// pair per value, in the node's PossibleOptions order (the walk keeps the options in that
// order); a flag option is `NAME` alone. A secret is `***` already in the line (the walk put it
// there), so nothing here can print one.
import type { ConfigDoc, ConfigLine, ConfigLineJson } from '../../contract/config.js';
import { quoteWord } from '../../lang/tokenize.js';

export function lineText(l: Pick<ConfigLine, 'path' | 'options'>): string {
  let out = '';
  for (const w of l.path) out += out === '' ? quoteWord(w) : ` ${quoteWord(w)}`;
  for (const name in l.options) {
    const values = l.options[name]!;
    if (values.length === 0) out += ` ${name}`;
    else for (const v of values) out += ` ${name} ${quoteWord(v)}`;
  }
  return out;
}

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
