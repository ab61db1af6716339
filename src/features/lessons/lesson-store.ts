// Lessons and their progress on disk: the built-in lessons, a lesson file named by path, and
// one progress file per lesson in $XDG_STATE_HOME/routersh/lessons/ (0600; a failing disk
// never breaks the lesson, the run just is not saved).
import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { lessonProgressDir, userLessonsDir } from '../../config/paths.js';
import { stateFiles } from '../../config/state-dir.js';
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

/** Files of a directory that may not exist (an empty list then). */
const filesOf = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The lesson names a directory's `NAME.md` files give (plain names only: no path tricks). */
const ownLessons = (dir: string): string[] =>
  filesOf(dir)
    .filter((f) => /^[\w.-]+\.md$/.test(f) && !f.startsWith('.'))
    .map((f) => f.slice(0, -'.md'.length))
    .filter((n) => !BUILTIN_LESSONS.has(n))
    .sort();

/** Lessons run from a file (`learn ./x.md`) that left progress: named by their progress file. */
function progressedLessons(dir: string): string[] {
  const out: string[] = [];
  for (const f of filesOf(dir).filter((x) => x.endsWith('.json'))) {
    try {
      const p = JSON.parse(readFileBoundedSync(join(dir, f), MAX_LESSON_BYTES)) as { lesson?: unknown };
      if (typeof p.lesson === 'string' && p.lesson) out.push(p.lesson);
    } catch {
      // Not a progress file of ours: left out.
    }
  }
  return out.sort();
}

export function fileLessonStore(env: Env): LessonStore {
  const dir = lessonProgressDir(env);
  const own = userLessonsDir(env);
  const names = () => {
    const mine = ownLessons(own);
    const seen = new Set([...BUILTIN_LESSONS.keys(), ...mine]);
    return [...seen, ...progressedLessons(dir).filter((n) => !seen.has(n))];
  };
  return {
    names,
    load: (name): Lesson => {
      const builtin = BUILTIN_LESSONS.get(name);
      if (builtin !== undefined) return lessonOrThrow(name, `${name}.md`, builtin);
      const mine = join(own, `${name}.md`);
      if (!isLessonPath(name) && /^[\w.-]+$/.test(name) && existsSync(mine)) {
        const file = readLessonFile(mine);
        return lessonOrThrow(name, mine, file.source);
      }
      if (!isLessonPath(name)) {
        throw usageError(
          `no lesson '${name}' (lessons: ${names().join(', ')}; or a file.md; your own: ${own}/NAME.md)`,
        );
      }
      const file = readLessonFile(name);
      return lessonOrThrow(file.name, name, file.source);
    },
    progress: (name): LessonProgress | undefined => {
      // State only the user can touch (config/state-dir.ts): someone else's progress is none.
      if (stateFiles.trouble(join(dir, fileOf(name)))) return undefined;
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
        stateFiles.ensureDir(dir);
        const file = join(dir, fileOf(p.lesson));
        writeFileSync(`${file}.tmp`, `${JSON.stringify(p, null, 2)}\n`, { mode: 0o600 });
        renameSync(`${file}.tmp`, file);
      } catch {
        // Progress is a convenience: the lesson goes on without it.
      }
    },
  };
}
