// Lessons and their progress on disk: the built-in lessons, a lesson file named by path, and
// one progress file per lesson in $XDG_STATE_HOME/routersh/lessons/ (0600; a failing disk
// never breaks the lesson, the run just is not saved).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { lessonProgressDir } from '../../config/paths.js';
import { MAX_LESSON_BYTES, readFailure, readFileBoundedSync } from '../../config/read-bounded.js';
import { configError, usageError } from '../../errors.js';
import { BUILTIN_LESSONS } from './builtin.js';
import { lessonOrThrow } from './parse.js';
import type { Lesson, LessonProgress, LessonStore } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A path, not a name: `./x.md`, `/abs/x.md`, `x.md`. */
export const isLessonPath = (name: string): boolean => name.includes('/') || name.endsWith('.md');

/** A file name for the lesson's progress: its name with anything unusual made plain. */
const fileOf = (name: string) => `${name.replace(/[^\w.-]/g, '_').replace(/^\.+/, '_')}.json`;

/** A lesson file, read up to MAX_LESSON_BYTES (a larger one, or /dev/zero, is one error line). */
export function readLessonFile(path: string): { name: string; source: string } {
  try {
    return { name: basename(path).replace(/\.md$/, ''), source: readFileBoundedSync(path, MAX_LESSON_BYTES) };
  } catch (e) {
    throw configError(`cannot read lesson ${path}: ${readFailure(e)}`);
  }
}

export function fileLessonStore(env: Env): LessonStore {
  const dir = lessonProgressDir(env);
  return {
    names: () => [...BUILTIN_LESSONS.keys()],
    load: (name): Lesson => {
      const builtin = BUILTIN_LESSONS.get(name);
      if (builtin !== undefined) return lessonOrThrow(name, `${name}.md`, builtin);
      if (!isLessonPath(name)) {
        throw usageError(
          `no lesson '${name}' (lessons: ${[...BUILTIN_LESSONS.keys()].join(', ')}; or a file.md)`,
        );
      }
      const file = readLessonFile(name);
      return lessonOrThrow(file.name, name, file.source);
    },
    progress: (name): LessonProgress | undefined => {
      try {
        const p = JSON.parse(
          readFileBoundedSync(join(dir, fileOf(name)), MAX_LESSON_BYTES),
        ) as LessonProgress;
        return typeof p === 'object' && p !== null && typeof p.current === 'number' ? p : undefined;
      } catch {
        return undefined;
      }
    },
    save: (p) => {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const file = join(dir, fileOf(p.lesson));
        writeFileSync(`${file}.tmp`, `${JSON.stringify(p, null, 2)}\n`, { mode: 0o600 });
        renameSync(`${file}.tmp`, file);
      } catch {
        // Progress is a convenience: the lesson goes on without it.
      }
    },
  };
}
