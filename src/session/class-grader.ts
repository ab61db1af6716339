// One trainee's grader for the class server (features/class/server GraderPort): the current
// step's checks run on the server against the trainee's router, through a session of its own
// (session.ts, logged in with the router's internal credential). The verdicts are the lesson
// engine's (features/lessons/evaluate.ts); the masking is the one secret rule's (lang/secrets.ts).
// Progress per lesson: each step's state, hint, times and failed checks; saved as JSON.
import type { CheckVerdict, LessonGrade, LineAnswer, StepAnswer, StepState } from '../contract/class.js';
import type { Services } from '../contract/services.js';
import type { GraderPort } from '../features/class/server/ports.js';
import { holds, probeOf, type Seen } from '../features/lessons/evaluate.js';
import type { Check, Lesson } from '../features/lessons/types.js';
import { loadRegexEngine } from '../lang/regex.js';
import { lineSecrets, redactLine } from '../lang/secrets.js';
import type { MetadataCache } from '../lang/cache.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';

interface LessonRun {
  steps: StepState[];
  hints: boolean[];
  reachedAt: number[];
  passedAt: Array<number | null>;
  failed: number[];
  current: number;
}

export interface SavedProgress {
  lessonIndex: number;
  runs: LessonRun[];
}

const HOUR_MS = 3_600_000;

const freshRun = (l: Lesson, now: number): LessonRun => ({
  steps: l.steps.map((_, i) => (i === 0 ? 'current' : 'todo')),
  hints: l.steps.map(() => false),
  reachedAt: l.steps.map(() => now),
  passedAt: l.steps.map(() => null),
  failed: l.steps.map(() => 0),
  current: 0,
});

/** A check as the lesson wrote it (what the board and the trainee see). */
export function checkText(c: Check): string {
  switch (c.kind) {
    case 'node':
      return `node ${c.path.join(' ')} ${c.present ? 'present' : 'absent'}`;
    case 'value':
      return `value ${c.path.join(' ')} = ${c.value}`;
    case 'option':
      return `option ${c.path.join(' ')} ${c.value} ${c.option}${c.optionValue !== undefined ? ` = ${c.optionValue}` : ''}`;
    case 'ran':
      return `ran ${c.pattern.source}`;
    case 'metrics':
    case 'logs':
      return `${c.kind} ${c.query}`;
  }
}

