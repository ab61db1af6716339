// Gathering: for the slot the walker stopped at (a path word, an option name, an option's
// value), the candidates the metadata offers for the line's action — before any ranking.
import type { NodeInfo, OptionInfo } from '../api/router/types.js';
import { helpHint } from './builtin-help.js';
import {
  BUILTINS,
  builtinByName,
  helpTopicOf,
  isBuiltinNode,
  isVerbNode,
  OPTION_SLOTS,
  slotIdOf,
  valuesAtOf,
} from './builtins.js';
import { type Action, optionAvailable, tokenUsable } from './match.js';
import { sanitizeLine } from '../term/sanitize.js';
import { quoteWord } from './tokenize.js';
import type { Candidate, CandidateKind } from './types.js';
import { INDEX_MIN, type ValueIndex, valueIndexOf } from './value-index.js';
import {
  currentNode,
  firstWordChildren,
  isFlag,
  type Lookup,
  type WalkResult,
  type WalkState,
} from './walk.js';

/** A candidate plus the raw (unquoted) text it is matched on. */
export interface Item extends Candidate {
  match: string;
  /** The candidate as shown, made once (indexed values: not again on every Tab). */
  out?: Candidate;
}

/** A large value list ranked through its index; its items sit at `at` among the gathered ones. */
export interface Block {
  at: number;
  index: ValueIndex<Item>;
}

export interface Gathered {
  items: Item[];
  hint?: string;
  /** A built-in value slot the ValueCompleter may fill. */
  dynamic?: string;
  /** Router path the candidates extend (for prefetching the next node). */
  base?: string[];
  /** The insertable values of a large Value node, left out of `items`. */
  block?: Block;
}

/** Server text is made safe for the terminal here; what Tab inserts stays as the server named it. */
export function toCandidate(c: Item): Candidate {
  if (c.out) return c.out;
  const { match: _m, out: _o, ...rest } = c;
  const out: Candidate = { ...rest, display: sanitizeLine(c.display) };
  if (c.description !== undefined) out.description = sanitizeLine(c.description);
  return out;
}

/**
 * A value kept in an index: ONE object that is both the ranked Item and the Candidate shown.
 * An index holds only insertable values, whose shown text is the raw value itself (nothing to
 * sanitize), so `match` is `display` and `out` is the object itself: both are getters on the
 * prototype, not fields (own fields would reach the menu). A second object per value (the
 * candidate made apart) cost ~4.5 MB over 65,536 values; a class's constructor keeps every
 * field in-object (a property added to an object literal later costs a properties store).
 */
class IndexedValue implements Item {
  readonly text: string;
  readonly display: string;
  readonly kind: CandidateKind;
  readonly insertable = true;
  declare readonly description?: string;
  declare readonly configured?: true;
  constructor(raw: string, kind: CandidateKind, description: string | undefined, configured: boolean) {
    this.text = quoteWord(raw);
    this.display = raw;
    this.kind = kind;
    if (description !== undefined) this.description = description;
    if (configured) this.configured = true;
  }
  get match(): string {
    return this.display;
  }
  get out(): Candidate {
    return this;
  }
}

/**
 * The values of an index, each once, first seen first: insertable ones as IndexedValue, the few
 * with control characters as plain items (listed, never inserted). Made straight from the
 * router's lists: no candidate per value made first and copied after.
 */
function indexItems(
  lists: ReadonlyArray<{ values: Iterable<string>; kind: CandidateKind; configured: boolean }>,
  description: string | undefined,
): Item[] {
  const seen = new Set<string>();
  const out: Item[] = [];
  const shown = description === undefined || description === '' ? undefined : sanitizeLine(description);
  for (const { values, kind, configured } of lists)
    for (const raw of values) {
      if (raw === '' || seen.has(raw)) continue;
      seen.add(raw);
      out.push(
        sanitizeLine(raw) === raw
          ? new IndexedValue(raw, kind, shown, configured)
          : item(raw, kind, description, configured),
      );
    }
  return out;
}

function item(raw: string, kind: CandidateKind, description?: string, configured?: boolean): Item {
  // A word holding control or format characters cannot be inserted as it is (the editor
  // would clean it into another word): it is listed, shown sanitized, and typed by hand.
  const clean = sanitizeLine(raw) === raw;
  const c: Item = { match: raw, text: quoteWord(raw), display: raw, kind, insertable: clean };
  const note = clean
    ? description
    : `holds control characters: not inserted${description ? ` — ${description}` : ''}`;
  if (note !== undefined && note !== '') c.description = note;
  if (configured) c.configured = true;
  return c;
}

function placeholder(display: string, description?: string): Item {
  const c: Item = { match: '', text: '', display, kind: 'placeholder', insertable: false };
  if (description !== undefined && description !== '') c.description = description;
  return c;
}

/**
 * Junos' `<[Enter]>`: the words so far already make a complete command for the verb (the
 * node allows the action and every Key option an UNSET needs is there). Shown, not inserted.
 */
