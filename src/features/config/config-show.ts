// `show configuration [WORD…] [members] [--json]` (= `config show …`) and `config save FILE
// [--force] [WORD…] [members]`: the whole configuration (walk.ts) printed as the lines that
// create it (line-text.ts), or written to a file in the saved format (config-file.ts).
import type { ConfigDoc } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { argumentError, commandFailedError } from '../../errors.js';
import { quoteWord } from '../../lang/tokenize.js';
import { saveFile } from '../../term/save-file.js';
import { jsonText } from '../../term/sanitize.js';
import { formatConfigFile } from './config-file.js';
import { docJson, lineJson, lineText } from './line-text.js';
import { readConfig } from './walk.js';

export interface ShowArgs {
  words: string[];
  members: boolean;
  json: boolean;
}

export interface SaveArgs extends ShowArgs {
  file: string;
  force: boolean;
}

/** Words, then `members` (the last word), `--json` anywhere. */
export function parseShowArgs(
  args: readonly string[],
  who: string,
  flags: readonly string[] = [],
): ShowArgs & {
  flags: Set<string>;
} {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const a of args) {
    if (a === '--json' || flags.includes(a)) seen.add(a);
    else if (a.startsWith('--')) throw argumentError(`${who}: unknown flag ${a}`);
    else words.push(a);
  }
  const members = words[words.length - 1] === 'members';
  if (members) words.pop();
  return { words, members, json: seen.has('--json'), flags: seen };
}

export function parseSaveArgs(args: readonly string[]): SaveArgs {
  const p = parseShowArgs(args, 'config save', ['--force']);
  const [file, ...words] = p.words;
  if (file === undefined || file === '')
    throw argumentError('config save: which file? config save FILE [--force] [WORD…] [members]');
  return { file, words, members: p.members, json: p.json, force: p.flags.has('--force') };
}

/**
 * The words as the resolver reads them (abbreviations completed), from the `edit` context:
 * what the walk starts under.
 */
async function underOf(words: readonly string[], env: HandlerEnv, who: string): Promise<string[]> {
  const context = env.state.context;
  if (words.length === 0) return [...context];
  const r = await env.services.resolve(
    ['describe', ...words.map(quoteWord)].join(' '),
    [...context],
    env.signal,
  );
  if (r.kind === 'router') return [...r.request.words];
  if (r.kind === 'error') throw commandFailedError(`${who}: ${r.error.message}`);
  throw commandFailedError(`${who}: '${words.join(' ')}' is not a router path`);
}

const LINES_PER_CHUNK = 4096;

/** The doc's text (a line each) or, with --json, its JSON: written in pieces when the run streams. */
function printDoc(doc: ConfigDoc, json: boolean, env: HandlerEnv): Outcome {
  const write = env.io.write;
  if (!write) {
    const text = json
      ? `${jsonText(docJson(doc))}\n`
      : doc.lines.length
        ? `${doc.lines.map(lineText).join('\n')}\n`
        : '';
    return { kind: 'text', text: text || '(nothing configured)\n', json: docJson(doc) };
  }
  // Streamed (a script): 65,536 lines go out in pieces, never as one string.
  const { lines, ...head } = docJson({ ...doc, lines: [] });
  void lines;
  const open = `${jsonText(head).slice(0, -1)},"lines":[`;
  write({ text: json ? open : '', json: open });
  for (let i = 0; i < doc.lines.length; i += LINES_PER_CHUNK) {
    const part = doc.lines.slice(i, i + LINES_PER_CHUNK);
    const j = `${i ? ',' : ''}${part.map((l) => jsonText(lineJson(l))).join(',')}`;
    write({ text: json ? j : `${part.map(lineText).join('\n')}\n`, json: j });
  }
  write({ text: json ? ']}\n' : doc.lines.length ? '' : '(nothing configured)\n', json: ']}\n' });
  return { kind: 'empty' };
}

export async function configShow(args: readonly string[], env: HandlerEnv): Promise<Outcome> {
  const a = parseShowArgs(args, 'show configuration');
  const under = await underOf(a.words, env, 'show configuration');
  const doc = await readConfig(env, { under, members: a.members });
  // In candidate mode: live plus staged, the staged lines marked (candidate-show.ts).
  const candidate = env.services.candidate;
  if (candidate?.lines()?.length)
    return (await import('./candidate-show.js')).showCandidate(doc, a.json, candidate, env);
  return printDoc(doc, a.json, env);
}

export async function configSave(args: readonly string[], env: HandlerEnv): Promise<Outcome> {
  const a = parseSaveArgs(args);
  const under = await underOf(a.words, env, 'config save');
  const doc = await readConfig(env, { under, members: a.members });
  // 0600: a configuration names users, addresses and lists (its secrets are *** already).
  await saveFile(a.file, formatConfigFile(doc), {
    mode: 0o600,
    overwrite: a.force,
    who: 'config save',
    existsHint: '--force overwrites it',
  });
  const n = doc.lines.length;
  return {
    kind: 'text',
    text: `Wrote ${n} line${n === 1 ? '' : 's'} to ${a.file}\n`,
    json: { wrote: n, file: a.file, members: doc.members, under: doc.under },
  };
}
