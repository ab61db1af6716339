// A router nobody on this team would write: a small, valid node tree served by node:http whose
// answers a mode makes hostile. Every request is recorded as it arrived (raw URL, before any
// normalising), so a test can prove what was, and was not, sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireEnvelope, WireNodeInfo, WireOptionInfo } from '../../src/api/router/wire.js';
import { type Harness, type Recorded, startHarness } from './harness.js';
import { flag, wireNode as node } from './wire-node.js';

/** Text that drives a terminal: title (OSC 0), clipboard (OSC 52), clear + scrollback wipe, C1 CSI, bidi, zero-width. */
export const EVIL =
  '\u001b]0;pwned\u0007\u001b]52;c;aGFja2Vk\u0007\u001b[2J\u001b[3J\u009b31m\u202eevil\u200b\u007f';

export interface RouterModes {
  /** Every string the router sends carries EVIL (names stay usable: EVIL is appended to descriptions, help, messages, errors, option names of a second node). */
  controls?: boolean;
  /** NodeInfo fields of the wrong JSON type. */
  wrongTypes?: boolean;
  /** `show` answers a table whose cells are arrays, objects, null, numbers and booleans. */
  tableCells?: boolean;
  /** The Value node under `interface` has this InputRe (e.g. a catastrophic `^(a+)+$`). */
  inputRe?: string;
  /** GET of a node other than the root fails like this. */
  metadataFailure?: 500 | 404 | 'html' | 'garbage';
  /** The root lists this many extra Token sub-nodes (150,000 to overflow naive recursion). */
  hugeSubnodes?: number;
  /** hugeSubnodes carry only Name and Type, so 150,000 of them fit the client's 8 MB body cap. */
  leanSubnodes?: boolean;
  /** Each of hugeSubnodes has a Description this long: a body over the 8 MB cap from a few nodes. */
  paddedSubnodes?: number;
  /** `describe deep` returns NodeInfo nested this deep. */
  deepNesting?: number;
  /** ErrorStatus of every POST echoes the Authorization header, decoded (a router that leaks it). */
  echoAuth?: boolean;
  /** Successful POSTs echo the Authorization header, decoded, in Message and in show output. */
  echoAuthOk?: boolean;
  /** Every /api and /api-oauth request (create-token too) answers 401; its ErrorStatus echoes like echoAuth. */
  unauthorized?: boolean;
  /** Every answer waits this long first. */
  delayMs?: number;
  /** Accept the connection, read the request, never answer. */
  silent?: boolean;
  /** /token issues tokens with this lifetime (seconds) and this `sub`; so does a POST to
   *  `system/user/<name>/api/create-token` (its Message is the token). */
  token?: { ttlSeconds: number; sub?: string };
  /** GET /token answers with a redirect to this URL first. */
  tokenRedirect?: string;
  /** The root also lists `snmp` (options `community`, a secret, and `location`). */
  snmp?: boolean;
  /** `show` (text) answers this many lines, `entry N …` numbered from 1 (a 65,536-entry list). */
  showLines?: number;
  /** The root also lists `history` and `monitor`, named like built-ins (SET-able, with an option `mode`). */
  builtinNames?: boolean;
  /** `interface`'s Value node lists this many SetValues (if00000, if00001, …) instead of eth0/eth1. */
  listEntries?: number;
}

/** The SetValues listEntries gives: if00000 … (five digits, so a prefix narrows as you type). */
export const listEntry = (i: number): string => `if${String(i).padStart(5, '0')}`;

export type HostileRouter = Harness<RouterModes>;

function option(description: string, inputRe?: string, key = false): WireOptionInfo {
  return {
    ...(inputRe !== undefined ? { InputRe: inputRe, ValueType: '%STR' } : {}),
    Count: 1,
    Description: description,
    AvailableInSet: 1,
    AvailableInUnSet: flag(key),
    AvailableInShow: 0,
    Key: flag(key),
  };
}