export const ENTER = '<Enter>';

function enterItem(s: WalkState, node: NodeInfo | undefined): Item[] {
  if (s.mode !== 'router' || !node || s.typedPath === 0) return [];
  const keysGiven = node.possibleOptions.every((o) => !o.key || !o.availableInUnSet || s.options.has(o.name));
  const complete =
    s.action === 'DESCRIBE' ||
    (s.action === 'SET' && node.allowSet) ||
    (s.action === 'SHOW' && node.allowShow) ||
    // `no` with options removes one entry: its Key must be there. `no` alone deletes a value
    // (an interface, a list), but not a Token whose entries are only named by a Key option.
    (s.action === 'UNSET' &&
      node.allowUnSet &&
      (s.options.size > 0 ? keysGiven : node.type === 'Value' || keysGiven));
  return complete ? [placeholder(ENTER, 'run the command as typed')] : [];
}

export const placeholderOf = (n: NodeInfo) => n.help ?? `<${n.name.replace(/^%/, '').toLowerCase()}>`;
export const optionPlaceholder = (o: OptionInfo) =>
  o.valueType ? `<${o.valueType.replace(/^%/, '').toLowerCase()}>` : '<value>';

/** The slot needs the full node reached: the path to fetch, if it is not known yet. */
export function slotNeed(r: WalkResult, lookup: Lookup): string[] | undefined {
  const s = r.state;
  if (!r.error && s.mode === 'builtin' && s.phase !== 'option-value') {
    const path = routerValuesPath(s.node!);
    return path && lookup(path) === 'pending' ? [...path] : undefined;
  }
  if (r.error || s.mode !== 'router') return undefined;
  if (s.phase !== 'first' && s.phase !== 'path') return undefined;
  return currentNode(s, lookup) === 'pending' ? s.path : undefined;
}

function optionItems(s: WalkState, node: NodeInfo, action: Action): Item[] {
  if (action === 'DESCRIBE') return [];
  const out: Item[] = [];
  for (const o of node.possibleOptions) {
    if (!optionAvailable(o, action)) continue;
    if ((s.counts.get(o.name) ?? 0) >= Math.max(1, o.count)) continue;
    const kind: CandidateKind = o.key ? 'key-option' : isFlag(o) ? 'flag' : 'option';
    out.push(item(o.name, kind, o.description));
  }
  return out;
}

function valueItems(v: NodeInfo, action: Action, seen: Set<string>): Item[] {
  const out: Item[] = [];
  const add = (raw: string, kind: CandidateKind, configured: boolean) => {
    if (raw === '' || seen.has(raw)) return;
    seen.add(raw);
    const note = v.valueNotes?.[raw];
    out.push(
      item(
        raw,
        kind,
        note === undefined ? v.description : `${note} ${v.description ?? ''}`.trim(),
        configured,
      ),
    );
  };
  for (const x of v.setValues) add(x, 'configured', true);
  if (action === 'UNSET') return out;
  for (const x of v.possibleValues) add(x, 'possible', false);
  return out;
}

/** A large Value node's values through its index (built once per metadata version). */
function valueBlock(v: NodeInfo, action: Action): ValueIndex<Item> | undefined {
  if (v.setValues.length + (action === 'UNSET' ? 0 : v.possibleValues.length) < INDEX_MIN) return undefined;
  return valueIndexOf(v, action === 'UNSET' ? 'set' : 'all', () =>
    indexItems(
      [
        { values: v.setValues, kind: 'configured', configured: true },
        ...(action === 'UNSET'
          ? []
          : [{ values: v.possibleValues, kind: 'possible' as const, configured: false }]),
      ],
      v.description,
    ),
  );
}

/** The values an option holds in the node's configured entries (SetOptions), in their order. */
function* optionValues(n: NodeInfo, name: string): Generator<string> {
  for (const rec of n.setOptions) yield* rec[name] ?? [];
}

/** The values an option holds in the node's configured entries (SetOptions), first seen first. */
function optionValueItems(n: NodeInfo | undefined, name: string): Item[] {
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const rec of n?.setOptions ?? []) {
    for (const v of rec[name] ?? []) {
      if (seen.has(v)) continue;
      seen.add(v);
      items.push(item(v, 'configured', undefined, true));
    }
  }
  return items;
}

/**
 * A match-list's members (an option's values over 65,536 entries) through an index built once
 * per metadata version, like a large Value node's values: a Tab never walks SetOptions again.
 */
function optionValueBlock(n: NodeInfo, name: string): ValueIndex<Item> | undefined {
  if (n.setOptions.length < INDEX_MIN) return undefined;
  return valueIndexOf(n, `option\u0000${name}`, () =>
    indexItems([{ values: optionValues(n, name), kind: 'configured', configured: true }], undefined),
  );
}

