// The class server's answers (contract/class.ts) decoded field by field: a server is untrusted,
// so a wrong type, a missing field or a size past its bound is one protocol error naming the
// field (`board.trainees[3].steps[2]: not a step state`), never a crash further on. Strings
// are kept as sent (the printer sanitizes); their length and the lists' lengths are bounded.
import type {
  Board,
  BoardTrainee,
  CheckVerdict,
  Grades,
  LessonGrade,
  LessonRef,
  StepGrade,
  StepState,
  TraineeDetail,
} from '../../contract/class.js';
import { protocolError } from '../../errors.js';

/** A class of 10,000 trainees is past any room; a lesson of 1,000 steps past any lesson. */
const MAX_TRAINEES = 10_000;
const MAX_STEPS = 1_000;
const MAX_LESSONS = 1_000;
const MAX_RECENT = 1_000;
const MAX_CHECKS = 1_000;
/** A command line, an error or a check: longer text is cut (it only ever reaches a cell). */
const MAX_TEXT = 4_096;

const STATES: ReadonlySet<string> = new Set<StepState>(['todo', 'current', 'done', 'skipped', 'failed']);

const bad = (at: string, why: string) => protocolError(`malformed answer from class server: ${at}: ${why}`);

type Obj = Record<string, unknown>;

function obj(v: unknown, at: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(at, 'not an object');
  return v as Obj;
}

function list(v: unknown, at: string, max: number): unknown[] {
  if (!Array.isArray(v)) throw bad(at, 'not a list');
  if (v.length > max) throw bad(at, `more than ${max} entries`);
  return v;
}

function str(v: unknown, at: string): string {
  if (typeof v !== 'string') throw bad(at, 'not a string');
  return v.length > MAX_TEXT ? v.slice(0, MAX_TEXT) : v;
}

const optStr = (v: unknown, at: string): string | undefined => (v === undefined ? undefined : str(v, at));

function bool(v: unknown, at: string): boolean {
  if (typeof v !== 'boolean') throw bad(at, 'not true or false');
  return v;
}

function num(v: unknown, at: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    throw bad(at, 'not a number in range');
  return v;
}

function int(v: unknown, at: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const n = num(v, at, min, max);
  if (!Number.isInteger(n)) throw bad(at, 'not a whole number');
  return n;
}

/** An ISO 8601 time, checked to parse (the board computes "time on step" from it). */
function time(v: unknown, at: string): string {
  const s = str(v, at);
  if (Number.isNaN(Date.parse(s))) throw bad(at, 'not a time');
  return s;
}

function lessonRef(v: unknown, at: string): LessonRef {
  const o = obj(v, at);
  return {
    name: str(o.name, `${at}.name`),
    title: str(o.title, `${at}.title`),
    steps: list(o.steps, `${at}.steps`, MAX_STEPS).map((s, i) => str(s, `${at}.steps[${i}]`)),
  };
}

function stepState(v: unknown, at: string): StepState {
  if (typeof v !== 'string' || !STATES.has(v)) throw bad(at, 'not a step state');
  return v as StepState;
}

function trainee(v: unknown, at: string, steps: number): BoardTrainee {
  const o = obj(v, at);
  const states = list(o.steps, `${at}.steps`, MAX_STEPS).map((s, i) => stepState(s, `${at}.steps[${i}]`));
  const hints = list(o.hints, `${at}.hints`, MAX_STEPS).map((h, i) => bool(h, `${at}.hints[${i}]`));
  if (states.length !== steps)
    throw bad(`${at}.steps`, `${states.length} states for a lesson of ${steps} steps`);
  if (hints.length !== steps)
    throw bad(`${at}.hints`, `${hints.length} hints for a lesson of ${steps} steps`);
  const t: BoardTrainee = {
    name: str(o.name, `${at}.name`),
    joined: bool(o.joined, `${at}.joined`),
    steps: states,
    hints,
    current: int(o.current, `${at}.current`, 0, steps),
    stepSince: time(o.stepSince, `${at}.stepSince`),
  };
  if (o.last !== undefined) {
    const l = obj(o.last, `${at}.last`);
    const error = optStr(l.error, `${at}.last.error`);
    t.last = {
      line: str(l.line, `${at}.last.line`),
      ...(error !== undefined && { error }),
      at: time(l.at, `${at}.last.at`),
    };
  }
  return t;
}

