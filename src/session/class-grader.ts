// One trainee's grader for the class server (features/class/server's GraderPort): the lesson
// engine's per-trainee grader (features/lessons/grader.ts) on a session of the trainee's router
// of its own, so the current step's checks run on the server against that router. The masking
// of a line is the one secret rule's (lang/secrets.ts) with that router's metadata.
import type { Services } from '../contract/services.js';
import type { GraderPort } from '../features/class/server/ports.js';
import { createGrader, type GraderSnapshot } from '../features/lessons/grader.js';
import type { Lesson } from '../features/lessons/types.js';
import type { MetadataCache } from '../lang/cache.js';
import { lineSecrets, redactLine } from '../lang/secrets.js';

export function createClassGrader(
  lessons: readonly Lesson[],
  services: Pick<Services, 'resolve' | 'router' | 'telemetry'>,
  cache: MetadataCache,
  now: () => number,
  saved?: unknown,
): GraderPort {
  const grader = createGrader({
    lessons,
    deps: services,
    now,
    // The grader keeps what fits its lessons of a saved snapshot and starts afresh otherwise.
    ...(saved !== undefined && typeof saved === 'object' && saved !== null
      ? { saved: saved as GraderSnapshot }
      : {}),
  });
  return {
    line: (report, signal) => grader.afterLine(report, signal),
    hint: async () => grader.hint(),
    skip: async () => grader.skip(),
    where: () => {
      const w = grader.where();
      return { lessonIndex: w.lessonIndex, step: w.step, text: w.text };
    },
    state: () => {
      const s = grader.state();
      return {
        steps: s.steps,
        hints: s.hints,
        current: s.current,
        stepSince: Date.parse(s.stepSince) || now(),
      };
    },
    grades: () => grader.grades(),
    async startLesson(i) {
      grader.resetTo(i);
    },
    mask(line, error) {
      const from = { cache, context: [] as string[] };
      const secrets = lineSecrets(line, from).filter((s) => s.length > 0);
      // The command's error may quote the value it refused: the line's secrets are masked there too.
      const scrub = (s: string) => secrets.reduce((acc, x) => acc.split(x).join('***'), s);
      return { line: redactLine(line, from), ...(error !== undefined ? { error: scrub(error) } : {}) };
    },
    save: () => grader.snapshot(),
  };
}
