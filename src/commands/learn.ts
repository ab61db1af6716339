// `routersh learn`: the lessons and their progress (`--progress [--json]`), a lesson file's
// check (`--validate FILE…`), its solutions tested (`--test FILE…`, learn-test.ts), or a lesson started in the shell (`learn NAME [connection]`, on
// the trainee's own embedded simulator unless --router or --profile names a lab router).
import { userInfo } from 'node:os';
import { configError, type Ending, failed, OK, usageError } from '../errors.js';
import { listText, progressReport } from '../features/lessons/list.js';
import { issueLines, parseLesson } from '../features/lessons/parse.js';
import { progressWord } from '../features/lessons/progress.js';
import type { LessonStore } from '../features/lessons/types.js';
import { leadingMainFlags, parseMainArgs } from '../cli/args.js';
import type { LEARN_FLAGS } from '../cli/command-options.js';
import type { Command } from './command.js';
import { jsonText, sanitizeLine, sanitizeText } from '../term/sanitize.js';
import { runSession } from './default.js';
import { fileLessonStore, readLessonFile } from '../features/lessons/lesson-store.js';

type Env = Readonly<Record<string, string | undefined>>;

export type LearnArgs =
  | { kind: 'list' }
  | { kind: 'progress'; json: boolean }
  | { kind: 'validate'; files: string[] }
  /** `--test FILE|NAME…`: each step's solution against a fresh simulator (learn-test.ts). */
  | { kind: 'test'; files: string[] }
  /** `rest`: the main flags after NAME (connection, -c, -f) for the session the lesson runs in. */
  | { kind: 'start'; name: string; rest: string[] };

/** `--progress`: a flag of the table completion reads too. */
const flag = (name: keyof typeof LEARN_FLAGS) => `--${name}`;

export function parseLearnArgs(all: readonly string[]): LearnArgs {
  // Main flags given before `learn` (`routersh --router R learn NAME`) come first: they go with
  // the lesson's session, as those after NAME do.
  const lead = leadingMainFlags(all);
  const before = all.slice(0, lead);
  const argv = all.slice(lead);
  if (argv.length === 0) {
    if (before.length) throw usageError(`learn: a lesson's name is wanted after '${before.join(' ')}'`);
    return { kind: 'list' };
  }
  if (argv[0] === flag('progress')) {
    if (before.some((a) => a !== flag('json')))
      throw usageError(`learn --progress takes only --json, not '${before.find((a) => a !== flag('json'))}'`);
    if (before.length) return { kind: 'progress', json: true };
    const extra = argv.slice(1).filter((a) => a !== flag('json'));
    if (extra.length) throw usageError(`learn --progress takes only --json, not '${extra[0]}'`);
    return { kind: 'progress', json: argv.includes(flag('json')) };
  }
  if (argv[0] === flag('validate')) {
    if (before.length) throw usageError(`learn --validate takes only files, not '${before[0]}'`);
    if (argv.length < 2) throw usageError('learn --validate needs a lesson file');
    return { kind: 'validate', files: argv.slice(1) };
  }
  if (argv[0] === flag('test')) {
    if (before.length) throw usageError(`learn --test takes only lessons, not '${before[0]}'`);
    if (argv.length < 2) throw usageError('learn --test needs a lesson (a file or a built-in name)');
    return { kind: 'test', files: argv.slice(1) };
  }
  const [name, ...rest] = argv as [string, ...string[]];
  if (name.startsWith('-')) {
    throw usageError(
      `learn: unknown flag '${name}' (learn NAME [connection], --progress [--json], --validate FILE, --test FILE)`,
    );
  }
  return { kind: 'start', name, rest: [...before, ...rest] };
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
  args: Exclude<LearnArgs, { kind: 'start' } | { kind: 'test' }>,
  io: { stdout: (s: string) => void; stderr: (s: string) => void; env: Env },
  store: LessonStore = fileLessonStore(io.env),
): Ending {
  switch (args.kind) {
    case 'list': {
      io.stdout(listText(store));
      return OK;
    }
    case 'progress': {
      const report = progressReport(store, trainee(io.env));
      // Progress files hold a lesson file's title: JSON as --json prints it, text sanitized.
      if (args.json) io.stdout(`${jsonText(report, 2)}\n`);
      else
        for (const l of report.lessons)
          io.stdout(`${sanitizeLine(l.lesson)}  ${progressWord(l.progress ?? undefined)}\n`);
      return OK;
    }
    case 'validate': {
      let bad = 0;
      for (const path of args.files) {
        const { name, source } = readLessonFile(path);
        const r = parseLesson(name, source);
        // The issues quote the file (an unknown check kind): sanitized, one line each.
        if ('lesson' in r) io.stdout(`${sanitizeLine(path)}: ok, ${r.lesson.steps.length} steps\n`);
        else {
          bad++;
          io.stderr(`${sanitizeText(issueLines(sanitizeLine(path), r.issues))}\n`);
        }
      }
      return bad ? failed(configError(`${bad} lesson file(s) with mistakes`)) : OK;
    }
  }
}

export const command: Command<LearnArgs> = {
  parse: parseLearnArgs,
  record: (args) => (args.kind === 'start' ? parseMainArgs(args.rest).record : undefined),
  async run(args, io) {
    if (args.kind === 'test') return (await import('./learn-test.js')).runLearnTest(args.files, io);
    if (args.kind !== 'start') return runLearnInfo(args, { stdout: io.out, stderr: io.err, env: io.env });
    const flags = parseMainArgs(args.rest);
    // On the trainee's own simulator unless a lab router is named.
    if (flags.router === undefined && flags.profile === undefined) flags.demo = true;
    return runSession(flags, io, { lesson: args.name });
  },
};
