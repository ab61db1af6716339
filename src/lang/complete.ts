// Tab completion: classify the line up to the cursor (which node, which slot), gather the
// slot's candidates, rank them against the word being typed (pgcli: suggest_type → matchers).
import { sanitizeLine } from '../term/sanitize.js';
import { ENTER, type Gathered, gather, type Item, slotNeed, toCandidate } from './candidates.js';
import { loadLangEngines } from './engines.js';
import { type Ranked, longestCommonPrefix, rank } from './rank.js';
import { metadataFailureText } from './metadata-failure.js';
import { isSecretName } from './secret-rule.js';
import { isAbort, walkAsync } from './resolve.js';
import { quoteWord, scanLine } from './tokenize.js';
import type { CacheView, Candidate, Completion, EngineDeps, SyncView, Token } from './types.js';
import { type Lookup, walk, type WalkResult } from './walk.js';

interface Prepared {
  before: Token[];
  partial: string;
  partialQuoted: boolean;
  replaceFrom: number;
  replaceTo: number;
  comment: boolean;
  /** The lexer's open quote at the cursor (what isInsideQuote answers). */
  openQuote?: '"' | "'" | '`';
  /** The partial is a raw expression (tokenize.ts): candidates are inserted as they are. */
  partialRaw: boolean;
}

function prepare(line: string, cursor: number): Prepared {
  const at = Math.max(0, Math.min(cursor, line.length));
  const scan = scanLine(line.slice(0, at), true);
  const last = scan.tokens[scan.tokens.length - 1];
  const open = scan.openQuote ?? scan.exprQuote;
  const quote = open !== undefined ? { openQuote: open } : {};
  if (scan.comment !== undefined || scan.atNewWord || !last) {
    return {
      ...quote,
      before: scan.tokens,
      partial: '',
      partialQuoted: false,
      partialRaw: false,
      replaceFrom: at,
      replaceTo: at,
      comment: scan.comment !== undefined,
    };
  }
  // A raw expression is completed on its bytes as typed (quotes and all); inside the quote
  // that wraps one still open, on the expression (expr-wrap.ts).
  const raw = last.raw !== undefined;
  const from = raw && last.quoted && !last.closed ? last.start + 1 : last.start;
  return {
    ...quote,
    before: scan.tokens.slice(0, -1),
    partial: raw ? line.slice(from, at) : last.text,
    partialQuoted: raw ? false : last.quoted,
    partialRaw: raw,
    replaceFrom: from,
    replaceTo: at,
    comment: false,
  };
}

/**
 * A dynamic value (a telemetry expression or query) typed inside quotes is still being
 * written: it is inserted with the user's quote left open, not closed as a finished word.
 */
function reopen(raw: string, quote: string | undefined): string {
  if (quote === "'" && !raw.includes("'")) return `'${raw}`;
  return `"${raw.replace(/["\\]/g, (ch) => `\\${ch}`)}`;
}

// A memoized ranking hands back the same array: its candidates are made once too.
const madeFrom = new WeakMap<readonly Item[], Candidate[]>();
function candidatesOf(items: readonly Item[]): Candidate[] {
  const hit = madeFrom.get(items);
  if (hit) return hit;
  const out = items.map(toCandidate);
  if (items.length >= 256) madeFrom.set(items, out);
  return out;
}

/** How many leading items are insertable (rank puts the placeholders last). */
function realCount(items: readonly Item[]): number {
  let n = items.length;
  while (n > 0 && !items[n - 1]!.insertable) n--;
  return n;
}

function build(p: Prepared, line: string, g: Gathered, ranked: Ranked): Completion {
  // `<Enter>` belongs to a new word: while a word is being typed, the word is what is missing.
  let items = ranked.items;
  const n = realCount(items);
  if (p.partial !== '' && items.slice(n).some((c) => c.display === ENTER))
    items = items.slice(0, n).concat(items.slice(n).filter((c) => c.display !== ENTER));
  const typed = line.slice(p.replaceFrom, p.replaceTo);
  let commonPrefix = typed;
  if (ranked.prefixCount === 1) commonPrefix = items[0]!.text;
  else if (ranked.prefixCount > 1) {
    const lcp = ranked.lcp ?? longestCommonPrefix(items.slice(0, ranked.prefixCount).map((c) => c.match));
    // An LCP that needs quotes (or was typed in quotes) is inserted with its quote still open.
    const quoted = !p.partialRaw && (p.partialQuoted || quoteWord(lcp) !== lcp);
    const open = quoted
      ? reopen(
          lcp,
          p.partialQuoted ? (p.openQuote === '`' ? '"' : (p.openQuote ?? line[p.replaceFrom])) : undefined,
        )
      : lcp;
    // An empty LCP adds nothing (and must not open a quote): the typed text stays.
    if (lcp.length >= p.partial.length && lcp !== '') commonPrefix = open;
  } else if (n === 1) commonPrefix = items[0]!.text;
  const c: Completion = {
    replaceFrom: p.replaceFrom,
    replaceTo: p.replaceTo,
    candidates: candidatesOf(items),
    commonPrefix,
  };
  if (p.openQuote !== undefined) c.openQuote = p.openQuote;
  if (g.hint !== undefined) c.hint = sanitizeLine(g.hint);
  return c;
}

