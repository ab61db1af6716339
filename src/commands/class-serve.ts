// `routersh class serve`: the class on this machine until Ctrl-C. Everything is checked before
// anything starts (the roster's lines, each lesson, the TLS files: one line, exit 2); then the
// instructor's screen: the URL, the token (printed once; its file), each trainee's name and code.
import { join } from 'node:path';
import { stateDir } from '../config/paths.js';
import { readFailure, readFileBoundedSync } from '../config/read-bounded.js';
import type { CommandIo } from '../contract/command-io.js';
import { configError, type Ending, OK } from '../errors.js';
import { numberedTrainees, parseRoster } from '../features/class/server/roster.js';
import { fileLessonStore } from '../features/lessons/lesson-store.js';
import type { Lesson } from '../features/lessons/types.js';
import { type RunningClass, startClassServer } from '../session/class-server.js';
import { sanitizeLine } from '../term/sanitize.js';
import { shellWord } from '../term/shell-quote.js';
import type { ServeArgs } from './class-args.js';
import { reachableHosts } from './sim-banner.js';

/** A roster or a PEM file is small: a bound keeps /dev/zero from being read forever. */
const MAX_FILE_BYTES = 1024 * 1024;

const readSmall = (file: string, what: string): string => {
  try {
    return readFileBoundedSync(file, MAX_FILE_BYTES);
  } catch (e) {
    throw configError(`cannot read ${what} ${file}: ${readFailure(e)}`);
  }
};

/** 127.0.0.0/8, ::1, localhost: only this machine reaches it. */
const isLoopback = (host: string) => /^(localhost|::1|\[::1\]|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(host);

export async function runClassServe(args: ServeArgs, io: CommandIo): Promise<Ending> {
  const names = args.roster
    ? parseRoster(readSmall(args.roster, 'roster'), args.roster)
    : numberedTrainees(args.trainees!);
  const store = fileLessonStore(io.env);
  const lessons: Lesson[] = args.lessons.map((l) => store.load(l));
  for (const [i, l] of lessons.entries())
    if (l.steps.length === 0) throw configError(`lesson ${sanitizeLine(args.lessons[i]!)} has no steps`);
  const tls = args.cert
    ? { cert: readSmall(args.cert, 'certificate'), key: readSmall(args.key!, 'key') }
    : undefined;
  if (!isLoopback(args.host))
    io.err(
      `warning: listening on ${sanitizeLine(args.host)}: every trainee's router and telemetry (/t/NAME/, each behind its own join code), the trainees' class calls and the board (behind the instructor's token) are reachable from the network${tls ? '' : '; without --cert/--key the codes and the token cross it unencrypted'}\n`,
    );
  const warn = (m: string) => io.err(`warning: ${sanitizeLine(m)}\n`);
  const running = await startClassServer({
    names,
    lessons,
    lessonArgs: args.lessons,
    host: args.host,
    port: args.port,
    ...(args.state !== undefined ? { stateDir: args.state } : {}),
    credentialsDir: args.state ?? join(stateDir(io.env), 'class'),
    ...(tls ? { tls } : {}),
    warn,
  });
  io.out(screen(running, lessons, args.host));
  await new Promise<void>((resolve) => {
    const stop = io.onInterrupt(() => {
      stop();
      resolve();
    });
  });
  await running.close();
  io.out('class ended\n');
  return OK;
}

/** The instructor's screen: where, who with which code, and the token once. */
export function screen(c: RunningClass, lessons: readonly Lesson[], host: string): string {
  const port = new URL(c.url).port;
  const scheme = new URL(c.url).protocol;
  const also = reachableHosts(host).map((h) => `${scheme}//${h}:${port}`);
  const width = Math.max(...c.trainees.map((t) => t.name.length));
  return [
    `class ${c.url}${c.restored ? ' (restored from --state)' : ''}`,
    ...(also.length ? [`  reachable at ${also.join(', ')}`] : []),
    `lessons: ${lessons.map((l) => sanitizeLine(l.name)).join(', ')}`,
    c.restored
      ? `instructor token: unchanged, in ${c.files.token}`
      : `instructor token (shown once; also in ${c.files.token}, 0600):\n  ${c.token}`,
    `  board: routersh class board ${c.url} --token-file ${shellWord(c.files.token)}`,
    `trainees join with: routersh class join ${c.url} --name NAME (the code when asked)`,
    ...c.trainees.map((t) => `  ${t.name.padEnd(width)}  ${t.code}`),
    `names and codes: ${c.files.roster} (0600)`,
    'Ctrl-C ends the class',
    '',
  ].join('\n');
}
