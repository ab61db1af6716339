// A whole line → the request to send (or the built-in to run), checked against live metadata
// before anything is sent. resolveLine fetches what it needs; classifyLineSync uses only the
// cache and reports 'pending' words, for colouring on every keystroke.
import { valueTypeText } from './value-type.js';
import type { NodeInfo, RouterRequest } from '../api/router/types.js';
import { isRoutershError } from '../errors.js';
import { builtinNameOf, checkBuiltin } from './builtins.js';
import { pathKey } from './cache.js';
import { loadWantedEngines } from './engines.js';
import { lineError, listNames, quoteName } from './line-error.js';
import { type MetadataFailure, reportFailure, unreadable } from './metadata-failure.js';
import { tokenUsable } from './match.js';
import { isSecretName, secretNameStartingWith } from './secret-rule.js';
import { bareNoKeyMessage, refuse } from './refusals.js';
import { isNumericSlot, toNumberIfNumeric } from './regex.js';
import { type ScannedLine, scanLine } from './tokenize.js';
import type { CacheView, Classification, EngineDeps, Resolution, SyncView, Token } from './types.js';
import { currentNode, type Lookup, walk, type WalkResult, type WalkState } from './walk.js';

/**
 * Errors after which a path is treated as a leaf described by its parent: the router said no,
 * or its answer could not be read (then a verdict against the parent reports that failure).
 */
const FALLBACK_CODES = new Set(['rejected', 'command_failed', 'protocol']);

export function isAbort(e: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return e instanceof Error && e.name === 'AbortError';
}

/** At most this many speculative metadata requests per line. */
const MAX_AHEAD = 16;

/**
 * Runs the walker, fetching each path it reports as pending. With `fallbackAll` (completion)
 * every fetch error degrades to "no metadata", and nodes our own write touched are read again
 * (candidates list their SetValues); otherwise only router refusals degrade. With `ahead`
 * (how many of the tokens are whole words) the words after a pending node are requested at
 * once as path prefixes (`a`, `a/b`, `a/b/c`…), so a cold line costs about one round trip,
 * not one per word; a prefix that is not a node (an option, a wrong guess) fails, unused.
 */
export async function walkAsync(
  tokens: readonly Token[],
  deps: EngineDeps,
  signal: AbortSignal,
  finish: (r: WalkResult, lookup: Lookup) => string[] | undefined,
  fallbackAll = false,
  ahead = 0,
): Promise<{ result: WalkResult; lookup: Lookup; fetchError?: unknown; failure?: MetadataFailure }> {
  const local = new Map<string, NodeInfo | 'failed'>();
  const current = fallbackAll;
  const cache = deps.cache;
  const peek = (p: readonly string[]) => (current && cache.current ? cache.current(p) : cache.peek(p));
  // Cached nodes are used at once; prefetch revalidates them in the background when stale.
  const lookup: Lookup = (p) => {
    const hit = local.get(pathKey(p)) ?? peek(p);
    if (hit === undefined) return 'pending';
    if (hit !== 'failed') cache.prefetch?.(p);
    return hit;
  };
  // One request per path per walk; the cache shares it with every other lookup of the path.
  const asked = new Map<string, Promise<NodeInfo>>();
  const ask = (p: readonly string[]): Promise<NodeInfo> => {
    const key = pathKey(p);
    let got = asked.get(key);
    if (!got) {
      got = cache.get(p, signal, current ? { current } : undefined);
      got.catch(() => {});
      asked.set(key, got);
    }
    return got;
  };
  let fetchError: unknown;
  let failure: MetadataFailure | undefined;
  // A value checked or a word misspelt before its matcher was loaded (engines.ts): the load
  // starts at once, alongside the metadata requests, and the line is judged again when it is in.
  let engines: Promise<void> | undefined;
  for (;;) {
    signal.throwIfAborted();
    const result = walk(tokens, deps.context ?? [], lookup);
    engines = loadWantedEngines() ?? engines;
    const need = result.pending ?? (result.error ? undefined : finish(result, lookup));
    if (!need && engines) {
      await engines;
      engines = undefined;
      continue;
    }
    if (!need)
      return {
        result,
        lookup,
        ...(fetchError !== undefined ? { fetchError } : {}),
        ...(failure ? { failure } : {}),
      };
    const wanted = ask(need);
    if (ahead) {
      for (const p of aheadPaths(result, tokens.slice(0, ahead))) {
        if (asked.size >= MAX_AHEAD) break;
        if (!local.has(pathKey(p)) && peek(p) === undefined) void ask(p);
      }
    }
    try {
      local.set(pathKey(need), await wanted);
    } catch (e) {
      if (isAbort(e, signal)) throw e;
      if (!fallbackAll && !(isRoutershError(e) && FALLBACK_CODES.has(e.code))) throw e;
      fetchError = e;
      if (unreadable(e)) failure = { path: need, error: e };
      local.set(pathKey(need), 'failed');
    }
  }
}

