// A saved file's lines → ConfigLines, judged by THE resolver (lang/resolve.ts resolveLine) against
// the live metadata: each line must be a router line that creates something (a SET of a path),
// and takes its slot's description (how to set and remove it) from the metadata the resolver
// read. Anything else — a built-in, `no …`, a show, an unknown word, a bad value — is
// `FILE:LINE: why`, and the load sends nothing. A line under a node an earlier line creates,
// whose metadata the router cannot describe yet, is taken as the dry run takes it: unchecked.
// A line holding `***` (a secret as saved) is a secret line: kept, never sent.
import type { NodeInfo, OptionInfo } from '../../api/router/types.js';
import type { ConfigLine } from '../../contract/config.js';
import type { CachePort } from '../../contract/services.js';
import { RoutershError } from '../../errors.js';
import { pathKey } from '../../lang/cache.js';
import { resolveLine } from '../../lang/resolve.js';
import type { Resolution, ResolvedWord } from '../../lang/types.js';
import { REDACTED } from '../../lang/secrets.js';
import { scanLine } from '../../lang/tokenize.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { slotSettings } from '../changes/journal/snapshot.js';
import { ShapeCache } from './shape-cache.js';

/** A line of a saved file as the reader gives it (config-file.ts parseConfigFile). */
export interface FileLine {
  n: number;
  text: string;
}

export interface FileLinesResult {
  lines: ConfigLine[];
  /** Lines taken unchecked (`FILE:LINE: unchecked: why`), said with the plan. */
  notes: string[];
  /** Metadata GETs the check cost (one per shape of path, not per line). */
  reads: number;
}

/**
 * A match-list member: an entry of a Token node named by a Key option (`… action match net
 * 1.2.3.4`). Such entries are dynamic (their timers run out): walked and loaded only with `members`.
 */
export const isMemberNode = (n: NodeInfo): boolean =>
  n.type === 'Token' && n.possibleOptions.some((o) => o.key);

/** Errors a node that an earlier line creates may explain (the dry run's, dry-run.ts UNKNOWABLE). */
const UNKNOWABLE = new Set([
  'unknown',
  'incomplete',
  'option-unknown',
  'option-unavailable',
  'missing-value',
]);

const SEP = '\u001f';

const isPath = (w: ResolvedWord) => w.role === 'token' || w.role === 'value';

/** The path and options the words name (options as typed: strings, values in order). */
function wordsOf(words: readonly ResolvedWord[]) {
  const path: string[] = [];
  const options = new Map<string, { info: OptionInfo; values: string[] }>();
  let last: ResolvedWord | undefined;
  for (const w of words) {
    if (isPath(w)) {
      path.push(w.role === 'token' ? w.node!.name : w.token.text);
      last = w;
    } else if (w.role === 'option' && w.option) {
      if (!options.has(w.option.name)) options.set(w.option.name, { info: w.option, values: [] });
    } else if (w.role === 'option-value' && w.option) {
      options.get(w.option.name)?.values.push(w.token.text);
    }
  }
  return { path, options, last };
}

/** The ConfigLine of a line whose words resolved: its slot described as the walk describes it. */
function configLine(words: readonly ResolvedWord[], secret: boolean): ConfigLine | undefined {
  const { path, options, last } = wordsOf(words);
  const node = last?.node;
  if (!node) return undefined;
  // In PossibleOptions order, as the walk's lines and the line text.
  const named: Record<string, string[]> = {};
  for (const o of node.possibleOptions) {
    const got = options.get(o.name);
    if (got) named[o.name] = got.values;
  }
  const value = node.type === 'Value' ? path.at(-1)! : undefined;
  const parent = path.slice(0, -1);
  // slotSettings describes a slot from its node: the node with this one entry, as the walk reads it.
  const one: NodeInfo = {
    ...node,
    setValues: value !== undefined ? [value] : [JSON.stringify(named)],
    setOptions: [named],
  };
  // A secret option is dropped by slotSettings (the line keeps it as `***`); a secret slot is not kept.
  const made = slotSettings(one, parent, path)[0];
  const setting = made && !secret ? made : secretSetting(node, parent, path, named);
  return { ...setting, options: named, secret, member: isMemberNode(node) };
}

/**
 * A secret slot's line: slotSettings keeps no secret (the journal must not), so it is described
 * here as far as it matters — it is never sent, never removed (neither settable nor unsettable).
 */
function secretSetting(node: NodeInfo, parent: string[], path: string[], options: Record<string, string[]>) {
  const slot = [...parent, node.type === 'Value' ? `<${node.name}>` : node.name].join(SEP);
  return {
    path,
    options,
    slot,
    id: `${slot}${SEP}${node.type === 'Value' ? path.at(-1) : JSON.stringify(options)}`,
    multi: node.type === 'Token' || node.multiValue,
    settable: false,
    unsettable: false,
    setOptions: [],
  };
}

