// The instructor's /class/ calls (Bearer TOKEN): the board (long poll on its version), one
// trainee's detail, grades, and the controls: reset one or all, a message, the next lesson.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Board,
  type BoardTrainee,
  CLASS_PATHS,
  type Grades,
  TRAINEE_NAME,
  type TraineeDetail,
} from '../../../contract/class.js';
import { sanitizeLine } from '../../../term/sanitize.js';
import { sameSecret } from './codes.js';
import type { HandlerDeps } from './login.js';
import type { Room, Trainee } from './room.js';
import { credentialsOf, fail, isObject, readJson, send, stringField } from './wire.js';

/** A message is one line of at most this many characters. */
export const MAX_MESSAGE = 280;

const INSTRUCTOR_PATHS: Record<string, 'GET' | 'POST'> = {
  [CLASS_PATHS.board]: 'GET',
  [CLASS_PATHS.grades]: 'GET',
  [CLASS_PATHS.reset]: 'POST',
  [CLASS_PATHS.message]: 'POST',
  [CLASS_PATHS.next]: 'POST',
};

const iso = (ms: number) => new Date(ms).toISOString();

/** Answers `path` when it is the instructor's; false when it is not one. */
export async function instructorRoute(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<boolean> {
  const detail = path.startsWith(CLASS_PATHS.trainee) ? path.slice(CLASS_PATHS.trainee.length) : undefined;
  const method =
    detail !== undefined ? 'GET' : Object.hasOwn(INSTRUCTOR_PATHS, path) ? INSTRUCTOR_PATHS[path] : undefined;
  if (method === undefined) return false;
  const creds = credentialsOf(req);
  if (creds.kind === 'basic') {
    fail(res, 403, "a trainee's code does not open the board");
    return true;
  }
  if (creds.kind !== 'bearer' || !sameSecret(creds.token, deps.instructorToken)) {
    deps.throttle.failed('', deps.now());
    fail(res, 401, "the instructor's token is wanted", { 'www-authenticate': 'Bearer realm="class"' });
    return true;
  }
  if (req.method !== method) {
    fail(res, 405, `use ${method}`, { allow: method });
    return true;
  }
  if (detail !== undefined) traineeDetail(deps.room, res, detail);
  else if (path === CLASS_PATHS.board) await board(deps, res, query);
  else if (path === CLASS_PATHS.grades) send(res, 200, grades(deps.room));
  else await control(deps, req, res, path);
  return true;
}

export function boardOf(room: Room, now: number): Board {
  const trainees: BoardTrainee[] = [...room.trainees.values()].map((t) => {
    const s = t.grader.state();
    const last = t.recent.at(-1);
    return {
      name: t.name,
      joined: t.joined,
      steps: s.steps,
      hints: s.hints,
      current: s.current,
      stepSince: iso(s.stepSince),
      ...(last
        ? {
            last: {
              line: last.line,
              ...(last.error !== undefined ? { error: last.error } : {}),
              at: iso(last.at),
            },
          }
        : {}),
    };
  });
  return {
    version: room.version,
    lesson: room.lessons[room.lessonIndex]!,
    lessonIndex: room.lessonIndex,
    lessons: room.lessons.length,
    trainees,
    now: iso(now),
  };
}

async function board(deps: HandlerDeps, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const afterText = query.get('after');
  if (afterText !== null && !/^\d{1,15}$/.test(afterText))
    return fail(res, 400, 'after must be a whole number');
  if (afterText !== null) {
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    await deps.room.waitBoard(Number(afterText), gone.signal);
  }
  send(res, 200, boardOf(deps.room, deps.now()));
}

function traineeDetail(room: Room, res: ServerResponse, name: string) {
  const t = TRAINEE_NAME.test(name) ? room.trainees.get(name) : undefined;
  if (!t) return fail(res, 404, 'no such trainee');
  const detail: TraineeDetail = {
    name: t.name,
    recent: t.recent.map((r) => ({
      at: iso(r.at),
      line: r.line,
      ok: r.ok,
      ...(r.error !== undefined ? { error: r.error } : {}),
      checks: r.checks,
    })),
  };
  send(res, 200, detail);
}

export const grades = (room: Room): Grades => ({
  trainees: [...room.trainees.values()].map((t) => ({ name: t.name, lessons: t.grader.grades() })),
});

async function control(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const body = await readJson(req);
  if (!body.ok) return fail(res, body.status, body.error);
  if (!isObject(body.value)) return fail(res, 400, 'the body must be a JSON object');
  const room = deps.room;
  if (path === CLASS_PATHS.message) {
    const text = stringField(body.value, 'text', 4 * MAX_MESSAGE);
    if (text instanceof Error) return fail(res, 400, text.message);
    const line = sanitizeLine(text ?? '').trim();
    if (line === '') return fail(res, 400, 'text is wanted: one line');
    if (line.length > MAX_MESSAGE) return fail(res, 400, `text is over ${MAX_MESSAGE} characters`);
    room.message = line;
    room.emit({ kind: 'message', text: line });
  } else if (path === CLASS_PATHS.reset) {
    const name = stringField(body.value, 'name', 64);
    if (name instanceof Error) return fail(res, 400, name.message);
    const who = name === undefined ? [...room.trainees.values()] : [room.trainees.get(name)];
    if (who.some((t) => t === undefined)) return fail(res, 404, 'no such trainee');
    for (const t of who as Trainee[]) await resetTrainee(room, t, 'reset');
  } else {
    if (room.lessonIndex + 1 >= room.lessons.length)
      return fail(res, 400, 'this is the last lesson of the class');
    room.lessonIndex++;
    for (const t of room.trainees.values()) await resetTrainee(room, t, 'lesson');
  }
  room.changed();
  deps.dirty();
  send(res, 200, { version: room.version });
}

/** The trainee's router back to the lesson's start, their progress at its step 1, and they are told. */
async function resetTrainee(room: Room, t: Trainee, kind: 'reset' | 'lesson'): Promise<void> {
  t.sims.reset();
  await t.grader.startLesson(room.lessonIndex);
  const w = t.grader.where();
  room.emit({ kind, lesson: room.lessons[room.lessonIndex]!.name, step: w.step, text: w.text }, t.name);
}
