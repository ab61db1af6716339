// A run through a lesson, as pure transitions over LessonProgress, and the texts the shell
// shows for it (the status line, the step, where am I).
import type { Lesson, LessonProgress, Step } from './types.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A new run from step 1 (the trainee's simulator is fresh); an earlier completion is kept. */
export function startRun(lesson: Lesson, before: LessonProgress | undefined, now: number): LessonProgress {
  return {
    lesson: lesson.name,
    title: lesson.title,
    steps: lesson.steps.length,
    current: 0,
    done: [],
    skipped: [],
    startedAt: iso(now),
    updatedAt: iso(now),
    ...(before?.completedAt ? { completedAt: before.completedAt } : {}),
  };
}

/** The current step passed (`done`) or was given up (`skipped`): on to the next one. */
export function advance(p: LessonProgress, how: 'done' | 'skipped', now: number): LessonProgress {
  if (p.current >= p.steps) return p;
  const n = p.current + 1;
  const next: LessonProgress = {
    ...p,
    current: n,
    done: how === 'done' ? [...p.done, n] : p.done,
    skipped: how === 'skipped' ? [...p.skipped, n] : p.skipped,
    updatedAt: iso(now),
  };
  return n >= p.steps && !p.completedAt ? { ...next, completedAt: iso(now) } : next;
}

export const finished = (p: LessonProgress): boolean => p.current >= p.steps;

export const currentStep = (l: Lesson, p: LessonProgress): Step | undefined => l.steps[p.current];

/** `3/5` for a run under way, `done` (with skips) once over; as `routersh learn` lists it. */
export function progressWord(p: LessonProgress | undefined): string {
  if (!p) return 'not started';
  if (finished(p)) return p.skipped.length ? `done (${p.skipped.length} skipped)` : 'done';
  const ever = p.completedAt ? ', done before' : '';
  return `${p.done.length + p.skipped.length}/${p.steps}${ever}`;
}

/** The one line above the prompt. */
export function statusLine(l: Lesson, p: LessonProgress): string {
  const step = currentStep(l, p);
  if (!step) return `lesson ${l.name}: all ${p.steps} steps done — learn to pick another`;
  return `lesson ${l.name} ${p.current + 1}/${p.steps}: ${step.title} · hint · skip · lesson`;
}

/** A step as printed when it becomes current. */
export const stepText = (l: Lesson, p: LessonProgress, s: Step): string =>
  `Step ${p.current + 1}/${l.steps.length}: ${s.title}\n${s.text ? `${s.text}\n` : ''}`;

/** What the trainee sees at the start: the title, the introduction and step 1. */
export function introText(l: Lesson, p: LessonProgress): string {
  const step = currentStep(l, p);
  const head = `Lesson ${l.name}: ${l.title} (${l.steps.length} steps; hint, skip, lesson help)\n`;
  return `${head}${l.intro ? `${l.intro}\n` : ''}\n${step ? stepText(l, p, step) : ''}`;
}

/** `lesson`: where am I. */
export function whereText(l: Lesson, p: LessonProgress): string {
  const marks = l.steps
    .map((s, i) => {
      const n = i + 1;
      const mark = p.done.includes(n) ? '✓' : p.skipped.includes(n) ? '-' : i === p.current ? '>' : ' ';
      return `  ${mark} ${n}. ${s.title}`;
    })
    .join('\n');
  const step = currentStep(l, p);
  return `Lesson ${l.name}: ${l.title}\n${marks}\n${step ? `\n${stepText(l, p, step)}` : '\nAll steps done.\n'}`;
}

/** The note printed when the current step passed: the mark, then the next step (or the end). */
export function passedText(l: Lesson, before: LessonProgress, after: LessonProgress): string {
  const s = l.steps[before.current];
  const next = currentStep(l, after);
  const mark = `✓ step ${before.current + 1}/${l.steps.length} done: ${s?.title ?? ''}\n`;
  return next ? `${mark}\n${stepText(l, after, next)}` : `${mark}Lesson ${l.name} complete.\n`;
}
