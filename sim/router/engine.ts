// The generic engine: walk the path words against the tree, validate actions and options,
// dispatch to the node's handlers and shape the envelope. No node-specific code here.
import type { WireEnvelope } from '../../src/api/router/wire.js';
import { SimApiError, bad } from './api-error.js';
import { dumper } from './dumper.js';
import { buildNodeInfo } from './node-info.js';
import type { RouterState } from './state.js';
import type { Ctx, HandlerResult, NodeDef, OptionDef, RouterVariant, ShowResult } from './tree/types.js';
import { rootOf } from './variant.js';

const ACTIONS = ['SET', 'UNSET', 'GET', 'SHOW'] as const;
type Action = (typeof ACTIONS)[number];

const reCache = new Map<string, RegExp>();
export function fullMatch(re: string, s: string): boolean {
  let r = reCache.get(re);
  if (!r) {
    r = new RegExp(`^(?:${re})$`);
    reCache.set(re, r);
  }
  return r.test(s);
}

const where = (words: string[]): string => (words.length ? `'${words.join(' ')}'` : 'the top level');

const childLabel = (n: NodeDef): string => (n.type === 'Token' ? n.word : `${n.word} ${n.help ?? ''}`.trim());

interface Walked {
  node: NodeDef;
  args: Record<string, string>;
  trail: Array<{ Word: string; Node: string; Type: string }>;
}

export function walk(words: string[], root: NodeDef = rootOf()): Walked {
  let node = root;
  const args: Record<string, string> = {};
  const trail: Walked['trail'] = [];
  for (const [i, word] of words.entries()) {
    const kids = node.children ?? [];
    const next =
      kids.find((k) => k.type === 'Token' && k.word === word) ??
      kids.find((k) => k.type === 'Value' && k.inputRe !== undefined && fullMatch(k.inputRe, word));
    if (!next) {
      const at = where(words.slice(0, i));
      if (kids.length === 0) throw bad(`Unexpected word '${word}': ${at} takes no further words`);
      const values = kids.filter((k) => k.type === 'Value');
      const valid = kids.map(childLabel).join(', ');
      if (values.length > 0 && values.length === kids.length) {
        throw bad(`Invalid value '${word}' after ${at}: expected ${values.map(childLabel).join(' or ')}`);
      }
      throw bad(`Unknown word '${word}' after ${at}; valid: ${valid}`);
    }
    if (next.type === 'Value' && next.bind) args[next.bind] = word;
    trail.push({ Word: word, Node: next.word, Type: next.type });
    node = next;
  }
  return { node, args, trail };
}

export interface EngineRequest {
  method: 'GET' | 'POST' | 'DELETE';
  words: string[];
  /** Parsed JSON body (POST, optionally DELETE); undefined when there was none. */
  body: unknown;
  query: URLSearchParams;
  user: string;
  state: RouterState;
  now: number;
  issueToken(user: string): Promise<string>;
  /** Default 'default'. */
  variant?: RouterVariant;
}

export interface EngineResponse {
  status: number;
  body: WireEnvelope;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseActions(body: Record<string, unknown>): Action[] {
  const raw = body['Actions'];
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) return ['SET'];
  if (!Array.isArray(raw)) throw bad('Actions must be an array of SET, UNSET, GET, SHOW');
  return raw.map((a) => {
    if (typeof a === 'string' && (ACTIONS as readonly string[]).includes(a)) return a as Action;
    throw bad(`Unknown action ${JSON.stringify(a)}; valid actions: ${ACTIONS.join(', ')}`);
  });
}

const AVAILABLE: Record<'SET' | 'UNSET' | 'SHOW', (o: OptionDef) => boolean> = {
  SET: (o) => Boolean(o.inSet),
  UNSET: (o) => Boolean(o.inUnSet),
  SHOW: (o) => Boolean(o.inShow),
};

function parseOptions(
  node: NodeDef,
  words: string[],
  raw: unknown,
  actions: Action[],
): Record<string, string[]> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw bad('Options must be an object mapping option names to arrays of values');
  const defs = node.options ?? {};
  const relevant = actions.filter((a): a is 'SET' | 'UNSET' | 'SHOW' => a !== 'GET');
  const out: Record<string, string[]> = {};
  for (const [name, vals] of Object.entries(raw)) {
    const def = defs[name];
    if (!def) {
      const valid = Object.keys(defs);
      throw bad(
        `Unknown option '${name}' for ${where(words)}; ${valid.length ? `valid options: ${valid.join(', ')}` : 'it takes no options'}`,
      );
    }
    if (relevant.length && !relevant.some((a) => AVAILABLE[a](def))) {
      const avail = (['SET', 'UNSET', 'SHOW'] as const).filter((a) => AVAILABLE[a](def));
      throw bad(
        `Option '${name}' is not available for ${relevant.join('/')} (available in ${avail.join(', ') || 'none'})`,
      );
    }
    if (!Array.isArray(vals)) throw bad(`Option '${name}' must be an array of values`);
    const strs = vals.map((v) => {
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      throw bad(`Option '${name}' has a bad value ${JSON.stringify(v)}`);
    });
    const count = def.count ?? 1;
    if (def.inputRe === undefined) {
      if (strs.some((s) => s !== '')) throw bad(`Option '${name}' is a flag and takes no value`);
      out[name] = [];
      continue;
    }
    if (strs.length === 0) throw bad(`Option '${name}' needs a value ${def.help ?? ''}`.trim());
    if (strs.length > count)
      throw bad(`Option '${name}' given ${strs.length} times; at most ${count} allowed`);
    for (const s of strs) {
      if (!fullMatch(def.inputRe, s)) {
        throw bad(`Invalid value '${s}' for option '${name}': expected ${def.help ?? def.inputRe}`);
      }
    }
    out[name] = strs;
  }
  return out;
}

