// The lesson under way in a session: after every command the current step's checks are
// probed against the router and telemetry (this is the edge; the verdict is lessons/evaluate.ts),
// a passed step is saved and the next one shown. One driver per session, so one trainee's
// simulator and progress are never another's. A lesson file is untrusted: every text it lends
// (titles, instructions, hints, its name) leaves here sanitized — the notes as text, the status
// line as one line — and its `ran` patterns run in linear time or under a bound (evaluate.ts).
// `grade` is the same check with its verdicts (contract CheckVerdict): the class server's
// grader (grader.ts) is built on it; `afterLine` prints the failed checks the lesson explains.
import { argumentError } from '../../errors.js';
import type { CheckVerdict } from '../../contract/class.js';
import type { Outcome } from '../../contract/outcome.js';
import { type Deps, makeProbe, passes, stepVerdicts } from './lesson-probe.js';
import { listText } from './list.js';
import {
  advance,
  currentStep,
  finished,
  introText,
  passedText,
  startRun,
  statusLine,
  stepText,
  whereText,
} from './progress.js';
import { resolvedLine } from './resolved-line.js';
import type { Lesson, LessonProgress, LessonStore } from './types.js';
import { splitPipes } from '../../lang/pipes.js';
import { loadRegexEngine } from '../../lang/regex.js';
import { sanitizeLine, sanitizeText } from '../../term/sanitize.js';
import type { LessonDriver } from '../../contract/lessons.js';

export type { LessonDriver } from '../../contract/lessons.js';

/** One command's grading: the note to print, every check's verdict, and whether the step passed. */
export interface LineGrade {
  note: string;
  checks: CheckVerdict[];
  passed: boolean;
}

/**
 * The local driver (the lesson engine): it answers at once (the contract allows a round trip: a
 * classroom's), and grades with verdicts, which the class server's grader is built on.
 */
export interface EngineDriver extends LessonDriver {
  list(): string;
  start(name: string): string;
  hint(): string;
  skip(): string;
  where(): string;
  /**
   * Grades the current step after a line that ran (`ok`); `resolved` is the line as the client
   * resolved it (for `ran` checks), resolved here from the top when absent.
   */
  grade(
    line: string,
    context: readonly string[],
    ok: boolean,
    signal: AbortSignal,
    resolved?: string,
  ): Promise<LineGrade>;
  /** Resumes a lesson at a saved point (the class server after a restart). */
  restore(progress: LessonProgress): void;
  /** The run under way, if any. */
  current(): { lesson: Lesson; progress: LessonProgress } | undefined;
}

export type LocalLessonDriver = EngineDriver;

const NONE: LineGrade = { note: '', checks: [], passed: false };

/** The failed checks a lesson explains (its `message`), one a line, under the command. */
const failedNotes = (checks: readonly CheckVerdict[], explained: readonly boolean[]): string =>
  checks
    .filter((c, i) => !c.ok && explained[i])
    .map((c) => `${c.level === 'warning' ? '! ' : 'x '}${c.message ?? c.check}\n`)
    .join('');

export function createLessonDriver(
  store: LessonStore,
  deps: Deps,
  now: () => number = Date.now,
): EngineDriver {
  let run: { lesson: Lesson; progress: LessonProgress } | undefined;
  const listeners = new Set<() => void>();
  let status: string | undefined;
  const set = (lesson: Lesson, progress: LessonProgress) => {
    run = { lesson, progress };
    store.save(progress);
    status = sanitizeLine(statusLine(lesson, progress));
    for (const l of listeners) l();
  };
  const active = () => {
    if (!run) throw argumentError('no lesson under way: `learn` lists them, `learn NAME` starts one');
    return run;
  };
  const probe = makeProbe(deps, now);

  const grade: EngineDriver['grade'] = async (line, context, ok, signal, given) => {
    if (!run || finished(run.progress) || !ok) return NONE;
    const { lesson, progress } = run;
    const step = currentStep(lesson, progress);
    if (!step) return NONE;
    // The line is resolved once, and only when a check asks for it.
    let resolved: Promise<string | undefined> | undefined =
      given !== undefined ? Promise.resolve(given) : undefined;
    const lineOf = () =>
      (resolved ??= deps
        .resolve(splitPipes(line).command, [...context], signal)
        .then(resolvedLine, () => undefined));
    // `ran` patterns and `read` regexes run on RE2 (linear time), loaded once a step has one.
    if (step.checks.some((c) => c.kind === 'ran' || c.kind === 'read')) await loadRegexEngine();
    const checks = await stepVerdicts(step, probe, lineOf, signal);
    // The lesson may have been restarted while the checks ran.
    if (run?.progress !== progress) return NONE;
    // The failed checks the lesson explains are said, a warning's also when the step passes.
    const explained = step.checks.map((c) => c.kind === 'read' && c.message !== undefined);
    const why = failedNotes(checks, explained);
    if (!passes(checks)) return { note: sanitizeText(why), checks, passed: false };
    const next = advance(progress, 'done', now());
    set(lesson, next);
    return { note: sanitizeText(why + passedText(lesson, progress, next)), checks, passed: true };
  };

  return {
    status: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: () => sanitizeText(listText(store)),
    start: (name) => {
      const lesson = store.load(name);
      const progress = startRun(lesson, store.progress(lesson.name), now());
      set(lesson, progress);
      return sanitizeText(introText(lesson, progress));
    },
    restore: (progress) => set(store.load(progress.lesson), progress),
    current: () => run,
    hint: () => {
      const { lesson, progress } = active();
      const step = currentStep(lesson, progress);
      if (!step) return 'All steps are done.\n';
      return sanitizeText(`${step.hint ?? 'No hint for this step: read it again with `lesson`.'}\n`);
    },
    skip: () => {
      const { lesson, progress } = active();
      if (finished(progress)) return 'All steps are done.\n';
      const next = advance(progress, 'skipped', now());
      set(lesson, next);
      const step = currentStep(lesson, next);
      const skipped = `- step ${progress.current + 1} skipped\n`;
      return sanitizeText(
        step ? `${skipped}\n${stepText(lesson, next, step)}` : `${skipped}Lesson ${lesson.name} complete.\n`,
      );
    },
    where: () => {
      const { lesson, progress } = active();
      return sanitizeText(whereText(lesson, progress));
    },
    grade,
    afterLine: async (line: string, context: readonly string[], outcome: Outcome, signal: AbortSignal) =>
      (await grade(line, context, outcome.kind !== 'error' && outcome.kind !== 'empty', signal)).note,
  };
}