/** The tree as path → NodeInfo (SubNodes one level deep, as real routers answer). */
function tree(m: RouterModes): Map<string, WireNodeInfo> {
  const evil = m.controls ? EVIL : '';
  const ifValue = node('%IF', 'Value', {
    Help: `<ifname>${evil}`,
    Description: `an interface${evil}`,
    InputRe: m.inputRe ?? '[\\w\\-\\.]+',
    AllowSet: 1,
    AllowUnSet: 1,
    AllowShow: 1,
    SetValues:
      m.listEntries !== undefined
        ? Array.from({ length: m.listEntries }, (_, i) => listEntry(i))
        : [`eth0`, `eth1`, ...(m.controls ? [`eth${EVIL}`] : [])],
    SetOptions: [{ description: [`uplink${evil}`] }, {}],
    PossibleOptions: {
      description: option(`free text${evil}`, '.+'),
      mtu: { ...option(`bytes${evil}`, '\\d+'), ValueType: `%NUM${evil}` },
      password: option('a secret', '.+'),
    },
  });
  const iface = node('interface', 'Token', {
    Description: `interfaces${evil}`,
    AllowShow: 1,
    children: [ifValue],
  });
  const hostname = node('hostname', 'Token', {
    Description: `the name${evil}`,
    AllowSet: 1,
    AllowShow: 1,
    PossibleOptions: { name: option('host name', '[a-z0-9-]+') },
  });
  const deep = node('deep', 'Token', { Description: 'deeply nested metadata', AllowShow: 1 });
  const snmp = node('snmp', 'Token', {
    Description: 'SNMP agent',
    AllowSet: 1,
    PossibleOptions: { community: option('read community', '.+'), location: option('where', '.+') },
  });
  const extra = Array.from({ length: m.hugeSubnodes ?? 0 }, (_, i) =>
    m.leanSubnodes
      ? ({ Name: `n${i}`, Type: 'Token' } as WireNodeInfo)
      : node(`n${i}`, 'Token', m.paddedSubnodes ? { Description: 'd'.repeat(m.paddedSubnodes) } : {}),
  );
  const clashes = m.builtinNames
    ? ['history', 'monitor'].map((n) =>
        node(n, 'Token', {
          Description: `a router word named like a built-in`,
          AllowSet: 1,
          AllowUnSet: 1,
          AllowShow: 1,
          PossibleOptions: { mode: option('a mode', '[a-z]+') },
        }),
      )
    : [];
  const root = node('', 'Token', {
    children: [iface, hostname, deep, ...(m.snmp ? [snmp] : []), ...clashes, ...extra],
  });
  const out = new Map<string, WireNodeInfo>([
    ['', root],
    ['interface', { ...iface, SubNodes: [ifValue] }],
    ['hostname', hostname],
    ['deep', deep],
    ...(m.snmp ? [['snmp', snmp] as const] : []),
    ...clashes.map((c) => [c.Name ?? '', c] as const),
  ]);
  for (const v of ifValue.SetValues ?? []) out.set(`interface/${v}`, { ...ifValue, SubNodes: [] });
  return out;
}

function nested(depth: number): WireNodeInfo {
  let n = node('leaf', 'Token');
  for (let i = 0; i < depth; i++) n = node(`d${i}`, 'Token', { children: [n] });
  return n;
}

function wrongTypes(n: WireNodeInfo): unknown {
  return {
    ...n,
    AllowSet: 'yes',
    SubNodes: { not: 'an array' },
    PossibleOptions: [],
    SetValues: 'eth0',
    Name: 5,
  };
}

const TABLE = [
  {
    name: 'eth0',
    addresses: ['10.0.0.1/24', '10.0.1.1/24'],
    stats: { rx: 1, tx: 2 },
    note: null,
    up: true,
    mtu: 1500,
  },
  { name: 'eth1', addresses: [], stats: {}, note: 'spare', up: false, mtu: null },
];

/** `n` lines like a match-list's members, each naming its number (`entry 65536 …`). */
export function bigShow(n: number): string {
  if (shown?.n === n) return shown.text; // built once: a bench times the client, not this
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) {
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/32`;
    lines.push(`entry ${i} ${ip.padEnd(18)} timeout ${3600 - (i % 3600)} packets ${i * 7} bytes ${i * 911}`);
  }
  shown = { n, text: `${lines.join('\n')}\n` };
  return shown.text;
}
let shown: { n: number; text: string } | undefined;

/**
 * The answer to a show of bigShow's lines, serialized once per request (as bigShow is built
 * once): JSON.stringify of the 4.8 MB envelope and its UTF-8 copy took ~50 ms of this router's
 * CPU per show, a wait the show bench counted as routersh's and `cat` never has.
 */
function bigShowAnswer(
  n: number,
  body: string,
  words: readonly string[],
  res: ServerResponse,
  answer: () => unknown,
) {
  const key = JSON.stringify([n, body, words]);
  if (answered?.key !== key) answered = { key, bytes: Buffer.from(JSON.stringify(answer())) };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(answered.bytes);
}
let answered: { key: string; bytes: Buffer } | undefined;

/** An unsigned-looking JWT with the mode's `sub` and lifetime (the client never verifies it). */
function issueToken(m: RouterModes): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: m.token?.sub ?? 'admin', iat: now, exp: now + (m.token?.ttlSeconds ?? 1800) };
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.c2ln`;
}

