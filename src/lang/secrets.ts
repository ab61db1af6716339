// THE one place every writer asks what is a secret (docs/safe-changes.md, "What counts as a
// secret", lists the slots and the writers). The predicate itself is secret-rule.ts
// (isSecretValue: a value after a secret-like name, unless the metadata shows a number or a
// fixed list of words, or it is a number of seconds after a time-like name); here it is applied
// to what writers hold: a typed line (read with the cached metadata, or with the words a run
// resolved), a router request, and any text or JSON an answer or an error brings back.
//
// A writer added later (fleet JSON lines, a class board) imports this module and nothing else
// of the rule: `redactLine` for a line it keeps, `lineSecrets` + `scrubSecrets` for output.
import { RoutershError } from '../errors.js';
import type { RouterRequest } from '../api/router/types.js';
import { plainValues, redactOptionsOf } from './plain-values.js';
import { type RedactOptions, redact, secretRanges } from './redact.js';
import { isSecretName, isSecretValue, REDACTED } from './secret-rule.js';
import { type ScannedLine, scanLine } from './tokenize.js';
import type { CacheView, ResolvedWord } from './types.js';

export {
  isSecondsValue,
  isSecretName,
  isSecretSlot,
  isSecretValue,
  REDACTED,
  SECRET_WORDS,
  type SlotShape,
  TIME_WORDS,
} from './secret-rule.js';
export { secretWordIndexes } from './secret-slots.js';

/**
 * Where a line's metadata comes from: the session's cache as it is now (the screen, history),
 * or the words a run resolved (the journal, a run's output). `context`: the `edit` context.
 */
export type LineSource =
  | { cache: CacheView; context: readonly string[]; scan?: ScannedLine | undefined }
  | { words: readonly ResolvedWord[]; context: readonly string[]; scan?: ScannedLine | undefined };

function optionsOf(line: string, from?: LineSource): RedactOptions {
  if (!from) return {};
  if ('words' in from) return redactOptionsOf(from.words, from.context, from.scan);
  return plainValues(line, { cache: from.cache, context: from.context }, from.scan);
}

/**
 * The line as it is kept (history file and screen, the journal): each secret value is `***`.
 * Without `from` (no metadata), every value after a secret-like name is one (the safe failure).
 */
export function redactLine(line: string, from?: LineSource): string {
  return redact(line, optionsOf(line, from));
}

/** Where the line's secret values are (UTF-16 indices, end exclusive): the screen masks them. */
export function lineSecretRanges(line: string, from?: LineSource): Array<{ start: number; end: number }> {
  return secretRanges(line, optionsOf(line, from));
}

/**
 * The secrets of lines whose resolved words are shared by many hosts' runs (frozen: a fleet
 * run's lang/shared-resolutions.ts): the same line, context and words give the same secrets,
 * found once.
 */
const byWords = new WeakMap<
  readonly ResolvedWord[],
  { line: string; context: string; secrets: readonly string[] }
>();

/** The line's secret values, as typed and as the lexer reads them (unquoted): what output must never show. */
export function lineSecrets(line: string, from?: LineSource): string[] {
  if (!from || !('words' in from) || !Object.isFrozen(from.words)) return findSecrets(line, from);
  const context = from.context.join('\0');
  const kept = byWords.get(from.words);
  if (kept && kept.line === line && kept.context === context) return [...kept.secrets];
  const secrets = findSecrets(line, from);
  byWords.set(from.words, { line, context, secrets: [...secrets] });
  return secrets;
}

function findSecrets(line: string, from?: LineSource): string[] {
  const out = new Set<string>();
  for (const r of lineSecretRanges(line, from)) {
    const typed = line.slice(r.start, r.end);
    out.add(typed);
    const value = scanLine(typed).tokens[0]?.text;
    if (value !== undefined) out.add(value);
  }
  out.delete('');
  out.delete(REDACTED);
  return [...out];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function scrubString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

function scrubWalk(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return scrubString(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubWalk(v, secrets));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[scrubString(k, secrets)] = scrubWalk(v, secrets);
    return out;
  }
  return value;
}

