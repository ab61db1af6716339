// The per-trainee grader the class server runs (issue 40): one per trainee, on the lesson
// engine a single-user `learn NAME` shell uses (createLessonDriver), against that trainee's own
// router and telemetry. It answers in the classroom contract's shapes (contract/class.ts) and
// keeps what the board and the grades need: per step its state, whether the hint was used, when
// it was reached and passed, how many failed checks it saw. Everything it returns that a lesson
// file lent (texts, checks as written) is sanitized by the driver.
import type {
  CheckVerdict,
  LessonGrade,
  LessonRef,
  LineAnswer,
  LineReport,
  StepAnswer,
  StepState,
} from '../../contract/class.js';
import type { Services } from '../../contract/services.js';
import { usageError } from '../../errors.js';
import { LESSON_BUILTINS } from '../../lang/grammar.js';
import { sanitizeLine, sanitizeText } from '../../term/sanitize.js';
import { createLessonDriver } from './lesson-driver.js';
import { currentStep, stepText } from './progress.js';
import type { Lesson, LessonProgress, LessonStore } from './types.js';

export interface GraderOptions {
  /** The class's lessons, in order (loaded by the caller: fileLessonStore(env).load(name)). */
  lessons: readonly Lesson[];
  /** The trainee's own router and telemetry; `resolve` is THE resolver over that router. */
  deps: Pick<Services, 'resolve' | 'router' | 'telemetry'>;
  now?: () => number;
  /** What snapshot() returned before a restart (`class serve --state DIR`). */
  saved?: GraderSnapshot;
}

/** The board's view of one trainee in the current lesson (BoardTrainee without name/last). */
export interface GraderState {
  lesson: string;
  lessonIndex: number;
  steps: StepState[];
  hints: boolean[];
  current: number;
  /** When the trainee reached the current step (ISO 8601). */
  stepSince: string;
}

/** One step's record, kept per lesson (JSON: it is what --state keeps). */
export interface StepRecord {
  state: StepState;
  hint: boolean;
  /** Epoch ms when reached / passed or skipped; undefined before. */
  reachedAt?: number;
  endedAt?: number;
  failedChecks: number;
}

export interface GraderSnapshot {
  lessonIndex: number;
  /** Per lesson name: its steps' records. */
  records: Record<string, StepRecord[]>;
}

export interface Grader {
  /** Where the trainee is: the lesson, its index, the step (0-based; steps.length when done), its text. */
  where(): { lesson: string; lessonIndex: number; step: number; text: string };
  /**
   * Grades the current step after a trainee's command (a failed command grades nothing), one
   * command at a time in order; with MAX_PENDING waiting, a further one is answered ungraded.
   */
  afterLine(report: LineReport, signal: AbortSignal): Promise<LineAnswer>;
  /** The current step's hint (counted on the board and in the grades). */
  hint(): StepAnswer;
  /** Skips the current step (counted). */
  skip(): StepAnswer;
  state(): GraderState;
  /** Per lesson of the class: its steps' grades and the percentage (docs/classroom.md's rule). */
  grades(): LessonGrade[];
  /** The lesson at `lessonIndex`, step 1, records of that lesson cleared (the router is the caller's). */
  resetTo(lessonIndex: number): StepAnswer;
  snapshot(): GraderSnapshot;
}

export type { CheckVerdict };

/** A lesson as the contract names it (join, the board). */
export const lessonRef = (l: Lesson): LessonRef => ({
  name: sanitizeLine(l.name),
  title: sanitizeLine(l.title),
  steps: l.steps.map((s) => sanitizeLine(s.title)),
});

/** Lines of one trainee waiting to be graded, past which a line is answered ungraded. */
export const MAX_PENDING = 4;

const iso = (ms: number) => new Date(ms).toISOString();
const fresh = (l: Lesson, at: number): StepRecord[] =>
  l.steps.map((_, i) => ({
    state: i === 0 ? 'current' : 'todo',
    hint: false,
    failedChecks: 0,
    ...(i === 0 ? { reachedAt: at } : {}),
  }));