/**
 * The paths the words after a pending node would reach if each were a path word as typed.
 * Stops before a word that may be a secret value (after a secret-like word, or one that may
 * abbreviate it: secret-slots.ts — such a value never goes into a metadata GET).
 */
function aheadPaths(r: WalkResult, tokens: readonly Token[]): string[][] {
  const from = r.words.findIndex((w) => w.role === 'pending');
  if (from < 0 || !r.pending || r.state.mode !== 'router' || r.state.secret) return [];
  const out: string[][] = [];
  let path = [...r.pending];
  for (const t of tokens.slice(from)) {
    const prev = path[path.length - 1] ?? '';
    if (t.raw !== undefined || t.text === '' || t.text === '.' || t.text === '..') break;
    if (isSecretName(prev) || secretNameStartingWith(prev) !== undefined) break;
    path = [...path, t.text];
    out.push(path);
  }
  return out;
}

/** For the final checks: the node reached, or its entry; a path to fetch when neither is known. */
function finalNeed(r: WalkResult, lookup: Lookup): string[] | undefined {
  const s = r.state;
  // The parent's entry carries the flags; an entry without any is not trusted (fetch the node).
  if (s.mode !== 'router' || s.node || (s.entry && hasFlags(s.entry))) return undefined;
  return currentNode(s, lookup) === 'pending' ? s.path : undefined;
}

const hasFlags = (n: NodeInfo) =>
  n.allowSet || n.allowUnSet || n.allowShow || n.hasSetSubnodes || n.hasUnSetSubnodes || n.hasShowSubnodes;

function finalNode(s: WalkState, lookup: Lookup): NodeInfo | undefined {
  if (s.node) return s.node;
  const r = lookup(s.path);
  if (r !== 'pending' && r !== 'failed') return r;
  return s.entry;
}

/** `typing`: the line is being typed, its last word (no space after it yet) is a mere prefix. */
export async function resolveLine(
  line: string,
  deps: EngineDeps,
  signal: AbortSignal,
  o: { typing?: boolean; scan?: ScannedLine | undefined } = {},
): Promise<Resolution> {
  const scan = o.scan ?? scanLine(line);
  const { tokens } = scan;
  if (tokens.length === 0) return { kind: 'empty' };
  // The last word's own node is asked ahead only while typing after it (the next word needs it):
  // for a whole line the parent's entry (its flags) decides (finalNeed asks for the node only
  // when the entry has none), and a word being typed is a mere prefix. For `-c "show
  // interface"` it was a request and a connection of their own, unused.
  const after = o.typing === true && tokens[tokens.length - 1]!.end < line.length;
  const ahead = after ? tokens.length : tokens.length - 1;
  const { result, lookup, failure } = await walkAsync(tokens, deps, signal, finalNeed, false, ahead);
  return reportFailure(refuse(finalize(result, tokens, line, lookup), result, scan, line), failure);
}

function syncLookup(cache: CacheView): Lookup {
  return (p) => cache.peek(p) ?? 'pending';
}

/** Synchronous: only cached metadata; words that need more are 'pending'. Never awaits. */
export function classifyLineSync(line: string, view: SyncView, read?: ScannedLine): Classification {
  const scan = read ?? scanLine(line);
  const { tokens } = scan;
  if (tokens.length === 0) return { kind: 'empty' };
  const lookup = syncLookup(view.cache);
  const result = walk(tokens, view.context ?? [], lookup);
  if (result.pending) return { kind: 'pending', words: result.words };
  if (!result.error && finalNeed(result, lookup)) return { kind: 'pending', words: result.words };
  return refuse(finalize(result, tokens, line, lookup), result, scan, line);
}

function finalize(r: WalkResult, tokens: readonly Token[], line: string, lookup: Lookup): Resolution {
  const res = finalizeWalk(r, tokens, line, lookup);
  if (res.kind !== 'builtin') return res;
  const { note, warning } = r.state;
  return { ...res, ...(note ? { note } : {}), ...(warning ? { warning } : {}) };
}

