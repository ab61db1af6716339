// Tab after `learn `: the lesson names (built-in, the user's own, and lessons run from a file
// that left progress), from the same store `learn` and `lesson` list.
import type { Candidate, ValueCompleter } from '../../lang/types.js';
import type { LessonStore } from './types.js';

export const LESSON_SLOT = 'lessons.name';

export function lessonCompleter(store: LessonStore): ValueCompleter {
  return async (slot, partial) =>
    slot !== LESSON_SLOT
      ? []
      : store
          .names()
          .filter((n) => n.startsWith(partial))
          .map((n): Candidate => ({ text: n, display: n, kind: 'value', insertable: true }));
}
