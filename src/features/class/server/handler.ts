// The class server's one port (contract/class.ts): /t/NAME/… to that trainee's own router and
// telemetry (the spec's paths only), /class/… to the class. Who may do what:
//   - a trainee's Basic NAME:CODE opens /t/NAME/api, /t/NAME/token and their own /class/ calls;
//     another trainee's /t/ is 403 with a valid code, 401 without; wrong codes are slowed per
//     name with a bound for the server (throttle.ts);
//   - the instructor's Bearer token opens the board, grades and controls, and nothing under /t/;
//   - /t/NAME/api-oauth carries a token that trainee's router issued (the router checks it),
//     /t/NAME/telemetry the trainee's API key (the telemetry checks it);
//   - anything else is 404; a path with dot segments or encoded slashes is refused before it
//     is looked at. Every error is the envelope { error } and nothing more.
// `internal` is the graders' loopback listener: the routers' own credentials, /t/ only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRAINEE_NAME } from '../../../contract/class.js';
import { sameSecret } from './codes.js';
import { challenge, type HandlerDeps, loginOf } from './login.js';
import { instructorRoute } from './instructor-routes.js';
import type { Trainee } from './room.js';
import { traineeRoute } from './trainee-routes.js';
import { credentialsOf, fail } from './wire.js';

// Dot segments (as written or encoded), backslashes, empty segments: a path is taken as written
// or not at all. An encoded slash is a value's (an address 10.0.0.1%2F24) only inside a
// router's API path, whose words the router decodes one by one; anywhere else it is refused.
const HOSTILE = /(^|\/)(\.|%2e){1,2}(\/|$)|\\|%5c|\/\//i;
const ENCODED_SLASH = /%2f/i;
const API_WORDS = /^\/t\/[^/]+\/(api|api-oauth)\//;
const ROUTER_REST = /^\/(api|api-oauth)(\/|$)|^\/token(\/issue)?$/;
const TELEMETRY_REST = /^\/telemetry(\/api\/v1\/.*)$/;

export function classHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(deps, req, res).catch(() => fail(res, 500, 'internal error'));
  };
}

async function route(deps: HandlerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.startsWith('/') || HOSTILE.test(path) || (ENCODED_SLASH.test(path) && !API_WORDS.test(path)))
    return fail(res, 404, 'no such path');
  const t = /^\/t\/([^/]+)(\/.*)?$/.exec(path);
  if (t) return trainee(deps, req, res, t[1]!, t[2] ?? '', url.slice(path.length));
  if (deps.internal) return fail(res, 404, 'no such path');
  if (path.startsWith('/class/')) {
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    if (await instructorRoute(deps, req, res, path, query)) return;
    if (await traineeRoute(deps, req, res, path, query)) return;
  }
  return fail(res, 404, 'no such path');
}

/** /t/NAME/REST: to NAME's router or telemetry, once the request may go there. */
async function trainee(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  rest: string,
  search: string,
): Promise<void> {
  const who = TRAINEE_NAME.test(name) ? deps.room.trainees.get(name) : undefined;
  const telemetry = TELEMETRY_REST.exec(rest);
  const router = ROUTER_REST.test(rest);
  if (deps.internal) {
    if (!who || (!telemetry && !router)) return fail(res, 404, 'no such path');
    return forward(who, req, res, rest, search, telemetry);
  }
  const creds = credentialsOf(req);
  if (creds.kind === 'bearer' && sameSecret(creds.token, deps.instructorToken))
    return fail(res, 403, "the instructor's token opens no trainee's router");
  // A bearer token on api-oauth is the router's own to check; the telemetry checks its key.
  const ownCheck = telemetry !== null || (rest.startsWith('/api-oauth') && creds.kind === 'bearer');
  if (!ownCheck) {
    if (creds.kind !== 'basic') return challenge(res, 'a trainee name and join code are wanted');
    const login = await loginOf(deps, creds.name, creds.code);
    if (login.status !== 200) return challenge(res, login.error, login.status, login.retryAfterMs);
    if (login.trainee.name !== name) return fail(res, 403, `this is not ${creds.name}'s router`);
  }
  if (!who || (!telemetry && !router)) return fail(res, 404, 'no such path');
  // A change to the router is kept by --state (reads change nothing).
  if (router && req.method !== 'GET') deps.dirty();
  return forward(who, req, res, rest, search, telemetry);
}

function forward(
  who: Trainee,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  search: string,
  telemetry: RegExpExecArray | null,
): void {
  if (telemetry) {
    req.url = `${telemetry[1]}${search}`;
    who.sims.telemetry(req, res);
    return;
  }
  req.url = `${rest}${search}`;
  who.sims.router(req, res, `/t/${who.name}`);
}

export type { HandlerDeps } from './login.js';
