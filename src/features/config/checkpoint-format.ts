// A checkpoint's file: the saved-file format (config-file.ts's header and lines), with three
// more comment lines after the header that a reader of saved files ignores (`#` lines):
// `# lines: N` (a listing reads the header only), `# why: …` (an automatic one's load or
// commit line) and `# node: WORDS` for each node an automatic checkpoint covers.
import type { ConfigDoc } from '../../contract/config.js';
import { quoteWord, tokenize } from '../../lang/tokenize.js';

// Until helper walk's config-file.ts lands: the shared format's writer (COMMON.md), to be
// replaced by formatConfigFile.
function formatConfigFile(doc: ConfigDoc): string {
  const head = [
    '# routersh configuration',
    `# router: ${oneLine(doc.router)}`,
    `# user: ${oneLine(doc.user)}`,
    `# time: ${doc.time}`,
    `# version: ${doc.version}`,
    `# members: ${doc.members ? 'yes' : 'no'}`,
    ...(doc.under.length ? [`# under: ${doc.under.map(quoteWord).join(' ')}`] : []),
  ];
  const lines = doc.lines.map((l) => {
    const words = l.path.map(quoteWord);
    for (const [k, vs] of Object.entries(l.options))
      if (vs.length === 0) words.push(quoteWord(k));
      else for (const v of vs) words.push(quoteWord(k), quoteWord(l.secret ? '***' : v));
    return words.join(' ');
  });
  return `${[...head, ...lines].join('\n')}\n`;
}

const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ');

export function formatCheckpoint(doc: ConfigDoc, why?: string, nodes?: string[][]): string {
  const text = formatConfigFile(doc);
  const extra = [
    `# lines: ${doc.lines.length}`,
    ...(why !== undefined ? [`# why: ${oneLine(why)}`] : []),
    ...(nodes ?? []).map((w) => `# node: ${w.map(quoteWord).join(' ')}`),
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