/** The one next node worth fetching: an exact match, or the only candidate (exact ones rank first). */
function prefetchNext(cache: CacheView, g: Gathered, ranked: Ranked, partial: string): void {
  if (!g.base || !cache.prefetch) return;
  let pick: Item | undefined;
  let seen = 0;
  for (const c of ranked.items) {
    if (!c.insertable || NOT_NODES.has(c.kind)) continue;
    if (++seen > 1) {
      if (pick?.match !== partial) pick = undefined;
      break;
    }
    pick = c;
  }
  // A value in a secret slot never goes into a metadata GET (secret-slots.ts).
  const secret = pick?.kind !== 'token' && isSecretName(g.base[g.base.length - 1] ?? '');
  if (pick && !secret) cache.prefetch([...g.base, pick.match]);
}

const NOT_NODES: ReadonlySet<string> = new Set(['option', 'key-option', 'flag', 'verb', 'builtin']);

const empty = (p: Prepared, hint?: string): Completion => ({
  replaceFrom: p.replaceFrom,
  replaceTo: p.replaceTo,
  candidates: [],
  commonPrefix: '',
  ...(hint !== undefined ? { hint } : {}),
  ...(p.openQuote !== undefined ? { openQuote: p.openQuote } : {}),
});

export async function complete(
  line: string,
  cursor: number,
  deps: EngineDeps,
  signal: AbortSignal,
): Promise<Completion> {
  const p = prepare(line, cursor);
  if (p.comment) return empty(p);
  // Ranking may go fuzzy and values are checked: both matchers are wanted here (shared load).
  await loadLangEngines();
  const { result, lookup, fetchError, failure } = await walkAsync(p.before, deps, signal, slotNeed, true);
  const g = gather(result, lookup);
  if (g.dynamic !== undefined && deps.valueCompleter) {
    try {
      const ctx = { words: p.before.map((t) => t.text), options: Object.fromEntries(result.state.options) };
      const extra = await deps.valueCompleter(g.dynamic, p.partial, ctx, signal);
      const dyn: Item[] = extra.map((c) => ({
        ...c,
        match: c.text,
        text: c.insertable
          ? p.partialRaw
            ? c.text
            : p.partialQuoted
              ? reopen(c.text, p.openQuote ?? line[p.replaceFrom])
              : quoteWord(c.text)
          : c.text,
      }));
      g.items = [...dyn, ...g.items];
      if (g.block) g.block = { ...g.block, at: g.block.at + dyn.length };
    } catch (e) {
      if (isAbort(e, signal)) throw e;
      g.hint = `${g.hint ? `${g.hint} — ` : ''}no suggestions: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  // Candidates still come from the parent's description; the hint names why they may be short.
  if (failure) g.hint = metadataFailureText(failure);
  else if (fetchError !== undefined && g.hint === undefined) {
    g.hint = `metadata unavailable: ${fetchError instanceof Error ? fetchError.message : String(fetchError)}`;
  }
  const ranked = rank(g.items, p.partial, g.block);
  prefetchNext(deps.cache, g, ranked, p.partial);
  return build(p, line, g, ranked);
}

/** Synchronous, from the cache only; 'pending' when metadata (or a dynamic slot) is missing. */
export function completeSync(line: string, cursor: number, view: SyncView): Completion | 'pending' {
  const p = prepare(line, cursor);
  if (p.comment) return empty(p);
  // Candidates list SetValues: a node our own write touched is read again first.
  const lookup: Lookup = (path) =>
    (view.cache.current ?? view.cache.peek).call(view.cache, path) ?? 'pending';
  const result: WalkResult = walk(p.before, view.context ?? [], lookup);
  if (result.pending || slotNeed(result, lookup)) return 'pending';
  const g = gather(result, lookup);
  if (g.dynamic !== undefined && view.dynamicValues) return 'pending';
  const ranked = rank(g.items, p.partial, g.block);
  prefetchNext(view.cache, g, ranked, p.partial);
  return build(p, line, g, ranked);
}