/** A saved record list that fits the lesson (a file from --state), or a fresh one. */
function recordsOf(l: Lesson, saved: unknown, at: number): StepRecord[] {
  const STATES: readonly string[] = ['todo', 'current', 'done', 'skipped', 'failed'];
  if (!Array.isArray(saved) || saved.length !== l.steps.length) return fresh(l, at);
  const ok = saved.every(
    (r: Partial<StepRecord> | null) =>
      typeof r === 'object' &&
      r !== null &&
      STATES.includes(r.state as string) &&
      typeof r.hint === 'boolean' &&
      typeof r.failedChecks === 'number',
  );
  return ok ? (saved as StepRecord[]).map((r) => ({ ...r })) : fresh(l, at);
}

/** The driver's progress from the records: the first step neither done nor skipped is current. */
function progressOf(l: Lesson, rs: readonly StepRecord[], at: number): LessonProgress {
  const n = (s: StepState) => rs.flatMap((r, i) => (r.state === s ? [i + 1] : []));
  const current = rs.findIndex((r) => r.state !== 'done' && r.state !== 'skipped');
  const started = rs[0]?.reachedAt ?? at;
  return {
    lesson: l.name,
    title: l.title,
    steps: l.steps.length,
    current: current < 0 ? l.steps.length : current,
    done: n('done'),
    skipped: n('skipped'),
    startedAt: iso(started),
    updatedAt: iso(at),
  };
}

/** The documented rule (docs/classroom.md): a passed step 1, passed after its hint ½, else 0. */
export function percentOf(steps: readonly { passed: boolean; hint: boolean }[]): number {
  if (!steps.length) return 0;
  const points = steps.reduce((sum, s) => sum + (s.passed ? (s.hint ? 0.5 : 1) : 0), 0);
  return Math.round((1000 * points) / steps.length) / 10;
}

/** A lesson's grades from its steps' records (seconds until `now` for a step under way). */
function gradeOf(l: Lesson, rs: readonly StepRecord[], now: number): LessonGrade {
  const steps = rs.map((r, i) => ({
    step: i + 1,
    title: sanitizeLine(l.steps[i]?.title ?? ''),
    passed: r.state === 'done',
    skipped: r.state === 'skipped',
    hint: r.hint,
    seconds:
      r.reachedAt === undefined ? 0 : Math.max(0, Math.round(((r.endedAt ?? now) - r.reachedAt) / 1000)),
    failedChecks: r.failedChecks,
  }));
  return { lesson: sanitizeLine(l.name), steps, percent: percentOf(steps) };
}

/** The lesson's own built-ins (grammar.ts): a line that starts with one is no try at the step. */
const LESSON_OWN = new Set<string>(LESSON_BUILTINS);

