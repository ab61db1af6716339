// The line walker: a state machine over the words of a line against node metadata, using a
// synchronous lookup only. The async resolver re-runs it after fetching what it reported as
// pending, so the synchronous (per-keystroke) and asynchronous paths cannot disagree.
import type { NodeInfo, OptionInfo } from '../api/router/types.js';
import { emptyNode } from './empty-node.js';
import {
  builtinByName,
  BUILTINS,
  isBuiltinNode,
  isVerbNode,
  SHOW_CONFIGURATION_SLOT,
  takesRouterPath,
  valueCheckOf,
} from './builtins.js';
import { HABITS, PASS_THROUGH } from './builtin-help.js';
import type { Verb } from './grammar.js';
import { lineError, quoteName } from './line-error.js';
import { dotSegmentError } from './path-guards.js';
import type { At, Lookup, WalkResult, WalkState } from './walk-state.js';

export type { At, Lookup, Phase, WalkResult, WalkState } from './walk-state.js';
import { isSecretValueSlot } from './secret-slots.js';
import { caseFix, offeredOf, optionMatchError, pathError, secretSlot, withCaseFix } from './word-errors.js';
import { matchOptionName, matchWord, optionAvailable, optionsFor } from './match.js';
import { matchesInputRe } from './regex.js';
import { valueTypeText } from './value-type.js';
import { quoteWord } from './tokenize.js';
import type { LineError, ResolvedWord, Token } from './types.js';

const ACTION_OF = { no: 'UNSET', show: 'SHOW', describe: 'DESCRIBE' } as const;
const builtinNames = new Set(BUILTINS.map((b) => b.name));

/** The node reached: full if known, 'pending' if it must be fetched first. */
export function currentNode(s: WalkState, lookup: Lookup): NodeInfo | 'pending' {
  if (s.node) return s.node;
  const r = s.secret ? 'failed' : lookup(s.path);
  if (r === 'pending') return 'pending';
  s.node = r === 'failed' ? (s.entry ?? emptyNode()) : r;
  return s.node;
}

/** Children of the line's first word: router words minus clashes with built-ins, then built-ins. */
export function firstWordChildren(root: NodeInfo): NodeInfo[] {
  return [...root.subNodes.filter((c) => !(c.type === 'Token' && builtinNames.has(c.name))), ...BUILTINS];
}

export function initialState(context: readonly string[]): WalkState {
  return {
    mode: 'router',
    builtinWords: [],
    args: [],
    action: 'SET',
    path: [...context],
    typedPath: 0,
    phase: 'first',
    options: new Map(),
    optionInfo: new Map(),
    counts: new Map(),
  };
}

export function walk(tokens: readonly Token[], context: readonly string[], lookup: Lookup): WalkResult {
  const s = initialState(context);
  const words: ResolvedWord[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const next = wordStep(s, tokens, i, lookup, words);
    if (next === 'pending') {
      for (const t of tokens.slice(i)) words.push({ token: t, role: 'pending' });
      return { state: s, words, pending: s.path };
    }
    if (next) return { state: s, words, error: next };
  }
  return { state: s, words };
}

/** What one word did: nothing more to say (undefined), an error that ends the walk, or 'pending'. */
type Next = LineError | 'pending' | undefined;