export function decodeBoard(v: unknown): Board {
  const o = obj(v, 'board');
  const lesson = lessonRef(o.lesson, 'board.lesson');
  const steps = lesson.steps.length;
  return {
    version: int(o.version, 'board.version'),
    lesson,
    lessonIndex: int(o.lessonIndex, 'board.lessonIndex', 0, MAX_LESSONS),
    lessons: int(o.lessons, 'board.lessons', 0, MAX_LESSONS),
    trainees: list(o.trainees, 'board.trainees', MAX_TRAINEES).map((t, i) =>
      trainee(t, `board.trainees[${i}]`, steps),
    ),
    now: time(o.now, 'board.now'),
  };
}

function verdict(v: unknown, at: string): CheckVerdict {
  const o = obj(v, at);
  const level = o.level;
  if (level !== 'error' && level !== 'warning') throw bad(`${at}.level`, 'not error or warning');
  const message = optStr(o.message, `${at}.message`);
  return {
    check: str(o.check, `${at}.check`),
    ok: bool(o.ok, `${at}.ok`),
    level,
    ...(message !== undefined && { message }),
  };
}

export function decodeTraineeDetail(v: unknown): TraineeDetail {
  const o = obj(v, 'trainee');
  return {
    name: str(o.name, 'trainee.name'),
    recent: list(o.recent, 'trainee.recent', MAX_RECENT).map((r, i) => {
      const at = `trainee.recent[${i}]`;
      const e = obj(r, at);
      const error = optStr(e.error, `${at}.error`);
      return {
        at: time(e.at, `${at}.at`),
        line: str(e.line, `${at}.line`),
        ok: bool(e.ok, `${at}.ok`),
        ...(error !== undefined && { error }),
        checks: list(e.checks, `${at}.checks`, MAX_CHECKS).map((c, j) => verdict(c, `${at}.checks[${j}]`)),
      };
    }),
  };
}

function stepGrade(v: unknown, at: string): StepGrade {
  const o = obj(v, at);
  return {
    step: int(o.step, `${at}.step`, 0, MAX_STEPS),
    title: str(o.title, `${at}.title`),
    passed: bool(o.passed, `${at}.passed`),
    skipped: bool(o.skipped, `${at}.skipped`),
    hint: bool(o.hint, `${at}.hint`),
    seconds: num(o.seconds, `${at}.seconds`),
    failedChecks: int(o.failedChecks, `${at}.failedChecks`),
  };
}

function lessonGrade(v: unknown, at: string): LessonGrade {
  const o = obj(v, at);
  return {
    lesson: str(o.lesson, `${at}.lesson`),
    steps: list(o.steps, `${at}.steps`, MAX_STEPS).map((s, i) => stepGrade(s, `${at}.steps[${i}]`)),
    percent: num(o.percent, `${at}.percent`, 0, 100),
  };
}

export function decodeGrades(v: unknown): Grades {
  const o = obj(v, 'grades');
  return {
    trainees: list(o.trainees, 'grades.trainees', MAX_TRAINEES).map((t, i) => {
      const at = `grades.trainees[${i}]`;
      const e = obj(t, at);
      return {
        name: str(e.name, `${at}.name`),
        lessons: list(e.lessons, `${at}.lessons`, MAX_LESSONS).map((l, j) =>
          lessonGrade(l, `${at}.lessons[${j}]`),
        ),
      };
    }),
  };
}
