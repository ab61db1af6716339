// A trainee's /class/ calls (Basic NAME:CODE): join, a line to grade, hint, skip, events. The
// line is masked by the one secret rule (the grader's port) before it is kept or shown, and
// graded on the server; a flood is refused a line at a time (429), never queued.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLASS_PATHS, type JoinAnswer, type LineReport } from '../../../contract/class.js';
import { sanitizeLine } from '../../../term/sanitize.js';
import { challenge, type HandlerDeps, loginOf } from './login.js';
import { RECENT, type Trainee } from './room.js';
import { credentialsOf as authOf, fail, isObject, readJson, send, stringField } from './wire.js';

/** Lines a trainee may send at once, and how many come back per second. */
export const LINE_BURST = 10;
export const LINE_REFILL_PER_S = 4;
const MAX_LINE = 4096;
const KEPT_LINE = 500;
/** The longest a line's checks may take on the server. */
const GRADE_MS = 20_000;

const TRAINEE_PATHS: Record<string, 'GET' | 'POST'> = {
  [CLASS_PATHS.join]: 'POST',
  [CLASS_PATHS.line]: 'POST',
  [CLASS_PATHS.hint]: 'POST',
  [CLASS_PATHS.skip]: 'POST',
  [CLASS_PATHS.events]: 'GET',
};

/** Answers `path` when it is a trainee's call; false when it is not one. */
export async function traineeRoute(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<boolean> {
  const method = TRAINEE_PATHS[path];
  if (method === undefined || !Object.hasOwn(TRAINEE_PATHS, path)) return false;
  const creds = authOf(req);
  if (creds.kind === 'bearer') {
    fail(res, 403, "the instructor's token is not a trainee's");
    return true;
  }
  if (creds.kind !== 'basic') {
    challenge(res, 'a trainee name and join code are wanted');
    return true;
  }
  const login = await loginOf(deps, creds.name, creds.code);
  if (login.status !== 200) {
    challenge(res, login.error, login.status, login.retryAfterMs);
    return true;
  }
  if (req.method !== method) {
    fail(res, 405, `use ${method}`, { allow: method });
    return true;
  }
  const who = login.trainee;
  if (path === CLASS_PATHS.events) await events(deps, res, who, query);
  else if (path === CLASS_PATHS.join) join(deps, req, res, who);
  else if (path === CLASS_PATHS.line) await line(deps, req, res, who);
  else {
    const answer = path === CLASS_PATHS.hint ? await who.grader.hint() : await who.grader.skip();
    deps.room.changed();
    deps.dirty();
    send(res, 200, answer);
  }
  return true;
}

// A Host header as a browser or client sends it: a name or address, a port.
const HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;

function join(deps: HandlerDeps, req: IncomingMessage, res: ServerResponse, who: Trainee) {
  const host = req.headers.host ?? '';
  if (!HOST.test(host)) return fail(res, 400, 'the Host header is not a host name');
  const base = `${deps.scheme}://${host}/t/${who.name}`;
  const room = deps.room;
  const where = who.grader.where();
  if (!who.joined) {
    who.joined = true;
    room.changed();
    deps.dirty();
  }
  const answer: JoinAnswer = {
    name: who.name,
    router: base,
    telemetry: `${base}/telemetry`,
    telemetryKey: who.sims.telemetryKey,
    lessons: [...room.lessons],
    lesson: room.lessons[where.lessonIndex]?.name ?? '',
    step: where.step,
    text: where.text,
    ...(room.message !== undefined ? { message: room.message } : {}),
  };
  send(res, 200, answer);
}

async function line(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  who: Trainee,
): Promise<void> {
  const now = deps.now();
  who.lineTokens = Math.min(LINE_BURST, who.lineTokens + ((now - who.lineAt) / 1000) * LINE_REFILL_PER_S);
  who.lineAt = now;
  if (who.busy || who.lineTokens < 1) {
    req.resume();
    return fail(res, 429, who.busy ? 'one line at a time' : 'too many lines: slow down', {
      'retry-after': '1',
    });
  }
  who.lineTokens -= 1;
  const body = await readJson(req);
  if (!body.ok) return fail(res, body.status, body.error);
  const report = lineReportOf(body.value);
  if (report instanceof Error) return fail(res, 400, report.message);
  who.busy = true;
  const signal = AbortSignal.timeout(GRADE_MS);
  try {
    const masked = who.grader.mask(report.line, report.error);
    const resolved = report.resolved === undefined ? undefined : who.grader.mask(report.resolved).line;
    const answer = await who.grader.line(
      {
        line: masked.line,
        ...(resolved !== undefined ? { resolved } : {}),
        ok: report.ok,
        ...(masked.error !== undefined ? { error: masked.error } : {}),
      },
      signal,
    );
    who.recent.push({
      at: now,
      line: sanitizeLine(masked.line).slice(0, KEPT_LINE),
      ok: report.ok,
      ...(masked.error !== undefined ? { error: sanitizeLine(masked.error).slice(0, KEPT_LINE) } : {}),
      checks: answer.checks,
    });
    if (who.recent.length > RECENT) who.recent.shift();
    deps.room.changed();
    deps.dirty();
    send(res, 200, answer);
  } finally {
    who.busy = false;
  }
}

/** A LineReport, field by field. */
function lineReportOf(v: unknown): LineReport | Error {
  if (!isObject(v)) return new Error('the body must be an object { line, ok }');
  const line = stringField(v, 'line', MAX_LINE);
  if (line instanceof Error) return line;
  if (line === undefined) return new Error('line is wanted');
  const resolved = stringField(v, 'resolved', MAX_LINE);
  if (resolved instanceof Error) return resolved;
  const error = stringField(v, 'error', MAX_LINE);
  if (error instanceof Error) return error;
  if (typeof v['ok'] !== 'boolean') return new Error('ok must be true or false');
  return {
    line,
    ok: v['ok'],
    ...(resolved !== undefined ? { resolved } : {}),
    ...(error !== undefined ? { error } : {}),
  };
}

async function events(
  deps: HandlerDeps,
  res: ServerResponse,
  who: Trainee,
  query: URLSearchParams,
): Promise<void> {
  const afterText = query.get('after');
  if (afterText !== null && !/^\d{1,15}$/.test(afterText))
    return fail(res, 400, 'after must be a whole number');
  // Without a number (a client's first poll) or past the last (the server restarted since):
  // answered at once with the number to poll after.
  if (afterText === null || Number(afterText) > deps.room.lastSeq)
    return send(res, 200, { seq: deps.room.lastSeq, events: [] });
  const after = Number(afterText);
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  await deps.room.waitEvents(who.name, after, gone.signal);
  send(res, 200, deps.room.eventsFor(who.name, after));
}
