// `routersh learn --test FILE|NAME…`: for an instructor's CI. Per lesson, a fresh embedded
// simulator (--demo's, started and stopped by session/connect.ts), each step's `solution:`
// lines run through the product's command path (runPiped, as the shell runs a line) with the
// context carried from line to line, each line graded by the lesson engine the shell and the
// class server use; every check is reported. Exit 0 all pass, 1 a step failed, 2 a bad file
// (the good files are still tested).
import { parseMainArgs } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import type { CheckVerdict } from '../contract/class.js';
import { commandFailedError, configError, type Ending, failed, isRoutershError, OK } from '../errors.js';
import { createLessonDriver } from '../features/lessons/lesson-driver.js';
import { fileLessonStore } from '../features/lessons/lesson-store.js';
import type { Lesson, LessonStore } from '../features/lessons/types.js';
import { runPiped } from '../run/output-pipes.js';
import { connect } from '../session/connect.js';
import type { Session } from '../session/session.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';

/** One lesson's store: the lesson itself, progress kept nowhere (a test leaves no state). */
const oneLesson = (lesson: Lesson): LessonStore => ({
  names: () => [lesson.name],
  load: () => lesson,
  progress: () => undefined,
  save: () => {},
});

const mark = (ok: boolean) => (ok ? 'ok  ' : 'FAIL');
const verdictLine = (v: CheckVerdict) =>
  `      ${v.ok ? 'ok  ' : v.level === 'warning' ? 'warn' : 'FAIL'} ${v.check}${v.ok ? '' : `: ${v.message ?? ''}`}\n`;

/** Runs the lesson's solutions on the session's router; the number of steps that failed. */
async function testSteps(lesson: Lesson, session: Session, out: (s: string) => void, signal: AbortSignal) {
  const engine = createLessonDriver(oneLesson(lesson), session.services);
  engine.start(lesson.name);
  const state = { context: [] as string[] };
  let bad = 0;
  for (const [i, step] of lesson.steps.entries()) {
    const title = `${i + 1}. ${sanitizeLine(step.title)}`;
    let checks: CheckVerdict[] = [];
    let passed = false;
    let advanced = false;
    let why = step.solution.length ? '' : ': no solution (add `solution:` lines)';
    for (const line of step.solution) {
      const context = state.context;
      const { outcome } = await runPiped(line, state, session.services, signal);
      if (outcome.kind === 'context') state.context = outcome.context;
      // A solution line that fails fails the step; its checks are still reported.
      if (outcome.kind === 'error')
        why = `: solution line '${sanitizeLine(line)}' failed: ${sanitizeLine(outcome.error.message)}`;
      const g = await engine.grade(line, context, true, signal);
      checks = g.checks;
      advanced = g.passed;
      passed = g.passed && outcome.kind !== 'error';
      if (g.passed || outcome.kind === 'error' || signal.aborted) break;
    }
    out(`  ${mark(passed)} ${title}${passed ? '' : why}\n`);
    for (const v of checks) out(verdictLine(v));
    if (!passed) bad++;
    // On to the next step as a trainee who gave up would.
    if (!advanced) engine.skip();
  }
  return bad;
}

export async function runLearnTest(names: readonly string[], io: CommandIo): Promise<Ending> {
  const store = fileLessonStore(io.env);
  const controller = new AbortController();
  const stop = io.onInterrupt(() => controller.abort());
  let badFiles = 0;
  let failedLessons = 0;
  try {
    for (const name of names) {
      let lesson: Lesson;
      try {
        lesson = store.load(name);
      } catch (e) {
        if (!isRoutershError(e)) throw e;
        badFiles++;
        // The issues quote the file: one sanitized line each.
        io.err(`${sanitizeText(e.message.split('; ').join('\n'))}\n`);
        continue;
      }
      io.out(`${sanitizeLine(lesson.name)}: ${sanitizeLine(lesson.title)}\n`);
      const { session, close } = await connect(parseMainArgs(['--demo']), io, {
        interactive: false,
        telemetry: 'on-first-use',
      });
      let bad: number;
      try {
        bad = await testSteps(lesson, session, io.out, controller.signal);
      } finally {
        await close();
      }
      const n = lesson.steps.length;
      io.out(`${sanitizeLine(lesson.name)}: ${n - bad}/${n} steps pass\n`);
      if (bad) failedLessons++;
    }
  } finally {
    stop();
  }
  if (badFiles) return failed(configError(`${badFiles} lesson file(s) with mistakes`));
  if (failedLessons)
    return failed(commandFailedError(`${failedLessons} lesson(s) with a step whose solution does not pass`));
  return OK;
}
