// A dry run of one line: resolve and validate it against the live metadata (GETs only), then
// check what the metadata alone cannot — that the entries it addresses exist — against the
// overlay of what earlier lines of the run would have created or deleted (lang/overlay.ts).
// Nothing is sent; the result says what would be. Read-only built-ins are not run.
import type { NodeInfo, RouterRequest } from '../../api/router/types.js';
import { asRoutershError, RoutershError } from '../../errors.js';
import { type BuiltinName, quoteWord, type Resolution, type ResolvedWord } from '../../lang/index.js';
import { keyTuple, type Overlay } from '../../lang/overlay.js';
import { nextContext } from '../../lang/context.js';
import type { RunState, Services } from '../../contract/services.js';
import { parseMatchListArgs } from '../match-list/args.js';
import { listWords } from '../match-list/target.js';
import type { LineErrorInfo } from '../../contract/outcome.js';

export type DryStatus = 'ok' | 'unchecked' | 'invalid' | 'not-run' | 'context';

export interface DryLine {
  status: DryStatus;
  /** The request that would be sent (ok, unchecked), with the words it came from. */
  request?: RouterRequest;
  words?: ResolvedWord[];
  /** Why a line is unchecked or not run. */
  why?: string;
  error?: RoutershError;
  at?: LineErrorInfo;
  /** The context after the line (edit, up, top); `exit` ends the run. */
  context?: string[];
  exit?: boolean;
}

export interface DryEnv {
  state: RunState;
  services: Services;
  overlay: Overlay;
  signal: AbortSignal;
}

/** Checks `line` (without its output pipes) and records its predicted effect in the overlay. */
export async function dryRunLine(line: string, env: DryEnv): Promise<DryLine> {
  try {
    const res = await env.services.resolve(line, env.state.context, env.signal);
    return await judge(res, env);
  } catch (e) {
    return { status: 'invalid', error: asRoutershError(e) };
  }
}

/** The built-in line `dry-run WORD…` as a line again (its words were unquoted by the lexer). */
export const innerLine = (args: readonly string[]): string => args.map(quoteWord).join(' ');

async function judge(res: Resolution, env: DryEnv): Promise<DryLine> {
  switch (res.kind) {
    case 'empty':
      return { status: 'not-run', why: 'empty' };
    case 'error': {
      const created = env.overlay.createdPrefix(walkedPath(res.words, env.state.context));
      if (created && UNKNOWABLE.has(res.error.reason)) {
        return {
          status: 'unchecked',
          words: res.words,
          why: `'${created.join(' ')}' is created by an earlier line: its metadata cannot be read before (${res.error.message})`,
        };
      }
      const e = res.error;
      return {
        status: 'invalid',
        error: new RoutershError('validation', e.message, { column: e.column + 1, word: e.wordIndex }),
        at: { column: e.column, length: e.length, wordIndex: e.wordIndex },
      };
    }
    case 'router':
      return judgeRequest(res.request, res.words, env);
    case 'builtin':
      return judgeBuiltin(res.name, res.args, env);
    default: {
      const never: never = res;
      throw new Error(`unhandled resolution ${(never as { kind: string }).kind}`);
    }
  }
}

/** Errors that a node created earlier in the run may explain (its metadata is not there yet). */
const UNKNOWABLE = new Set([
  'unknown',
  'ambiguous',
  'incomplete',
  'option-unknown',
  'option-unavailable',
  'missing-value',
  'metadata',
]);

/** The router path the words walked (context first), up to the first word that failed. */
function walkedPath(words: readonly ResolvedWord[], context: readonly string[]): string[] {
  const out = [...context];
  for (const w of words) {
    if (w.role === 'token') out.push(w.node?.name ?? w.token.text);
    else if (w.role === 'value') out.push(w.token.text);
    else if (w.role === 'error' || w.role === 'pending') break;
  }
  return out;
}

/** The path words of a router line, each with its absolute index and the node it matched. */
function pathWords(words: readonly ResolvedWord[], context: readonly string[]) {
  const out: Array<{ index: number; word: ResolvedWord }> = [];
  let index = context.length;
  for (const w of words) if (w.role === 'token' || w.role === 'value') out.push({ index: index++, word: w });
  return out;
}

const isWrite = (r: RouterRequest) =>
  r.method === 'DELETE' || (r.method === 'POST' && !(r.actions ?? []).includes('SHOW'));