function requireKey(node: NodeDef, words: string[], options: Record<string, string[]>): void {
  const keys = Object.entries(node.options ?? {}).filter(([, o]) => o.key && o.inUnSet);
  if (keys.length && !keys.some(([k]) => options[k] !== undefined)) {
    throw bad(`UNSET on ${where(words)} requires the key option ${keys.map(([k]) => k).join(' or ')}`);
  }
}

function notPossible(action: 'SET' | 'UNSET' | 'SHOW', node: NodeDef, words: string[]): SimApiError {
  const kids = node.children ?? [];
  if (action === 'SHOW') return bad(`Nothing to show at ${where(words)}`);
  if (kids.length && (action === 'SET' || !node.unset)) {
    return bad(`Command ${where(words)} is incomplete; continue with: ${kids.map(childLabel).join(', ')}`);
  }
  return bad(`${action} is not possible on ${where(words)}`);
}

function pushMessage(out: string[], r: HandlerResult): void {
  if (r === undefined) return;
  if (typeof r === 'string') out.push(r);
  else out.push(...r);
}

export async function handle(req: EngineRequest): Promise<EngineResponse> {
  const postData = isObject(req.body) ? req.body : {};
  const request = { Node: req.words, PostData: postData };
  const failed = req.method === 'GET' ? 'Error' : 'ERROR';
  try {
    return { status: 200, body: { ...(await run(req)), Request: request } };
  } catch (e) {
    if (!(e instanceof SimApiError)) throw e;
    return { status: e.status, body: { RequestStatus: failed, ErrorStatus: e.message, Request: request } };
  }
}

function queryFlag(q: URLSearchParams, name: string, allowed: string[], dflt: string): string {
  const v = q.get(name);
  if (v === null) return dflt;
  if (!allowed.includes(v))
    throw bad(`Invalid value '${v}' for query parameter ${name}; valid: ${allowed.join(', ')}`);
  return v;
}

async function run(req: EngineRequest): Promise<WireEnvelope> {
  const debug = queryFlag(req.query, 'debug', ['0', '1'], '0') === '1';
  const output = queryFlag(req.query, 'output', ['json', 'dumper'], 'json');
  const { node, args, trail } = walk(req.words, rootOf(req.variant));
  let actions: Action[] = ['GET'];
  let rawOptions: unknown;
  if (req.body !== undefined) {
    if (!isObject(req.body)) throw bad('Body must be a JSON object with optional Actions and Options');
    rawOptions = req.body['Options'];
    if (req.method === 'POST') actions = parseActions(req.body);
  }
  if (req.method === 'POST' && req.body === undefined) actions = ['SET'];
  if (req.method === 'DELETE') actions = ['UNSET'];
  const options = parseOptions(node, req.words, rawOptions, actions);
  const ctx: Ctx = {
    state: req.state,
    variant: req.variant ?? 'default',
    args,
    options,
    words: req.words,
    user: req.user,
    now: req.now,
    issueToken: req.issueToken,
  };
  const message: string[] = [];
  let show: ShowResult | undefined;
  let wantInfo = false;
  for (const action of actions) {
    if (action === 'GET') {
      wantInfo = true;
    } else if (action === 'SHOW') {
      if (!node.show) throw notPossible('SHOW', node, req.words);
      wantInfo = true;
    } else if (action === 'SET') {
      if (!node.set) throw notPossible('SET', node, req.words);
      pushMessage(message, await node.set(ctx));
    } else {
      if (!node.unset) throw notPossible('UNSET', node, req.words);
      requireKey(node, req.words, options);
      pushMessage(message, await node.unset(ctx));
    }
  }
  if (actions.includes('SHOW') && node.show) show = node.show(ctx);
  const env: WireEnvelope = { RequestStatus: 'OK' };
  if (message.length) env.Message = [...message, '\n'];
  if (wantInfo) {
    const info = buildNodeInfo(node, ctx);
    if (show) {
      info.ShowOutput = show.output;
      info.ShowFormat = show.format;
    }
    if (output === 'dumper') env.Message = [...message, dumper(info), '\n'];
    else env.NodeInfo = info;
  }
  if (debug) {
    env['Debug'] = {
      Method: req.method,
      Words: req.words,
      Trail: trail,
      Args: args,
      Actions: actions,
      Options: options,
      User: req.user,
      Time: new Date(req.now).toISOString(),
    };
  }
  return env;
}