type Judged = { line: ConfigLine; note?: string } | { why: string };

const VERB_WHY: Record<string, string> = {
  no: "'no' removes: a configuration file holds only lines that create",
  delete: "'delete' removes: a configuration file holds only lines that create",
  show: "'show' reads: a configuration file holds only lines that create",
  describe: "'describe' reads: a configuration file holds only lines that create",
};

function judge(res: Resolution, text: string, created: ReadonlySet<string>, cache: ShapeCache): Judged {
  if (res.kind === 'empty') return { why: 'empty line' };
  const verb = res.words[0]?.role === 'verb' ? res.words[0].node?.name : undefined;
  if (verb && VERB_WHY[verb]) return { why: VERB_WHY[verb] };
  if (res.kind === 'builtin') return { why: `'${res.name}' is a built-in command, not a configuration line` };
  if (res.kind === 'router') {
    const r = res.request;
    if (r.method !== 'POST' || !r.actions?.includes('SET')) return { why: 'not a line that sets a value' };
    const line = configLine(res.words, false);
    return line ? { line } : { why: 'not a line that sets a value' };
  }
  const e = res.error;
  if (e.reason === 'redacted-secret') {
    const line = configLine(res.words, true);
    if (line) return { line };
  }
  // A configured value the router creates through its sub-nodes only (`ip route 10.0.0.0/8`,
  // whose `via` is set): the walk shows it; it is described, and made by the lines under it.
  const whole = res.words.every(isPath);
  if (e.reason === 'incomplete' && whole && res.words.at(-1)?.role === 'value') {
    const line = configLine(res.words, false);
    if (line) return { line: { ...line, settable: false } };
  }
  const under = createdUnder(res.words, created, cache);
  if (under && UNKNOWABLE.has(e.reason)) {
    return {
      line: uncheckedLine(res, text),
      note: `unchecked: '${under}' is created by an earlier line: its metadata cannot be read before (${e.message})`,
    };
  }
  return { why: e.message };
}

/** An earlier line's path the words are under, when its metadata could not be read. */
function createdUnder(words: readonly ResolvedWord[], created: ReadonlySet<string>, cache: ShapeCache) {
  const path: string[] = [];
  let found: string | undefined;
  for (const w of words) {
    if (!isPath(w)) break;
    path.push(w.role === 'token' ? w.node!.name : w.token.text);
    if (created.has(pathKey(path)) && cache.unreadable.has(pathKey(path))) found = path.join(' ');
  }
  return found;
}

/** A line the metadata cannot describe yet: every word after the known path is a path word. */
function uncheckedLine(res: Extract<Resolution, { kind: 'error' }>, text: string): ConfigLine {
  const path: string[] = [];
  let k = 0;
  // The words the walk matched (after an explicit `set`), then the rest as typed.
  for (const w of res.words) {
    if (isPath(w)) path.push(w.role === 'token' ? w.node!.name : w.token.text);
    else if (w.role !== 'verb') break;
    k++;
  }
  for (const t of scanLine(text).tokens.slice(k)) path.push(t.text);
  const slot = path.join(SEP);
  return {
    path,
    options: {},
    id: `${slot}${SEP}`,
    slot,
    multi: true,
    settable: true,
    unsettable: true,
    setOptions: [],
    secret: false,
    member: false,
  };
}

/**
 * The file's lines as ConfigLines, in the file's order; throws `FILE:LINE: why` (validation,
 * nothing sent) at the first line that is not a configuration line. Nothing but metadata GETs.
 */
export async function resolveFileLines(
  file: string,
  lines: readonly FileLine[],
  o: { cache: Pick<CachePort, 'get'>; signal: AbortSignal },
): Promise<FileLinesResult> {
  const cache = new ShapeCache(o.cache);
  const out: ConfigLine[] = [];
  const notes: string[] = [];
  const created = new Set<string>();
  for (const { n, text } of lines) {
    o.signal.throwIfAborted();
    const res = await resolveLine(text, { cache }, o.signal);
    const got = judge(res, text, created, cache);
    const where = `${sanitizeLine(file)}:${n}`;
    if ('why' in got) throw new RoutershError('validation', `${where}: ${got.why}`, { file, line: n });
    if (got.note) notes.push(`${where}: ${got.note}`);
    out.push(got.line);
    for (let i = 1; i <= got.line.path.length; i++) created.add(pathKey(got.line.path.slice(0, i)));
  }
  return { lines: out, notes, reads: cache.reads };
}

/** Whether a line holds a secret as saved (`***`): such a line is never sent nor deleted. */
export const holdsRedacted = (l: ConfigLine): boolean =>
  l.secret || l.path.includes(REDACTED) || Object.values(l.options).some((v) => v.includes(REDACTED));