/** Word `i` against the state the words before it left: by phase, then by mode. */
function wordStep(
  s: WalkState,
  tokens: readonly Token[],
  i: number,
  lookup: Lookup,
  words: ResolvedWord[],
): Next {
  const tok = tokens[i]!;
  const at = { token: tok, wordIndex: i, column: tok.start };
  if (tok.raw !== undefined && s.mode === 'builtin' && s.phase === 'path') {
    const err = takeExpression(s, tok, i);
    words.push({ token: tok, role: err ? 'error' : 'value', ...(s.node ? { node: s.node } : {}) });
    return err;
  }
  if (s.phase === 'option-value') return optionValue(s, tok, at, words);
  if (s.phase === 'options') {
    const m = matchOptionName(tok.text, optionsFor(s.optNode!, s.action));
    const err = m.kind === 'option' ? startOption(s, m.option, at) : optionMatchError(s, m, at, tok.text);
    words.push({
      token: tok,
      role: err ? 'error' : 'option',
      ...(m.kind === 'option' ? { option: m.option } : {}),
    });
    return err;
  }
  if (s.mode === 'raw') {
    s.args.push(tok.text);
    words.push({ token: tok, role: 'builtin' });
    return undefined;
  }
  const place = placeOf(s, tok, i < tokens.length - 1, lookup, words);
  if (place === 'pending' || place === 'taken') return place === 'pending' ? place : undefined;
  return pathWord(s, tok, at, place, words);
}

/** The value of the option just named, checked by the grammar (built-ins) or its InputRe. */
function optionValue(s: WalkState, tok: Token, at: At, words: ResolvedWord[]): LineError | undefined {
  const w = tok.text;
  const o = s.option!;
  const expected = o.valueType ?? o.description ?? o.inputRe ?? '';
  // A built-in option is checked by the grammar (time.ts); a router option by its InputRe.
  const check = valueCheckOf(o);
  const said = o.valueType ? valueTypeText(o.valueType) : expected;
  const why = check ? check(w) : matchesInputRe(o.inputRe, w) ? undefined : `expected ${said}`;
  if (why !== undefined) {
    words.push({ token: tok, role: 'error', option: o });
    const secret = secretSlot(s, o.name);
    const shown = secret ? '***' : w;
    const fix = secret ? undefined : caseFix(w, offeredOf(o));
    const message = `invalid value ${quoteName(shown)} for option ${quoteName(o.name)}: ${why}`;
    const e = lineError(at, 'option-value', withCaseFix(message, fix), { expected });
    return fix === undefined ? e : { ...e, didYouMean: fix };
  }
  s.options.get(o.name)!.push(w);
  words.push({ token: tok, role: 'option-value', option: o });
  s.phase = 'options';
  return undefined;
}

/** Where a path word is matched: the node and the words it offers. */
interface Place {
  node: NodeInfo;
  children: readonly NodeInfo[];
}

/**
 * The node a path word is matched against, or 'taken' when the word was used already (a
 * built-in, a habit, a help topic), or 'pending' when the node must be fetched first.
 * `more`: words follow this one.
 */
function placeOf(
  s: WalkState,
  tok: Token,
  more: boolean,
  lookup: Lookup,
  words: ResolvedWord[],
): Place | 'taken' | 'pending' {
  const w = tok.text;
  if (s.phase === 'first') {
    const b = builtinByName(w);
    if (b) {
      enterBuiltin(s, b);
      const note = shadowNote(s, w, lookup);
      if (note) s.note = note;
      words.push({ token: tok, role: isVerbNode(b) ? 'verb' : 'builtin', node: b });
      return 'taken';
    }
    const root = currentNode(s, lookup);
    if (root === 'pending') return 'pending';
    if (Object.hasOwn(HABITS, w) && !hasToken(root, w)) {
      // `run CMD` / `do CMD` run CMD; `configure`, a bare `run`… answer with a hint.
      words.push({ token: tok, role: 'verb' });
      if (PASS_THROUGH.has(w) && more) {
        // As Cisco's `do` and Junos' `run` from configuration mode: the command runs from the
        // top, whatever the context.
        s.path = [];
        delete s.node;
        return 'taken';
      }
      s.mode = 'raw';
      s.args.push(w);
      return 'taken';
    }
    return { node: root, children: firstWordChildren(root) };
  }
  if (s.mode === 'builtin') return { node: s.node!, children: s.node!.subNodes };
  const topic = s.typedPath === 0 && (s.pathBuiltin?.name === 'help' || s.verb === 'describe');
  // `help WORD` names a built-in first; `describe WORD` a router node of that name first.
  if (topic && s.pathBuiltin && builtinByName(w)) {
    enterHelp(s, w);
    words.push({ token: tok, role: 'builtin' });
    return 'taken';
  }
  const cur = currentNode(s, lookup);
  if (cur === 'pending') return 'pending';
  if (s.verb === 'show' && s.typedPath === 0 && w === 'configuration' && !hasToken(cur, w)) {
    enterShowConfiguration(s);
    words.push({ token: tok, role: 'builtin', ...(s.node ? { node: s.node } : {}) });
    return 'taken';
  }
  if (topic && !hasToken(cur, w) && isHelpTopic(w)) {
    enterHelp(s, w);
    words.push({ token: tok, role: 'builtin' });
    return 'taken';
  }
  return { node: cur, children: cur.subNodes };
}

