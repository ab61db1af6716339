// `routersh learn`: the lessons and their progress (`--progress [--json]`), a lesson file's
// check (`--validate FILE…`), or a lesson started in the shell (`learn NAME [connection]`, on
// the trainee's own embedded simulator unless --router or --profile names a lab router).
import { userInfo } from 'node:os';
import { configError, type Ending, failed, OK, usageError } from '../errors.js';
import { progressReport } from '../features/lessons/list.js';
import { issueLines, parseLesson } from '../features/lessons/parse.js';
import { progressWord } from '../features/lessons/progress.js';
import type { LessonStore } from '../features/lessons/types.js';
import { createLessonDriver, type LessonDriver } from '../features/lessons/lesson-driver.js';
import type { Session } from '../session/session.js';
import { fileLessonStore, readLessonFile } from '../features/lessons/lesson-store.js';

type Env = Readonly<Record<string, string | undefined>>;

export type LearnArgs =
  | { kind: 'list' }
  | { kind: 'progress'; json: boolean }
  | { kind: 'validate'; files: string[] }
  /** `rest`: the main flags after NAME (connection, -c, -f) for the session the lesson runs in. */
  | { kind: 'start'; name: string; rest: string[] };

export function parseLearnArgs(argv: readonly string[]): LearnArgs {
  if (argv.length === 0) return { kind: 'list' };
  if (argv[0] === '--progress') {
    const extra = argv.slice(1).filter((a) => a !== '--json');
    if (extra.length) throw usageError(`learn --progress takes only --json, not '${extra[0]}'`);
    return { kind: 'progress', json: argv.includes('--json') };
  }
  if (argv[0] === '--validate') {
    if (argv.length < 2) throw usageError('learn --validate needs a lesson file');
    return { kind: 'validate', files: argv.slice(1) };
  }
  const [name, ...rest] = argv as [string, ...string[]];
  if (name.startsWith('-')) {
    throw usageError(
      `learn: unknown flag '${name}' (learn NAME [connection], --progress [--json], --validate FILE)`,
    );
  }
  return { kind: 'start', name, rest };
}

const trainee = (env: Env) => {
  try {
    return userInfo().username;
  } catch {
    return env['USER'] ?? 'unknown';
  }
};

/** list, --progress and --validate: they print and end. */
export function runLearnInfo(
  args: Exclude<LearnArgs, { kind: 'start' }>,
  io: { stdout: (s: string) => void; stderr: (s: string) => void; env: Env },
  store: LessonStore = fileLessonStore(io.env),
): Ending {
  switch (args.kind) {
    case 'list': {
      const driver = createLessonDriver(store, noDeps);
      io.stdout(driver.list());
      return OK;
    }
    case 'progress': {
      const report = progressReport(store, trainee(io.env));
      if (args.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      else
        for (const l of report.lessons) io.stdout(`${l.lesson}  ${progressWord(l.progress ?? undefined)}\n`);
      return OK;
    }
    case 'validate': {
      let bad = 0;
      for (const path of args.files) {
        const { name, source } = readLessonFile(path);
        const r = parseLesson(name, source);
        if ('lesson' in r) io.stdout(`${path}: ok, ${r.lesson.steps.length} steps\n`);
        else {
          bad++;
          io.stderr(`${issueLines(path, r.issues)}\n`);
        }
      }
      return bad ? failed(configError(`${bad} lesson file(s) with mistakes`)) : OK;
    }
  }
}

// Listing needs no router: a driver whose probes are never called.
const noDeps = {
  resolve: () => Promise.reject(new Error('no router')),
  router: { send: () => Promise.reject(new Error('no router')) },
};

/** The session's lesson driver (every shell has one: `learn NAME` works anywhere). */
export function attachLessons(session: Session, env: Env): LessonDriver {
  const driver = createLessonDriver(fileLessonStore(env), session.deps);
  session.deps.lessons = driver;
  return driver;
}
