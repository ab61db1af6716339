// A saved file's lines → ConfigLines, judged by THE resolver (lang/resolve.ts resolveLine) against
// the live metadata: each line must be a router line that creates something (a SET of a path),
// and takes its slot's description (how to set and remove it) from the metadata the resolver
// read. Anything else — a built-in, `no …`, a show, an unknown word, a bad value — is
// `FILE:LINE: why`, and the load sends nothing. As in a dry run, a value set on its own must
// exist (live, or made by an earlier line) before a line under it, and a line under a node an
// earlier line creates, whose metadata the router cannot describe yet, is taken unchecked.
// A line holding `***` (a secret as saved) is a secret line: kept, never sent. The metadata is
// read fresh, once per shape of path (shape-cache.ts), not once per line.
import type { NodeInfo, OptionInfo } from '../../api/router/types.js';
import type { ConfigLine } from '../../contract/config.js';
import type { RouterPort } from '../../contract/services.js';
import { commandFailedError, protocolError, RoutershError } from '../../errors.js';
import { pathKey } from '../../lang/cache.js';
import { resolveLine } from '../../lang/resolve.js';
import type { Resolution, ResolvedWord } from '../../lang/types.js';
import { REDACTED, secretWordIndexes } from '../../lang/secrets.js';
import { slotLines } from '../../lang/slot-settings.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { redactedSecretLine } from './secret-line.js';
import { ShapeCache } from './shape-cache.js';
import { uncheckedPath, uncheckedSetting } from './unchecked-path.js';
import { isMemberSlot } from './walk.js';

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

/** Errors a node that an earlier line creates may explain (the dry run's, dry-run.ts UNKNOWABLE). */
const UNKNOWABLE = new Set([
  'unknown',
  'incomplete',
  'option-unknown',
  'option-unavailable',
  'missing-value',
]);

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
function configLine(words: readonly ResolvedWord[]): ConfigLine | undefined {
  const { path, options, last } = wordsOf(words);
  const node = last?.node;
  if (!node) return undefined;
  const named: Record<string, string[]> = {};
  for (const [name, o] of options) named[name] = o.values;
  const value = node.type === 'Value' ? path.at(-1)! : undefined;
  const parent = path.slice(0, -1);
  // The walk's reading of a slot (lang/slot-settings.ts), given the node with this one entry:
  // the same slot, options in PossibleOptions order, a secret as `***` and marked.
  const one: NodeInfo = {
    ...node,
    setValues: value !== undefined ? [value] : [node.name],
    setOptions: [named],
  };
  return slotLines(one, parent, path, isMemberSlot(node, parent))[0];
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
    // A saved file holds `***` for a secret: a value typed into one is set by its own command,
    // where the window and journal rules for secrets apply, never loaded (nor printed in a plan).
    if (secretWordIndexes(res.words).length > 0)
      return { why: 'a secret value: a configuration file holds *** there (set it with its own command)' };
    const line = configLine(res.words);
    if (!line) return { why: 'not a line that sets a value' };
    const missing = missingEntry(res.words, created, cache);
    return missing ? { why: missing } : { line };
  }
  const e = res.error;
  if (e.reason === 'redacted-secret') {
    const line = configLine(res.words);
    if (line) return { line: { ...line, secret: true } };
  }
  const secret = redactedSecretLine(res.words, e.wordIndex, text, cache);
  if (secret) return { line: secret };
  // A configured value the router creates through its sub-nodes only (`ip route 10.0.0.0/8`,
  // whose `via` is set): the walk shows it; it is described, and made by the lines under it.
  const whole = res.words.every(isPath);
  if (e.reason === 'incomplete' && whole && res.words.at(-1)?.role === 'value') {
    const line = configLine(res.words);
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

/**
 * The dry run's rule: a value set on its own (`interface eth9`) must exist before a line under
 * it — live, or made by an earlier line of the file. Judged only where the node listing it was
 * read itself (a sibling's answer lists the sibling's values) and lists any (an empty list may
 * mean the router does not list them).
 */
function missingEntry(
  words: readonly ResolvedWord[],
  created: ReadonlySet<string>,
  cache: ShapeCache,
): string | undefined {
  const path: string[] = [];
  const typed = words.filter(isPath);
  for (const [i, w] of typed.entries()) {
    const parent = [...path];
    path.push(w.role === 'token' ? w.node!.name : w.token.text);
    const n = w.node;
    if (w.role !== 'value' || !n?.allowSet || i === typed.length - 1) continue;
    if (created.has(pathKey(path)) || !cache.readOwn(parent) || n.setValues.length === 0) continue;
    if (!hasValue(n.setValues, w.token.text))
      return `'${sanitizeLine(path.join(' '))}' does not exist: a line before this one must create it`;
  }
  return undefined;
}

/** Each long list of set values as a Set, made once per list (one read node's answer). */
const valueSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/**
 * Whether `values` holds `v`: a list of thousands (10,000 interfaces under `interface`) is looked
 * up in a Set, not scanned once per line (a 10,000-line load: 10^8 comparisons, ~110 ms).
 */
function hasValue(values: readonly string[], v: string): boolean {
  if (values.length < 32) return values.includes(v);
  let set = valueSets.get(values);
  if (!set) {
    set = new Set(values);
    valueSets.set(values, set);
  }
  return set.has(v);
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
const uncheckedLine = (res: Extract<Resolution, { kind: 'error' }>, text: string): ConfigLine => ({
  ...uncheckedSetting(uncheckedPath(res.words, text)),
  secret: false,
  member: false,
});

/**
 * The file's lines as ConfigLines, in the file's order; throws `FILE:LINE: why` (validation,
 * nothing sent) at the first line that is not a configuration line. Nothing but metadata GETs.
 */
export async function resolveFileLines(
  file: string,
  lines: readonly FileLine[],
  o: { router: RouterPort; signal: AbortSignal; onLine?: (done: number) => void },
): Promise<FileLinesResult> {
  // Fresh reads, as the walk's (the shell's cache may be 30 s old): a handful, one per shape.
  const cache = new ShapeCache({
    get: async (words, signal) => {
      const answer = await o.router.send(
        { method: 'GET', words: [...words] },
        { signal: signal ?? o.signal },
      );
      if (!answer.ok)
        throw commandFailedError(answer.errorStatus ?? answer.requestStatus, {
          status: answer.requestStatus,
        });
      if (!answer.nodeInfo) throw protocolError('the router answered a GET without NodeInfo');
      return answer.nodeInfo;
    },
  });
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
    o.onLine?.(out.length);
    for (let i = 1; i <= got.line.path.length; i++) created.add(pathKey(got.line.path.slice(0, i)));
  }
  return { lines: out, notes, reads: cache.reads };
}

/** Whether a line holds a secret as saved (`***`): such a line is never sent nor deleted. */
export const holdsRedacted = (l: ConfigLine): boolean =>
  l.secret || l.path.includes(REDACTED) || Object.values(l.options).some((v) => v.includes(REDACTED));