/**
 * `value` (text, or JSON-like: strings, keys too) with every occurrence of each secret replaced by
 * `***`: a router that echoes the request (`"Node":[…,"password","X"]`) or quotes a value in its
 * refusal shows none. A short secret hides every copy of itself (the safe failure).
 */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const list = [...new Set(secrets.filter((s) => s !== '' && s !== REDACTED))].sort(
    (a, b) => b.length - a.length,
  );
  return list.length === 0 ? value : (scrubWalk(value, list) as T);
}

/** An error with the secrets scrubbed from its message and its details (`--json` prints both). */
export function scrubError(e: RoutershError, secrets: readonly string[]): RoutershError {
  const message = scrubSecrets(e.message, secrets);
  const details = scrubSecrets(e.details, secrets);
  if (message === e.message && details === e.details) return e;
  return new RoutershError(e.code, message, details);
}

/**
 * The values of `words` that the metadata showed are not secrets although named like one (a
 * number slot, a fixed list of words): redactRequest's `plain`, for a run's resolved words.
 */
export function plainOf(
  words: readonly ResolvedWord[],
  context: readonly string[],
): ((name: string, value: string) => boolean) | undefined {
  const plain = redactOptionsOf(words, context).isPlainValue;
  return plain ? (name, value) => plain(name, value, []) : undefined;
}

/** A request as it may be kept: path words and option values in secret slots become `***`. */
export interface RedactedRequest {
  request: RouterRequest;
  /** A secret sat in the path: its metadata is never read (the walker never GETs it either). */
  secretInPath: boolean;
  secretOption: boolean;
}

/**
 * `plain`: values the metadata showed are not secrets (a number slot, a fixed list of words), by
 * the name they follow; absent, THE predicate judges each value without metadata.
 */
export function redactRequest(
  req: RouterRequest,
  plain?: (name: string, value: string) => boolean,
): RedactedRequest {
  const secret = (name: string, value: string) =>
    secretNamed(name) && isSecretValue(name, value) && !plain?.(name, value);
  const hideWord = (w: string, i: number) => i > 0 && secret(req.words[i - 1]!, w);
  const hideOption = ([k, v]: [string, ReadonlyArray<string | number>]) =>
    v.some((x) => secret(k, String(x)));
  const secretInPath = req.words.some(hideWord);
  const entries = req.options ? Object.entries(req.options) : [];
  const secretOption = entries.some(hideOption);
  // Nothing to hide: the request itself, not a copy (a 65,536-entry import's record held a
  // second copy of every request while it ran).
  if (!secretInPath && !secretOption && keptAsIs(req)) return { request: req, secretInPath, secretOption };
  const request: RouterRequest = {
    method: req.method,
    words: req.words.map((w, i) => (hideWord(w, i) ? REDACTED : w)),
    ...(req.actions ? { actions: [...req.actions] } : {}),
  };
  if (req.options)
    request.options = Object.fromEntries(
      entries.map(([k, v]) => [k, hideOption([k, v]) ? v.map(() => REDACTED) : [...v]]),
    );
  return { request, secretInPath, secretOption };
}

/**
 * isSecretName, remembered per name: a bulk change asks it of the same few words for each of
 * its 65,536 requests. Bounded: names come from routers and lines, not from a fixed set.
 */
const namedCache = new Map<string, boolean>();
function secretNamed(name: string): boolean {
  let v = namedCache.get(name);
  if (v === undefined) {
    v = isSecretName(name);
    if (namedCache.size >= 4096) namedCache.clear();
    namedCache.set(name, v);
  }
  return v;
}

/** A request with no field but those the journal keeps: kept as it is, it reads as its copy. */
function keptAsIs(req: RouterRequest): boolean {
  for (const k in req)
    if (k !== 'method' && k !== 'words' && k !== 'actions' && k !== 'options') return false;
  return true;
}