/** A path word matched at its place: a token, a value, an option, or the error that says why not. */
function pathWord(s: WalkState, tok: Token, at: At, { node, children }: Place, words: ResolvedWord[]): Next {
  const w = tok.text;
  const dot = s.mode === 'router' ? dotSegmentError(at, w) : undefined;
  if (dot) {
    words.push({ token: tok, role: 'error' });
    return dot;
  }
  const wasFirst = s.phase === 'first';
  s.phase = 'path';
  const m = matchWord(w, children, optionsFor(node, s.action));
  if (m.kind === 'token' && wasFirst && isBuiltinNode(m.node)) {
    enterBuiltin(s, m.node);
    words.push({ token: tok, role: isVerbNode(m.node) ? 'verb' : 'builtin', node: m.node });
    return undefined;
  }
  if (m.kind === 'token' || m.kind === 'value') {
    if (s.mode === 'builtin') {
      if (m.kind === 'token') s.builtinWords.push(m.node.name);
      else s.args.push(w);
      s.node = m.node;
    } else {
      if (m.kind === 'value' && isSecretValueSlot(s.path, m.node)) s.secret = true;
      s.path.push(m.kind === 'token' ? m.node.name : w);
      s.typedPath++;
      s.entry = m.node;
      delete s.node;
    }
    const role = s.mode === 'builtin' && m.kind === 'token' ? 'builtin' : m.kind;
    words.push({ token: tok, role, node: m.node });
    return undefined;
  }
  if (m.kind === 'option') {
    s.optNode = node;
    s.phase = 'options';
    const err = startOption(s, m.option, at);
    words.push({ token: tok, role: err ? 'error' : 'option', option: m.option });
    return err;
  }
  words.push({ token: tok, role: 'error' });
  if (m.kind === 'ambiguous-option') {
    s.optNode = node;
    return optionMatchError(s, m, at, w)!;
  }
  const err = pathError(s, node, children, m, at, w);
  const prev = words.at(-2);
  if (prev?.role === 'value' && err.candidates.length === 0 && !s.secret) {
    // `description rack #3`: a value with blanks is one quoted word.
    const both = `${prev.token.text} ${w}`;
    err.message += ` (a value with blanks is quoted: ${quoteWord(both)})`;
  }
  return err;
}

/**
 * `show configuration …` is `config show …` (the whole configuration), unless the router has a
 * word `configuration` here: then the router's word wins and `config show` stays.
 */
function enterShowConfiguration(s: WalkState): void {
  delete s.verb;
  s.action = 'SET';
  s.mode = 'builtin';
  s.builtinWords = ['config'];
  s.args.push('show');
  // A slot of the `config` built-in: the words after it are its arguments.
  s.node = SHOW_CONFIGURATION_SLOT;
}

/** The rest of the line names a help topic: the line runs `help` on it. */
function enterHelp(s: WalkState, w: string): void {
  s.mode = 'raw';
  delete s.verb;
  s.args.push(w);
}

const hasToken = (n: NodeInfo, w: string) => n.subNodes.some((c) => c.type === 'Token' && c.name === w);