export function createClassGrader(
  lessons: readonly Lesson[],
  services: Pick<Services, 'router' | 'telemetry'>,
  cache: MetadataCache,
  now: () => number,
  saved?: unknown,
): GraderPort {
  let lessonIndex = 0;
  let runs = lessons.map((l) => freshRun(l, now()));
  const restored = savedOf(saved, lessons);
  if (restored) ({ lessonIndex, runs } = restored);
  const lesson = () => lessons[lessonIndex]!;
  const run = () => runs[lessonIndex]!;
  const stepText = () => {
    const s = lesson().steps[run().current];
    return s
      ? sanitizeText(`Step ${run().current + 1}/${lesson().steps.length}: ${s.title}\n${s.text}\n`)
      : `Lesson ${sanitizeLine(lesson().name)} complete.\n`;
  };
  const status = () => {
    const r = run();
    const s = lesson().steps[r.current];
    return sanitizeLine(
      s
        ? `lesson ${lesson().name} ${r.current + 1}/${r.steps.length}: ${s.title} · hint · skip · lesson`
        : `lesson ${lesson().name}: all ${r.steps.length} steps done`,
    );
  };
  const answer = (note: string): StepAnswer => ({
    lesson: lesson().name,
    step: run().current,
    note,
    status: status(),
  });
  const advance = (how: 'done' | 'skipped') => {
    const r = run();
    const t = now();
    r.steps[r.current] = how;
    if (how === 'done') r.passedAt[r.current] = t;
    r.current++;
    if (r.current < r.steps.length) {
      r.steps[r.current] = 'current';
      r.reachedAt[r.current] = t;
    }
  };

  const probe = async (c: Check, line: string | undefined, signal: AbortSignal): Promise<Seen> => {
    const p = probeOf(c);
    try {
      if (p.kind === 'line') return { kind: 'line', line };
      if (p.kind === 'node') {
        const env = await services.router.send({ method: 'GET', words: p.words }, { signal });
        return env.nodeInfo
          ? { kind: 'node', info: env.nodeInfo }
          : { kind: 'failed', reason: 'no metadata' };
      }
      if (!services.telemetry) return { kind: 'failed', reason: 'no telemetry' };
      const client = await services.telemetry.client();
      if (p.kind === 'metrics')
        return {
          kind: 'count',
          count: (await client.query({ expression: p.query }, signal)).data.series.length,
        };
      const end = now();
      const r = await client.logsSearch({ query: p.query, start: end - HOUR_MS, end, limit: 1 }, signal);
      return { kind: 'count', count: r.data.length };
    } catch (e) {
      return { kind: 'failed', reason: (e as Error).message };
    }
  };

  return {
    async line(report, signal): Promise<LineAnswer> {
      const r = run();
      const step = lesson().steps[r.current];
      if (!step || !report.ok) return { ...answer(''), checks: [] };
      if (step.checks.some((c) => c.kind === 'ran')) await loadRegexEngine();
      const checks: CheckVerdict[] = [];
      for (const c of step.checks) {
        const seen = await probe(c, report.resolved ?? report.line, signal);
        const ok = holds(c, seen);
        checks.push({
          check: sanitizeLine(checkText(c)),
          ok,
          level: 'error',
          ...(!ok && seen.kind === 'failed' ? { message: sanitizeLine(seen.reason) } : {}),
        });
      }
      if (checks.every((c) => c.ok)) {
        const title = step.title;
        const n = r.current + 1;
        advance('done');
        return {
          ...answer(sanitizeText(`✓ step ${n}/${r.steps.length} done: ${title}\n\n${stepText()}`)),
          checks,
        };
      }
      r.failed[r.current] = (r.failed[r.current] ?? 0) + 1;
      return { ...answer(''), checks };
    },
    async hint() {
      const r = run();
      const step = lesson().steps[r.current];
      if (!step) return answer('All steps are done.\n');
      r.hints[r.current] = true;
      return answer(sanitizeText(`${step.hint ?? 'No hint for this step: read it again with `lesson`.'}\n`));
    },
    async skip() {
      const r = run();
      if (r.current >= r.steps.length) return answer('All steps are done.\n');
      const n = r.current + 1;
      advance('skipped');
      return answer(`- step ${n} skipped\n\n${stepText()}`);
    },
    where: () => ({ lessonIndex, step: run().current, text: stepText(), status: status() }),
    state: () => ({
      steps: [...run().steps],
      hints: [...run().hints],
      current: run().current,
      stepSince: run().reachedAt[Math.min(run().current, run().steps.length - 1)] ?? now(),
    }),
    grades: () => lessons.map((l, i) => gradeOf(l, runs[i]!, now())),
    async startLesson(i) {
      lessonIndex = i;
      runs[i] = freshRun(lessons[i]!, now());
    },
    mask(line, error) {
      const from = { cache, context: [] as string[] };
      const secrets = lineSecrets(line, from);
      const scrub = (s: string) => secrets.reduce((acc, x) => (x ? acc.split(x).join('***') : acc), s);
      return { line: redactLine(line, from), ...(error !== undefined ? { error: scrub(error) } : {}) };
    },
    save: (): SavedProgress => ({ lessonIndex, runs }),
  };
}

/** The documented rule (docs/classroom.md): a step passed 1, passed after its hint ½, skipped 0. */
function gradeOf(l: Lesson, r: LessonRun, now: number): LessonGrade {
  const steps = l.steps.map((s, i) => {
    const passed = r.steps[i] === 'done';
    const end = r.passedAt[i] ?? (r.current === i ? now : r.reachedAt[i]!);
    return {
      step: i + 1,
      title: sanitizeLine(s.title),
      passed,
      skipped: r.steps[i] === 'skipped',
      hint: r.hints[i] === true,
      seconds: r.steps[i] === 'todo' ? 0 : Math.max(0, Math.round((end - r.reachedAt[i]!) / 1000)),
      failedChecks: r.failed[i] ?? 0,
    };
  });
  const points = steps.reduce((a, s) => a + (s.passed ? (s.hint ? 0.5 : 1) : 0), 0);
  return { lesson: l.name, steps, percent: steps.length ? Math.round((points / steps.length) * 100) : 0 };
}

function savedOf(saved: unknown, lessons: readonly Lesson[]): SavedProgress | undefined {
  const s = saved as SavedProgress | undefined;
  if (!s || !Number.isInteger(s.lessonIndex) || !Array.isArray(s.runs) || s.runs.length !== lessons.length)
    return undefined;
  if (s.lessonIndex < 0 || s.lessonIndex >= lessons.length) return undefined;
  const fits = s.runs.every(
    (r, i) =>
      r &&
      Array.isArray(r.steps) &&
      r.steps.length === lessons[i]!.steps.length &&
      Number.isInteger(r.current),
  );
  return fits ? s : undefined;
}
