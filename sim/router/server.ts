// The HTTP front: records every request, applies faults, routes /api, /api-oauth, /token and
// /_sim, authenticates, and hands the node path to the engine.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { Clock } from '../clock.js';
import { type FaultPlan, Faults } from '../faults.js';
import { Auth } from './auth.js';
import { handle } from './engine.js';
import { isLoopback, readBody, sendJson } from './http-util.js';
import type { RouterState } from './state.js';
import type { RouterVariant } from './tree/types.js';
import { initialState } from './variant.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Requests in flight when this one arrived, itself included: how a test sees concurrency. */
  inFlight: number;
  /** The client's port: requests with the same one came over the same connection. */
  clientPort: number | undefined;
}

const MAX_RECORDED = 10_000;
const TOKEN_ISSUE_PATH = '/token/issue';

export interface SimCore {
  server: Server;
  state: RouterState;
  auth: Auth;
  faults: Faults;
  requests: RecordedRequest[];
  variant: RouterVariant;
  /** The last this many requests are kept (a fleet of 1,000 keeps few each). */
  maxRecorded: number;
  /**
   * Answers one request as the server does, its path without `prefix` (a class server's
   * `/t/NAME`, which its redirects then carry): requests dispatched in process, nothing listening.
   */
  dispatch(req: IncomingMessage, res: ServerResponse, prefix?: string): void;
}

export function createSimServer(
  clock: Clock,
  variant: RouterVariant = 'default',
  secretSeed?: string,
  maxRecorded = MAX_RECORDED,
): SimCore {
  const state = initialState(clock.now(), variant);
  const auth = new Auth(state, clock, secretSeed);
  const faults = new Faults();
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  const dispatch = (req: IncomingMessage, res: ServerResponse, prefix = '') => {
    inFlight++;
    res.once('close', () => inFlight--);
    onRequest(core, clock, req, res, inFlight, prefix).catch((e: unknown) => {
      const msg = e instanceof Error ? e.message : String(e);
      sendJson(res, 500, { RequestStatus: 'ERROR', ErrorStatus: `Internal simulator error: ${msg}` });
    });
  };
  const core: SimCore = {
    server: createServer(),
    state,
    auth,
    faults,
    requests,
    variant,
    maxRecorded,
    dispatch,
  };
  core.server.on('request', (req: IncomingMessage, res: ServerResponse) => dispatch(req, res));
  return core;
}

async function onRequest(
  core: SimCore,
  clock: Clock,
  req: IncomingMessage,
  res: ServerResponse,
  inFlight: number,
  prefix: string,
) {
  const body = await readBody(req);
  const url = req.url ?? '/';
  const method = req.method ?? 'GET';
  core.requests.push({
    method,
    url,
    headers: { ...req.headers },
    body: body ?? '',
    inFlight,
    clientPort: req.socket.remotePort,
  });
  if (core.requests.length > core.maxRecorded) core.requests.shift();

  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const failed = method === 'GET' ? 'Error' : 'ERROR';
  const error = (status: number, text: string, headers: Record<string, string> = {}) =>
    sendJson(res, status, { RequestStatus: failed, ErrorStatus: text }, headers);

  // The admin route is exempt from faults so a demo can always clear them.
  if (path === '/_sim/faults') return simFaults(core, req, res, method, body);
  if (await core.faults.apply(req, res)) return;
  if (body === null) return error(413, 'Request body too large');

  if (path === '/token' || path === TOKEN_ISSUE_PATH) {
    if (method !== 'GET') return error(405, `Method ${method} not allowed on ${path}`, { allow: 'GET' });
    const who = core.auth.basic(req.headers.authorization);
    if ('error' in who) return error(401, who.error, { 'www-authenticate': 'Basic realm="router"' });
    if (path === '/token') {
      res.writeHead(302, { location: `${prefix}${TOKEN_ISSUE_PATH}`, 'content-length': '0' });
      res.end();
      return;
    }
    return sendJson(res, 200, { token: await core.auth.issue(who.user) });
  }

  const oauth = path === '/api-oauth' || path.startsWith('/api-oauth/');
  const api = !oauth && (path === '/api' || path.startsWith('/api/'));
  if (!oauth && !api) return error(404, `No such resource: ${path}`);
  if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
    return error(405, `Method ${method} not allowed; use GET, POST or DELETE`, {
      allow: 'GET, POST, DELETE',
    });
  }
  const who = oauth
    ? await core.auth.bearer(req.headers.authorization)
    : core.auth.basic(req.headers.authorization);
  if ('error' in who) {
    const challenge = oauth ? 'Bearer realm="router", error="invalid_token"' : 'Basic realm="router"';
    return error(401, who.error, { 'www-authenticate': challenge });
  }

  const words: string[] = [];
  for (const seg of path.slice(oauth ? '/api-oauth'.length : '/api'.length).split('/')) {
    if (seg === '') continue;
    try {
      words.push(decodeURIComponent(seg));
    } catch {
      return error(400, `Malformed percent-encoding in path segment '${seg}'`);
    }
  }
  let parsed: unknown;
  if (method !== 'GET' && body.trim() !== '') {
    try {
      parsed = JSON.parse(body);
    } catch {
      return error(400, 'Request body is not valid JSON');
    }
  }
  const out = await handle({
    method,
    words,
    body: parsed,
    query,
    user: who.user,
    state: core.state,
    now: clock.now(),
    issueToken: (u) => core.auth.issue(u),
    variant: core.variant,
  });
  sendJson(res, out.status, out.body);
}

function simFaults(
  core: SimCore,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  body: string | null,
) {
  if (!isLoopback(req)) return sendJson(res, 403, { RequestStatus: 'ERROR', ErrorStatus: 'Loopback only' });
  if (method === 'DELETE') {
    core.faults.clear();
    return sendJson(res, 200, { RequestStatus: 'OK', Message: ['Faults cleared', '\n'] });
  }
  if (method !== 'POST') {
    return sendJson(
      res,
      405,
      { RequestStatus: 'ERROR', ErrorStatus: 'Use POST or DELETE' },
      { allow: 'POST, DELETE' },
    );
  }
  let plan: unknown;
  try {
    plan = JSON.parse(body ?? '');
  } catch {
    return sendJson(res, 400, {
      RequestStatus: 'ERROR',
      ErrorStatus: 'Body must be a FaultPlan JSON object',
    });
  }
  const problem = checkPlan(plan);
  if (problem) return sendJson(res, 400, { RequestStatus: 'ERROR', ErrorStatus: problem });
  core.faults.set(plan as FaultPlan);
  return sendJson(res, 200, { RequestStatus: 'OK', Message: ['Faults set', '\n'] });
}

function checkPlan(plan: unknown): string | undefined {
  if (typeof plan !== 'object' || plan === null || Array.isArray(plan))
    return 'Body must be a FaultPlan JSON object';
  const p = plan as Record<string, unknown>;
  for (const k of ['latencyMs', 'malformed', 'reset', 'hang']) {
    if (p[k] !== undefined && (typeof p[k] !== 'number' || p[k] < 0))
      return `${k} must be a non-negative number`;
  }
  const s = p['status'];
  if (s !== undefined) {
    const st = s as Record<string, unknown>;
    if (
      typeof s !== 'object' ||
      s === null ||
      typeof st['code'] !== 'number' ||
      typeof st['count'] !== 'number'
    ) {
      return 'status must be { code: number, count: number, body?, headers? }';
    }
  }
  return undefined;
}