/** Words `help`/`describe` explain that are not built-ins: the verbs' explicit forms, pipes, habits. */
const isHelpTopic = (w: string) =>
  builtinByName(w) !== undefined || w === 'pipes' || w === 'pipe' || Object.hasOwn(HABITS, w);

/**
 * A built-in at the start of a line wins over a router word of the same name: when the
 * (cached) node there has one, the note says how to reach it. Never fetched for the note.
 */
function shadowNote(s: WalkState, w: string, lookup: Lookup): string | undefined {
  if (s.verb !== undefined || s.explicitSet) return undefined;
  const here = lookup(s.path);
  if (here === 'pending' || here === 'failed' || !hasToken(here, w)) return undefined;
  return `'${w}' runs the built-in; the router also has '${w}': 'set ${w} …' (or 'show ${w} …', 'delete ${w} …') reaches it`;
}

function enterBuiltin(s: WalkState, b: NodeInfo): void {
  s.phase = 'path';
  if (isVerbNode(b)) {
    const v = b.name as Verb;
    if (v === 'set') {
      s.explicitSet = true;
      return;
    }
    s.verb = v === 'delete' ? 'no' : v;
    s.action = ACTION_OF[s.verb];
  } else if (takesRouterPath(b)) {
    s.pathBuiltin = b;
    s.action = 'DESCRIBE';
  } else {
    s.mode = 'builtin';
    s.builtinWords = [b.name];
    s.node = b;
  }
}

/** The raw expression token (tokenize.ts) fills the command's value slot as it is. */
function takeExpression(s: WalkState, tok: Token, wordIndex: number): LineError | undefined {
  const slot = s.node?.subNodes.find((c) => c.type === 'Value');
  if (!slot) return lineError({ token: tok, wordIndex, column: tok.start }, 'unknown', 'no expression here');
  if (tok.rawError) {
    // The column is in the text too: -c and -f print no caret.
    const { message, column, whole } = tok.rawError;
    const e = lineError(
      { wordIndex, column },
      'value',
      whole ? message : `${message} at column ${column + 1}`,
    );
    return { ...e, length: 1 };
  }
  if (tok.rawWarning) s.warning = tok.rawWarning;
  if (tok.text === '') {
    const what = `${s.builtinWords.join(' ')} ${slot.help ?? ''}`.trim();
    return lineError(
      { token: tok, wordIndex, column: tok.start },
      'missing-value',
      `'${what}' needs a value`,
      {
        expected: slot.help ?? '',
      },
    );
  }
  s.args.push(tok.text);
  s.node = slot;
  return undefined;
}

function startOption(s: WalkState, o: OptionInfo, at: At): LineError | undefined {
  const action = s.mode === 'builtin' ? 'SET' : s.action;
  if (!optionAvailable(o, action)) {
    const avail = optionsFor(s.optNode!, action)
      .filter((x) => optionAvailable(x, action))
      .map((x) => x.name);
    const what = s.verb === 'no' ? "with 'no'" : s.verb ? `with '${s.verb}'` : 'here';
    return lineError(at, 'option-unavailable', `option ${quoteName(o.name)} is not available ${what}`, {
      candidates: avail,
    });
  }
  const used = s.counts.get(o.name) ?? 0;
  const max = Math.max(1, o.count);
  if (used >= max) {
    return lineError(
      at,
      'option-count',
      `option ${quoteName(o.name)} may be given at most ${max} time${max === 1 ? '' : 's'}`,
    );
  }
  s.counts.set(o.name, used + 1);
  s.optionInfo.set(o.name, o);
  if (!s.options.has(o.name)) s.options.set(o.name, []);
  if (isFlag(o)) s.phase = 'options';
  else {
    s.phase = 'option-value';
    s.option = o;
  }
  return undefined;
}

export const isFlag = (o: OptionInfo) => o.inputRe === undefined && o.valueType === undefined;
