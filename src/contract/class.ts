// The classroom's wire contract (issue 40): what `routersh class serve` answers and what
// `class join`, `class board` and `class grades` send. One server port carries three things:
//   URL/t/NAME/api/…, URL/t/NAME/api-oauth/…, URL/t/NAME/token  the trainee's own router
//        (the spec's paths only; Basic NAME:CODE, or a token that router issued);
//   URL/t/NAME/telemetry/api/v1/…  the trainee's own telemetry (X-API-Key: the key join returns);
//   URL/class/…  the class itself (below).
// Trainee calls carry Basic NAME:CODE; instructor calls carry `Authorization: Bearer TOKEN`.
// A trainee's credentials open only their own router and their own /class/ calls; the
// instructor's token opens the board, grades and controls and nothing of a trainee's router.
// Every error is the router spec's envelope shape `{ error: string }` with 400/401/403/404/413/429.

/** Paths under the class URL (the server's one port). */
export const CLASS_PATHS = {
  /** POST (trainee): the trainee's connection and lessons. → JoinAnswer */
  join: '/class/join',
  /** POST (trainee): a command the trainee ran, graded on the server. LineReport → LineAnswer */
  line: '/class/line',
  /** POST (trainee): the current step's hint (counted). → StepAnswer */
  hint: '/class/hint',
  /** POST (trainee): skip the current step (counted). → StepAnswer */
  skip: '/class/skip',
  /** GET (trainee) ?after=SEQ: long poll (≤ 25 s) for what the class sends. → EventsAnswer */
  events: '/class/events',
  /** GET (instructor) ?after=VERSION: the board, at once or when it changes (≤ 25 s). → Board */
  board: '/class/board',
  /** GET (instructor) /class/trainee/NAME: one trainee's recent commands and checks. → TraineeDetail */
  trainee: '/class/trainee/',
  /** POST (instructor) { name?: string }: one trainee's router (or all) back to the lesson's start. */
  reset: '/class/reset',
  /** POST (instructor) { text }: a one-line message shown in every trainee's shell. */
  message: '/class/message',
  /** POST (instructor): the next lesson, step 1, every router at its start. */
  next: '/class/next',
  /** GET (instructor): every trainee's grades. → Grades */
  grades: '/class/grades',
} as const;

/** A trainee's router base URL under the class URL (client appends /api/…). */
export const traineeRouterPath = (name: string): string => `/t/${encodeURIComponent(name)}`;
/** A trainee's telemetry base URL under the class URL (client appends /api/v1/…). */
export const traineeTelemetryPath = (name: string): string => `/t/${encodeURIComponent(name)}/telemetry`;

/** Trainee names: what a roster line may hold (the server refuses others with the line number). */
export const TRAINEE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

export type StepState = 'todo' | 'current' | 'done' | 'skipped' | 'failed';

/** One check's verdict after a command (warning checks inform and never fail the step). */
export interface CheckVerdict {
  /** The check as written in the lesson (sanitized, secrets masked). */
  check: string;
  ok: boolean;
  level: 'error' | 'warning';
  /** The lesson's message on failure, or why the probe failed. */
  message?: string;
}

export interface LessonRef {
  name: string;
  title: string;
  steps: string[];
}

export interface JoinAnswer {
  name: string;
  /** Absolute URLs, built from the URL the trainee joined with. */
  router: string;
  telemetry: string;
  telemetryKey: string;
  lessons: LessonRef[];
  /** The lesson under way and the trainee's step in it (0-based; steps.length when done). */
  lesson: string;
  step: number;
  /** The step's text to show (sanitized on the server, again on the client). */
  text: string;
  /** The class's last message, if any. */
  message?: string;
}

export interface LineReport {
  /** The line as typed; the server passes it through the one secret rule before keeping it. */
  line: string;
  /** The line as resolved by the client (`sh int` → `show interface`), for `ran` checks. */
  resolved?: string;
  ok: boolean;
  /** The command's one-line error, when it failed. */
  error?: string;
}

export interface StepAnswer {
  lesson: string;
  step: number;
  /** The note to print under the command ('' when none): passed, the next step, a failure. */
  note: string;
  /** The status line above the prompt. */
  status: string;
}

export interface LineAnswer extends StepAnswer {
  checks: CheckVerdict[];
}

export type ClassEvent =
  | { kind: 'message'; text: string }
  | { kind: 'lesson'; lesson: string; step: number; text: string }
  | { kind: 'reset'; lesson: string; step: number; text: string };

export interface EventsAnswer {
  seq: number;
  events: ClassEvent[];
}

export interface BoardTrainee {
  name: string;
  joined: boolean;
  /** One per step of the current lesson. */
  steps: StepState[];
  /** Per step: whether the hint was shown. */
  hints: boolean[];
  current: number;
  /** When the trainee reached the current step (ISO 8601). */
  stepSince: string;
  last?: { line: string; error?: string; at: string };
}

export interface Board {
  version: number;
  lesson: LessonRef;
  lessonIndex: number;
  lessons: number;
  trainees: BoardTrainee[];
  /** Server time (ISO 8601), for "time on step" without trusting the board's clock. */
  now: string;
}

export interface TraineeDetail {
  name: string;
  recent: Array<{ at: string; line: string; ok: boolean; error?: string; checks: CheckVerdict[] }>;
}

export interface StepGrade {
  step: number;
  title: string;
  passed: boolean;
  skipped: boolean;
  hint: boolean;
  /** Seconds from reaching the step to passing it (or until now / the lesson's end). */
  seconds: number;
  failedChecks: number;
}

export interface LessonGrade {
  lesson: string;
  steps: StepGrade[];
  /** The documented rule (docs/classroom.md): passed steps without hint 1, with hint ½, skipped 0. */
  percent: number;
}

export interface Grades {
  trainees: Array<{ name: string; lessons: LessonGrade[] }>;
}
