// `routersh learn` and `learn`: the lessons one a line with their progress; and the report
// `routersh learn --progress --json` prints for an instructor to collect.
import { sanitizeLine } from '../../term/sanitize.js';
import { progressWord } from './progress.js';
import type { LessonProgress, LessonStore } from './types.js';

export function listText(store: LessonStore): string {
  const rows = store.names().map((name) => {
    let title: string;
    try {
      title = store.load(name).title;
    } catch {
      title = '(a mistake in the file)';
    }
    // A title is the lesson file's text, a name may be a file's: one sanitized line each.
    return {
      name: sanitizeLine(name),
      title: sanitizeLine(title),
      progress: progressWord(store.progress(name)),
    };
  });
  const w = Math.max(...rows.map((r) => r.name.length), 4);
  const pw = Math.max(...rows.map((r) => r.progress.length), 4);
  return `${rows.map((r) => `${r.name.padEnd(w)}  ${r.progress.padEnd(pw)}  ${r.title}`).join('\n')}\n`;
}

export interface ProgressReport {
  trainee: string;
  lessons: Array<{ lesson: string; progress: LessonProgress | null }>;
}

export const progressReport = (store: LessonStore, trainee: string): ProgressReport => ({
  trainee,
  lessons: store.names().map((lesson) => ({ lesson, progress: store.progress(lesson) ?? null })),
});