function routerAnswer(m: RouterModes, rec: Recorded, res: ServerResponse) {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const evil = m.controls ? EVIL : '';
  const url = new URL(rec.url, 'http://x');
  if (url.pathname === '/token') {
    if (m.tokenRedirect && !url.searchParams.has('r')) {
      res.writeHead(302, { location: m.tokenRedirect });
      res.end();
      return;
    }
    json(200, { token: issueToken(m) });
    return;
  }
  const auth = rec.headers.authorization ?? '';
  const echoed = ` (you sent ${auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString() : auth})`;
  const m2 = /^\/api(?:-oauth)?\/?(.*)$/.exec(url.pathname);
  if (!m2) return json(404, { RequestStatus: 'ERROR', ErrorStatus: `no route${evil}` });
  if (m.unauthorized) {
    return json(401, {
      RequestStatus: 'ERROR',
      ErrorStatus: `unauthorized${m.echoAuth ? echoed : ''}${evil}`,
    });
  }
  const words = (m2[1] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  const path = words.join('/');
  const envelope = (o: Partial<WireEnvelope>): WireEnvelope => ({
    RequestStatus: 'OK',
    Message: [],
    Request: { Node: words, PostData: rec.body ? (JSON.parse(rec.body) as Record<string, unknown>) : {} },
    ...o,
  });
  // `?output=dumper`: the router's internal structures as text (routersh api --output dumper).
  if (url.searchParams.get('output') === 'dumper')
    return json(200, envelope({ Message: [`$VAR1 = { 'path' => '${path}' };${evil}`, '\n'] }));
  if (rec.method === 'GET') {
    if (path !== '' && m.metadataFailure !== undefined) {
      const f = m.metadataFailure;
      if (f === 'html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      } else if (f === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"RequestStatus": "OK", "NodeInfo": {"Na');
      } else json(f, { RequestStatus: 'ERROR', ErrorStatus: `metadata unavailable (${f})${evil}` });
      return;
    }
    if (path === 'deep' && m.deepNesting) return json(200, envelope({ NodeInfo: nested(m.deepNesting) }));
    const info = tree(m).get(path);
    if (!info)
      return json(400, envelope({ RequestStatus: 'ERROR', ErrorStatus: `unknown node ${path}${evil}` }));
    const body = envelope({ NodeInfo: info });
    if (m.controls) (body as Record<string, unknown>)[`X${EVIL}`] = 1;
    return json(200, m.wrongTypes && path !== '' ? { ...body, NodeInfo: wrongTypes(info) } : body);
  }
  if (m.token && rec.method === 'POST' && /^system\/user\/[^/]+\/api\/create-token$/.test(path)) {
    return json(200, envelope({ Message: [issueToken(m), '\n'] }));
  }
  if (m.echoAuth)
    return json(400, envelope({ RequestStatus: 'ERROR', ErrorStatus: `denied${echoed}${evil}` }));
  const okEcho = m.echoAuthOk ? echoed : '';
  const actions = rec.body ? ((JSON.parse(rec.body) as { Actions?: string[] }).Actions ?? ['SET']) : [];
  if (actions.includes('SHOW')) {
    // A show answer names its node, as a NodeInfo does (the client requires Name).
    const named = { Name: words.at(-1) ?? '', Type: 'Token' as const };
    if (m.tableCells)
      return json(200, envelope({ NodeInfo: { ...named, ShowFormat: 'table', ShowOutput: TABLE as never } }));
    if (m.showLines)
      return bigShowAnswer(m.showLines, rec.body, words, res, () =>
        envelope({ NodeInfo: { ...named, ShowFormat: 'text', ShowOutput: bigShow(m.showLines ?? 0) } }),
      );
    const text = `state of ${path}${okEcho}${evil}\n`;
    return json(
      200,
      envelope({
        NodeInfo: { ...named, ShowFormat: 'text', ShowOutput: text },
      }),
    );
  }
  json(200, envelope({ Message: [`done: ${rec.method} ${path}${okEcho}${evil}`, '\n'] }));
}

/** Starts the hostile router on 127.0.0.1 (ephemeral port). Modes can change while it runs. */
export function startHostileRouter(modes: RouterModes = {}): Promise<HostileRouter> {
  return startHarness(modes, (m, rec, req: IncomingMessage, res) => {
    void req;
    if (m.silent) return; // never answers; the client's deadline must end the wait
    const go = () => routerAnswer(m, rec, res);
    if (m.delayMs) setTimeout(go, m.delayMs);
    else go();
  });
}
