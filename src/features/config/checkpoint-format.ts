// A checkpoint's file: the saved-file format (config-file.ts's header and lines), with three
// more comment lines after the header that a reader of saved files ignores (`#` lines):
// `# lines: N` (a listing reads the header only), `# why: …` (an automatic one's load or
// commit line) and `# node: WORDS` for each node an automatic checkpoint covers.
import type { ConfigDoc } from '../../contract/config.js';
import { quoteWord, tokenize } from '../../lang/tokenize.js';
import { formatConfigFile } from './config-file.js';

/** A comment line stays one line (a why or a node word never breaks the header). */
const oneLine = (s: string): string => s.replace(/[\u0000-\u001f\u007f]/g, ' ');

export function formatCheckpoint(doc: ConfigDoc, why?: string, nodes?: string[][]): string {
  const text = formatConfigFile(doc);
  const extra = [
    `# lines: ${doc.lines.length}`,
    ...(why !== undefined ? [`# why: ${oneLine(why)}`] : []),
    ...(nodes ?? []).map((w) => oneLine(`# node: ${w.map(quoteWord).join(' ')}`)),
  ].join('\n');
  // After the header's comment lines, before the first configuration line.
  const m = /^(?:#[^\n]*\n)*/.exec(text);
  const at = m ? m[0].length : 0;
  return `${text.slice(0, at)}${extra}\n${text.slice(at)}`;
}

/** The `# node:` lines of a checkpoint's header. */
export function parseCheckpoint(text: string): { nodes: string[][] } {
  const nodes: string[][] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('#')) break;
    if (line.startsWith('# node: ')) nodes.push(tokenize(line.slice(8)).map((t) => t.text));
  }
  return { nodes };
}