function finalizeWalk(r: WalkResult, tokens: readonly Token[], line: string, lookup: Lookup): Resolution {
  const { state: s, words } = r;
  if (r.error) return { kind: 'error', error: r.error, words };
  const last = tokens[tokens.length - 1];
  const end = { wordIndex: tokens.length, column: last ? last.end : line.length };
  const err = (
    reason: Parameters<typeof lineError>[1],
    message: string,
    o: Parameters<typeof lineError>[3] = {},
  ) => ({ kind: 'error', error: lineError(end, reason, message, o), words }) as const;

  if (s.phase === 'option-value') {
    const o = s.option!;
    const expected = o.valueType ?? o.description ?? '';
    const said = o.valueType ? valueTypeText(o.valueType) : expected;
    return err('missing-value', `option ${quoteName(o.name)} needs a value${said ? `: ${said}` : ''}`, {
      expected,
    });
  }
  const options: Record<string, string[]> = Object.fromEntries(s.options);
  if (s.mode === 'raw') return { kind: 'builtin', name: 'help', args: s.args, options: {}, words };
  if (s.mode === 'builtin') {
    const n = s.node!;
    const name = builtinNameOf(n);
    if (!n.allowSet || name === undefined) return incomplete(err, n, 'SET', s.builtinWords.join(' '));
    const why = checkBuiltin(name, options);
    if (why) return err('builtin', `${name}: ${why}`);
    return { kind: 'builtin', name, args: s.args, options, words };
  }
  if (s.pathBuiltin) {
    const b = s.pathBuiltin;
    const name = builtinNameOf(b);
    if (name === undefined || (!b.allowSet && s.typedPath === 0))
      return err('incomplete', `incomplete command: '${b.name}' needs a word`);
    return { kind: 'builtin', name, args: s.path, options: {}, words };
  }
  const n = finalNode(s, lookup) ?? undefined;
  const words0 = s.path;
  if (s.verb === 'describe') return { kind: 'router', request: { method: 'GET', words: words0 }, words };
  if (!n) return err('incomplete', 'incomplete command');
  const sent: Record<string, Array<string | number>> = {};
  for (const [name, values] of s.options) {
    const o = s.optionInfo.get(name)!;
    const numeric = isNumericSlot(o.valueType, o.inputRe);
    sent[name] = values.map((v) => toNumberIfNumeric(v, numeric));
  }
  const hasOptions = s.options.size > 0;
  const request: RouterRequest = { method: 'POST', words: words0 };
  if (s.verb === 'no') {
    if (!n.allowUnSet) return incomplete(err, n, 'UNSET', words0.join(' '));
    const bare = hasOptions ? undefined : bareNoKeyMessage(n, words0);
    if (bare) return err('key', bare.message, { candidates: bare.candidates });
    if (!hasOptions) return { kind: 'router', request: { method: 'DELETE', words: words0 }, words };
    const missing = (s.optNode?.possibleOptions ?? []).filter((o) => o.key && !s.options.has(o.name));
    if (missing.length > 0) {
      const names = missing.map((o) => o.name);
      return err('key', `'no … OPTION' needs the key option ${names.map(quoteName).join(', ')}`, {
        candidates: names,
      });
    }
    request.actions = ['UNSET'];
  } else if (s.verb === 'show') {
    if (!n.allowShow) return incomplete(err, n, 'SHOW', words0.join(' '));
    request.actions = ['SHOW'];
  } else {
    if (!n.allowSet) return incomplete(err, n, 'SET', words0.join(' '));
    request.actions = ['SET'];
  }
  if (hasOptions) request.options = sent;
  return { kind: 'router', request, words };
}

type Err = (
  reason: 'incomplete',
  message: string,
  o?: { candidates?: string[]; expected?: string },
) => Extract<Resolution, { kind: 'error' }>;

function incomplete(err: Err, n: NodeInfo, action: 'SET' | 'UNSET' | 'SHOW', after: string): Resolution {
  const tokens = n.subNodes.filter((c) => c.type === 'Token' && tokenUsable(c, action)).map((c) => c.name);
  const values = n.subNodes.filter((c) => c.type === 'Value').map((c) => c.help ?? c.name);
  const all = [...tokens, ...values];
  const where = after ? ` after ${quoteName(after)}` : '';
  const list = all.length ? `: expected one of ${listNames(all)}` : '';
  const o: { candidates: string[]; expected?: string } = { candidates: tokens };
  if (values.length) o.expected = values.join(' or ');
  return err('incomplete', `incomplete command${where}${list}`, o);
}
