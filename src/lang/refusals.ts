// Lines refused locally after they resolved, before anything is sent: an unclosed quote in a
// router line (it would silently drop the quote), `***` in a secret slot, a secret in the path
// of a GET (secret-slots.ts), and a bare `no` on an entry node whose entries are named by a
// Key option (the router must refuse the DELETE). Telemetry lines are not judged here.
import type { NodeInfo } from '../api/router/types.js';
import { optionPlaceholder } from './candidates.js';
import { sanitizeLine } from '../term/sanitize.js';
import { lineError, quoteName } from './line-error.js';
import { redactedPlaceholderError, secretInPathError } from './secret-slots.js';
import { type ScannedLine, scanLine } from './tokenize.js';
import type { LineError, Resolution } from './types.js';
import type { WalkResult } from './walk.js';

/**
 * Column of the quote still open at the end of `line`. After the opening quote nothing but
 * escaped `\"` can follow inside "…" (and no ' at all inside '…'), so it is the last such
 * quote not escaped by an odd run of backslashes; the lexer confirms it.
 */
export function openQuoteColumn(line: string, quote: '"' | "'"): number | undefined {
  for (let i = line.lastIndexOf(quote); i >= 0; i = line.lastIndexOf(quote, i - 1)) {
    let slashes = 0;
    while (i - slashes - 1 >= 0 && line[i - slashes - 1] === '\\') slashes++;
    if (slashes % 2 === 1) continue;
    const opens = scanLine(line.slice(0, i + 1)).openQuote === quote;
    return opens && scanLine(line.slice(0, i)).openQuote === undefined ? i : undefined;
  }
  return undefined;
}

function unbalancedQuote(line: string, scan: ScannedLine): LineError | undefined {
  const q = scan.openQuote;
  if (q === undefined) return undefined;
  const last = scan.tokens.length - 1;
  const column = openQuoteColumn(line, q) ?? scan.tokens[last]?.start ?? line.length;
  const e = lineError(
    { wordIndex: Math.max(0, last), column },
    'unbalanced-quote',
    `unbalanced ${q} (close it, or escape it as \\${q})`,
  );
  return { ...e, length: 1 };
}

/** The refusals that apply to a resolved line; `res` itself when none does. */
export function refuse(res: Resolution, r: WalkResult, scan: ScannedLine, line: string): Resolution {
  if (res.kind === 'empty') return res;
  const { words } = res;
  const s = r.state;
  const refused = (error: LineError): Resolution => ({ kind: 'error', error, words });
  // A quote runs to the end of the line: an error in an earlier word is still the first wrong.
  const routerLine = s.mode === 'router';
  const earlier = res.kind === 'error' && res.error.wordIndex < scan.tokens.length - 1;
  const quote = routerLine && !earlier ? unbalancedQuote(line, scan) : undefined;
  if (quote) return refused(quote);
  if (res.kind === 'error') return res;
  const context = s.mode === 'router' ? s.path.slice(0, s.path.length - s.typedPath) : [];
  const placeholder = redactedPlaceholderError(words, context);
  if (placeholder) return refused(placeholder);
  const getter = s.verb === 'describe' ? 'describe' : s.pathBuiltin?.name;
  const inPath = getter ? secretInPathError(words, `'${getter}'`) : undefined;
  return inPath ? refused(inPath) : res;
}

/**
 * `no WORD…` alone on a Token whose options include a Key option available in UNSET: its
 * entries are named by that key, and a DELETE of the Token would be refused by the router.
 */
export function bareNoKeyMessage(
  node: NodeInfo,
  path: readonly string[],
): { message: string; candidates: string[] } | undefined {
  if (node.type !== 'Token') return undefined;
  const keys = node.possibleOptions.filter((o) => o.key && o.availableInUnSet);
  if (keys.length === 0) return undefined;
  const names = keys.map((o) => o.name);
  const cmd = `no … ${path.slice(-2).join(' ')}`;
  const example = sanitizeLine(keys.map((o) => `${o.name} ${optionPlaceholder(o)}`).join(' '));
  return {
    message: `${quoteName(cmd)} needs the key option ${names.map(quoteName).join(', ')} (e.g. ${sanitizeLine(cmd)} ${example})`,
    candidates: names,
  };
}