function judgeRequest(request: RouterRequest, words: ResolvedWord[], env: DryEnv): DryLine {
  if (!isWrite(request)) return { status: 'ok', request, words };
  const { overlay } = env;
  const path = request.words;
  const typed = pathWords(words, env.state.context);
  const last = typed.at(-1);
  const keys = (last?.word.node?.possibleOptions ?? []).filter((o) => o.key).map((o) => o.name);
  const options = request.options ?? {};
  const keyed = keys.length > 0 && keys.every((k) => options[k] !== undefined);
  const unset = request.actions?.includes('UNSET') === true;
  const unchecked: string[] = [];

  // Entries the line addresses must exist: a value whose node is set on its own (`interface
  // eth5`, `system user bob`) before anything under it, and an entry of a list being deleted.
  for (const { index, word } of typed) {
    const n = word.node;
    if (word.role !== 'value' || !n) continue;
    const isLast = index === path.length - 1;
    const mustExist = isLast ? request.method === 'DELETE' && n.multiValue : n.allowSet;
    if (!mustExist) continue;
    const parent = path.slice(0, index);
    const got = overlay.entry(parent, path[index]!, n.setValues);
    const what = `'${[...parent, path[index]!].join(' ')}'`;
    if (got.state === 'absent') {
      const why = got.under
        ? `${what} does not exist ('${got.under.join(' ')}' is new: an earlier line creates it)`
        : got.predicted
          ? `${what} does not exist (an earlier line deletes it)`
          : `${what} does not exist`;
      return invalid(why, words, word);
    }
    if (got.state === 'unknown') unchecked.push(`cannot tell whether ${what} exists`);
  }
  if (unset && keyed && last?.word.node) {
    const tuple = keyTuple(options, keys);
    const live = liveTuples(last.word.node, keys);
    if (overlay.keyed(path, tuple, live).state !== 'present') {
      unchecked.push(
        `the entry ${keys.map((k) => `${k} ${options[k]!.join(' ')}`).join(' ')} is not listed (it may have expired, or be stored in another form)`,
      );
    }
  }

  // The line's effect, for the lines after it.
  if (request.method === 'DELETE') {
    overlay.remove(path, { entry: last?.word.role === 'value' && last.index === path.length - 1 });
  } else if (unset) {
    if (keyed) overlay.removeKeyed(path, keyTuple(options, keys));
  } else {
    for (const { index, word } of typed) {
      if (word.role === 'value') overlay.add(path.slice(0, index), path[index]!, word.node?.setValues ?? []);
    }
    if (keyed) overlay.addKeyed(path, keyTuple(options, keys));
  }
  if (unchecked.length > 0) return { status: 'unchecked', request, words, why: unchecked.join('; ') };
  return { status: 'ok', request, words };
}

function liveTuples(n: NodeInfo, keys: readonly string[]): string[] {
  return n.setOptions.map((rec) => keyTuple(rec, keys));
}

function invalid(message: string, words: readonly ResolvedWord[], at: ResolvedWord): DryLine {
  const wordIndex = words.indexOf(at);
  return {
    status: 'invalid',
    error: new RoutershError('validation', message, { column: at.token.start + 1, word: wordIndex }),
    at: { column: at.token.start, length: at.token.end - at.token.start, wordIndex },
  };
}

/** Read-only built-ins are not run (a dry run sends nothing but metadata GETs). */
const NOT_RUN: Partial<Record<BuiltinName, string>> = {
  help: 'help text',
  history: 'shows the history',
  refresh: 'forgets cached metadata',
  'monitor match-list': 'opens a pane',
};

async function judgeBuiltin(name: BuiltinName, args: string[], env: DryEnv): Promise<DryLine> {
  if (name === 'dry-run') return dryRunLine(innerLine(args), env);
  const next = nextContext(name, args, env.state.context);
  if (next === 'exit') return { status: 'context', exit: true, context: env.state.context };
  if (next !== undefined) return { status: 'context', context: next };
  if (name.startsWith('metrics ') || name.startsWith('logs ')) {
    return { status: 'not-run', why: 'reads telemetry' };
  }
  if (name === 'match-list') {
    const parsed = parseMatchListArgs(args);
    if (parsed.cmd === 'export') return { status: 'not-run', why: 'reads the list' };
    env.overlay.markUnknown(listWords(parsed.list));
    return {
      status: 'unchecked',
      why: `writes entries of match-list ${parsed.list} from a file: not predicted (see 'match-list sync … --dry-run')`,
    };
  }
  return { status: 'not-run', why: NOT_RUN[name] ?? 'not run in a dry run' };
}
