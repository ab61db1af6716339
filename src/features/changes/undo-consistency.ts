// Is a journal's change what it says it is? Checked without the router, before an undo sends
// anything (undo-plan.ts): a journal is a file anyone who can write it can craft.
import type { RouterRequest } from '../../api/router/types.js';
import { REDACTED } from '../../lang/secrets.js';
import { scanLine } from '../../lang/tokenize.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { inverseOf } from './journal/diff.js';
import { settingText, wireText } from './journal/text.js';
import type { Change } from '../../contract/journal.js';

// A journal is a file: anyone who can write it can make its line say one thing and its request
// another. Undo shows the line and sends requests computed from the record, so the two must
// agree, checked without the router: the line's words (THE lexer's tokens) must be the request's
// path words — each the word itself, a prefix of it (the language's abbreviations: `int` for
// `interface`), or `***` (a redacted secret) — after the verb (`no`/`delete` for a DELETE or an
// UNSET, `set` or none for a SET) and the context (a line typed inside `edit …` names only the
// rest of the path), then its options and their values in order.

const startsWith = (a: readonly string[], prefix: readonly string[]) =>
  a.length >= prefix.length && prefix.every((w, i) => a[i] === w);

const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && startsWith(a, b);

const wordFits = (typed: string, word: string) =>
  typed === word || typed === REDACTED || word === REDACTED || (typed !== '' && word.startsWith(typed));

const valueFits = (typed: string, v: string | number) =>
  typed === REDACTED ||
  v === REDACTED ||
  typed === String(v) ||
  (typeof v === 'number' && typed.trim() !== '' && Number(typed) === v);

/** The line's words as the lexer reads them, up to an output pipe; undefined: no command there. */
function lineWords(line: string): string[] | undefined {
  const scan = scanLine(line);
  if (scan.comment !== undefined || scan.openQuote !== undefined || scan.raw) return undefined;
  const pipe = scan.tokens.findIndex((t) => t.text === '|' && !t.quoted);
  const words = (pipe < 0 ? scan.tokens : scan.tokens.slice(0, pipe)).map((t) => t.text);
  if ((words[0] === 'run' || words[0] === 'do') && words.length > 1) words.shift();
  return words.length ? words : undefined;
}

/** The option words of a line against the request's options: every name and value, in order. */
function optionsFit(typed: readonly string[], options: RouterRequest['options']): boolean {
  const rest = new Map(Object.entries(options ?? {}).map(([k, v]) => [k, [...v]]));
  const seen = new Set<string>();
  for (let i = 0; i < typed.length; ) {
    const t = typed[i++]!;
    let name: string | undefined = rest.has(t) ? t : undefined;
    if (name === undefined) {
      const open = [...rest.keys()].filter(
        (k) => t !== '' && k.startsWith(t) && (rest.get(k)!.length > 0 || !seen.has(k)),
      );
      if (open.length !== 1) return false;
      name = open[0]!;
    }
    seen.add(name);
    const values = rest.get(name)!;
    // An option with values left takes the next word as one of them; a flag takes none.
    if (values.length > 0) {
      if (i >= typed.length || !valueFits(typed[i++]!, values.shift()!)) return false;
    }
  }
  return [...rest].every(([k, v]) => v.length === 0 && seen.has(k));
}

const isSet = (r: RouterRequest) =>
  r.method === 'POST' && (r.actions === undefined || (r.actions.length === 1 && r.actions[0] === 'SET'));
const isUnset = (r: RouterRequest) =>
  r.method === 'DELETE' || (r.method === 'POST' && r.actions?.length === 1 && r.actions[0] === 'UNSET');

/** Whether the path and option words (`rest`) would produce request `r`. */
function pathFits(rest: readonly string[], r: RouterRequest): boolean {
  if (r.method === 'DELETE' && r.options && Object.keys(r.options).length) return false;
  // k: the words a context (`edit …`) supplied; the line names the rest, at least one.
  for (let k = 0; k < r.words.length; k++) {
    const path = r.words.slice(k);
    if (rest.length < path.length) continue;
    if (path.every((w, i) => wordFits(rest[i]!, w)) && optionsFit(rest.slice(path.length), r.options))
      return true;
  }
  return false;
}

/**
 * Whether the line, as typed, would produce request `r`: `no` or `delete` (or its abbreviation)
 * then the words for a DELETE or an UNSET; `set` (or its abbreviation) or no verb for a SET.
 */
function lineFits(words: readonly string[], r: RouterRequest): boolean {
  const verb = words[0]!;
  const rest = words.slice(1);
  if (isUnset(r)) return (verb === 'no' || (verb !== '' && 'delete'.startsWith(verb))) && pathFits(rest, r);
  if (!isSet(r)) return false;
  return pathFits(words, r) || (verb !== '' && 'set'.startsWith(verb) && pathFits(rest, r));
}

/** `match-list import|sync LIST …`: one change of LIST's entry node, entries added or removed. */
function bulkFits(words: readonly string[], c: Change): boolean {
  const [cmd, sub, list] = words;
  if (cmd !== 'match-list' || list === undefined || !(sub === 'import' || sub === 'sync')) return false;
  const at = c.words.indexOf('match-list');
  if (at < 0 || c.words[at + 1] !== list) return false;
  return c.requests.every(
    (r) =>
      r.method === 'POST' &&
      r.actions?.length === 1 &&
      (r.actions[0] === 'SET' || r.actions[0] === 'UNSET') &&
      sameWords(r.words, c.words),
  );
}

/**
 * Whether request `r` of an undo stays on the change's node: the node itself or below it, or —
 * a single-valued slot (`mtu 1500` → `mtu 9000`) — the old value set back beside it.
 */
function onNode(r: RouterRequest, node: readonly string[]): boolean {
  if (startsWith(r.words, node)) return true;
  const beside = r.words.length === node.length && node.length > 0 && startsWith(r.words, node.slice(0, -1));
  return beside && isSet(r);
}

/**
 * Why the journal's change is not what its line says, or undefined when it is: its line must
 * produce its request(s), and its undo must address only that request's node.
 */
export function inconsistency(c: Change, file: string, root = '/api'): string | undefined {
  const head = `change #${c.seq} of ${sanitizeLine(file)} is inconsistent: its line says '${sanitizeLine(c.line)}'`;
  const words = lineWords(c.line);
  const first = c.requests[0];
  if (!first) return `${head} but it records no request; not undone`;
  const bad = c.requests.find((r) => !sameWords(r.words, c.words));
  if (bad) return `${head} but its request is ${wireText(bad, root)}, not on the node it read; not undone`;
  const fits =
    words !== undefined && ((c.requests.length === 1 && lineFits(words, first)) || bulkFits(words, c));
  if (!fits) {
    const more = c.requests.length > 1 ? ` (and ${c.requests.length - 1} more)` : '';
    return `${head} but its request is ${wireText(first, root)}${more}; not undone`;
  }
  const inv = inverseOf(c, settingText);
  if ('refused' in inv) return undefined;
  const off = inv.requests.find((r) => !onNode(r, c.words));
  if (off)
    return `${head} but undoing it would send ${wireText(off, root)}, off the node of its request ${wireText(first, root)}; not undone`;
  return undefined;
}