/** Token sub-nodes, then values, then options, then placeholders (the order shown). */
function nodeItems(s: WalkState, node: NodeInfo, children: readonly NodeInfo[], action: Action): Gathered {
  const tokens: Item[] = [];
  const builtins: Item[] = [];
  const values: Item[] = [];
  const holders: Item[] = [];
  const seen = new Set<string>();
  const hints: string[] = [];
  let dynamic: string | undefined;
  const valueNodes = children.filter((c) => c.type !== 'Token');
  const big = valueNodes.length === 1 ? valueBlock(valueNodes[0]!, action) : undefined;
  for (const c of children) {
    if (c.type === 'Token') {
      if (!tokenUsable(c, action)) continue;
      if (isBuiltinNode(c) && BUILTINS.includes(c))
        builtins.push(item(c.name, isVerbNode(c) ? 'verb' : 'builtin', c.description));
      else tokens.push(item(c.name, 'token', c.description));
      continue;
    }
    if (big) values.push(...big.others);
    else values.push(...valueItems(c, action, seen));
    if (action !== 'UNSET') {
      holders.push(placeholder(placeholderOf(c), c.description));
      hints.push(c.help ?? c.description ?? c.name);
    }
    dynamic ??= slotIdOf(c);
  }
  const g: Gathered = {
    items: [...tokens, ...values, ...optionItems(s, node, action), ...builtins, ...holders],
  };
  if (hints.length) g.hint = hints.join(' or ');
  if (big) g.block = { at: tokens.length, index: big };
  if (dynamic !== undefined) g.dynamic = dynamic;
  return g;
}

/** After a built-in's word, the hint is its one-line help (syntax, what it does, examples). */
function withHelp(g: Gathered, n: NodeInfo): Gathered {
  const topic = helpTopicOf(n);
  if (topic !== undefined) g.hint = helpHint(topic, n.description ?? '');
  return g;
}

/** A built-in slot completed from the router (`monitor match-list <Tab>`: the list names). */
function routerValuesPath(n: NodeInfo): readonly string[] | undefined {
  for (const c of n.subNodes) {
    const path = valuesAtOf(c);
    if (path) return path;
  }
  return undefined;
}

function routerValueItems(n: NodeInfo, lookup: Lookup): Item[] {
  const path = routerValuesPath(n);
  const at = path ? lookup(path) : undefined;
  if (at === undefined || at === 'pending' || at === 'failed') return [];
  const seen = new Set<string>();
  return at.subNodes.filter((c) => c.type === 'Value').flatMap((c) => valueItems(c, 'UNSET', seen));
}

/** Candidates for the slot after the walked words; `lookup` has what the walk needed. */
export function gather(r: WalkResult, lookup: Lookup): Gathered {
  const s = r.state;
  if (r.error) return { items: [], hint: r.error.message };
  const action: Action = s.mode === 'builtin' ? 'SET' : s.action;
  if (s.phase === 'option-value') {
    const o = s.option!;
    const holder = optionPlaceholder(o);
    const big = s.optNode ? optionValueBlock(s.optNode, o.name) : undefined;
    const items = big ? [] : optionValueItems(s.optNode, o.name);
    items.push(placeholder(holder, o.description));
    const g: Gathered = { items, hint: `${o.name} ${holder}${o.description ? `: ${o.description}` : ''}` };
    if (big) g.block = { at: 0, index: big };
    const dyn = s.mode === 'builtin' ? OPTION_SLOTS[o.name] : undefined;
    if (dyn !== undefined) g.dynamic = dyn;
    return g;
  }
  if (s.phase === 'options')
    return { items: [...optionItems(s, s.optNode!, action), ...enterItem(s, s.optNode)] };
  if (s.mode === 'raw') return { items: [] };
  if (s.mode === 'builtin') {
    const g = withHelp(nodeItems(s, s.node!, s.node!.subNodes, 'SET'), s.node!);
    return { ...g, items: [...routerValueItems(s.node!, lookup), ...g.items] };
  }
  const node = currentNode(s, lookup);
  if (node === 'pending') return { items: [] };
  if (s.phase === 'first') return { ...nodeItems(s, node, firstWordChildren(node), 'SET'), base: s.path };
  const g = nodeItems(s, node, node.subNodes, action);
  g.items.push(...enterItem(s, node));
  const verb = s.verb ?? (s.explicitSet ? 'set' : undefined);
  const head = s.typedPath === 0 ? (s.pathBuiltin ?? (verb ? builtinByName(verb) : undefined)) : undefined;
  if (head) withHelp(g, head);
  // `show configuration`: the whole configuration (walk.ts), unless the router has the word here.
  if (s.verb === 'show' && s.typedPath === 0 && !node.subNodes.some((c) => c.name === 'configuration')) {
    g.items.push(item('configuration', 'builtin', 'the whole configuration as lines (config show)'));
  }
  if (s.pathBuiltin?.name === 'help' && s.typedPath === 0) {
    g.items.push(...BUILTINS.map((b) => item(b.name, isVerbNode(b) ? 'verb' : 'builtin', b.description)));
  }
  return { ...g, base: s.path };
}