export function createGrader(o: GraderOptions): Grader {
  if (!o.lessons.length) throw usageError('a class needs at least one lesson');
  const now = o.now ?? Date.now;
  const byName = new Map(o.lessons.map((l) => [l.name, l]));
  const store: LessonStore = {
    names: () => [...byName.keys()],
    load: (name) => {
      const l = byName.get(name);
      if (!l) throw usageError(`no lesson '${name}' in this class`);
      return l;
    },
    // The grader's records are the progress: the driver's own saves are not needed.
    progress: () => undefined,
    save: () => {},
  };
  const driver = createLessonDriver(store, o.deps, now);
  const records = new Map<string, StepRecord[]>();
  const savedIndex = o.saved?.lessonIndex;
  let index =
    Number.isInteger(savedIndex) && savedIndex! >= 0 && savedIndex! < o.lessons.length ? savedIndex! : 0;
  for (const l of o.lessons) records.set(l.name, recordsOf(l, o.saved?.records?.[l.name], now()));
  const lesson = () => o.lessons[index] as Lesson;
  const mine = () => records.get(lesson().name) as StepRecord[];
  driver.restore(progressOf(lesson(), mine(), now()));

  const step = () => driver.current()?.progress.current ?? 0;
  const answer = (note: string): StepAnswer => ({
    lesson: sanitizeLine(lesson().name),
    step: step(),
    note,
    status: driver.status() ?? '',
  });
  /** The step just ended (passed or skipped): its record closed, the next one reached. */
  const ended = (i: number, how: 'done' | 'skipped') => {
    const rs = mine();
    const r = rs[i];
    if (r) Object.assign(r, { state: how, endedAt: now() });
    const next = rs[i + 1];
    if (next) Object.assign(next, { state: 'current', reachedAt: now() });
  };

  // The lesson's own commands are not tries at the step: a check still failing after `hint`,
  // `skip` (graded on the step it moved to) or `lesson` is not counted against the trainee.
  const gradeLine = async (report: LineReport, signal: AbortSignal): Promise<LineAnswer> => {
    const at = step();
    const g = await driver.grade(report.line, [], report.ok, signal, report.resolved);
    if (g.passed) ended(at, 'done');
    else if (!LESSON_OWN.has(report.line.trim().split(/\s+/)[0] ?? '')) {
      const r = mine()[at];
      const failures = g.checks.filter((c) => !c.ok && c.level === 'error').length;
      if (r && failures) Object.assign(r, { state: 'failed', failedChecks: r.failedChecks + failures });
    }
    return { ...answer(g.note), checks: g.checks };
  };

  let queue: Promise<void> = Promise.resolve();
  let pending = 0;

  return {
    where: () => {
      const run = driver.current();
      const s = run ? currentStep(run.lesson, run.progress) : undefined;
      const text = run && s ? stepText(run.lesson, run.progress, s) : `Lesson ${lesson().name} complete.\n`;
      return {
        lesson: sanitizeLine(lesson().name),
        lessonIndex: index,
        step: step(),
        text: sanitizeText(text),
      };
    },
    afterLine: (report, signal) => {
      // One grading at a time per trainee, in the order of their commands; a client that floods
      // gets its extra lines answered ungraded instead of a queue without end.
      if (pending >= MAX_PENDING) return Promise.resolve({ ...answer(''), checks: [] });
      pending++;
      const graded = queue.then(() => gradeLine(report, signal));
      queue = graded.then(
        () => undefined,
        () => undefined,
      );
      return graded.finally(() => {
        pending--;
      });
    },
    hint: () => {
      const r = mine()[step()];
      const note = driver.hint();
      if (r) r.hint = true;
      return answer(note);
    },
    skip: () => {
      const at = step();
      const note = driver.skip();
      if (at < lesson().steps.length) ended(at, 'skipped');
      return answer(note);
    },
    state: () => {
      const rs = mine();
      const cur = step();
      return {
        lesson: sanitizeLine(lesson().name),
        lessonIndex: index,
        steps: rs.map((r) => r.state),
        hints: rs.map((r) => r.hint),
        current: cur,
        stepSince: iso(rs[cur]?.reachedAt ?? rs.at(-1)?.endedAt ?? now()),
      };
    },
    grades: () => o.lessons.map((l) => gradeOf(l, records.get(l.name) as StepRecord[], now())),
    resetTo: (lessonIndex) => {
      if (!Number.isInteger(lessonIndex) || lessonIndex < 0 || lessonIndex >= o.lessons.length)
        throw usageError(`no lesson ${lessonIndex + 1} in this class (${o.lessons.length})`);
      index = lessonIndex;
      records.set(lesson().name, fresh(lesson(), now()));
      return answer(driver.start(lesson().name));
    },
    snapshot: () => ({ lessonIndex: index, records: structuredClone(Object.fromEntries(records)) }),
  };
}
