// `routersh class join URL --name NAME [--code-file F] [main flags]`: a trainee's shell on their
// own router of the class. The join code comes from F or is asked without echo (never argv, a
// URL, history or a journal: it reaches only the class server, as the password of NAME). The
// class answers with the trainee's router, telemetry and lessons; the session is then opened
// like any other (runSession), with a lesson driver graded on the class server, while the
// class's events (the instructor's messages, a reset, the next lesson) are followed beside it.
// Main flags after the join's own go to that session: `-c`/`-f` make a scripted trainee;
// `--play SCRIPT` types a script into the trainee's shell as `routersh play` does (a demo, or a
// room of simulated trainees: bench/class-bench.ts), each line graded like a typed one.
import { ClassClient } from '../api/class/client.js';
import { traineeCalls } from '../api/class/trainee.js';
import { parseMainArgs } from '../cli/args.js';
import type { Flags } from '../config/flags.js';
import { readPrivateSecretFile } from '../config/private-secret-file.js';
import type { CommandIo } from '../contract/command-io.js';
import { authError, type Ending, isRoutershError, usageError } from '../errors.js';
import { createClassroom } from '../features/class/join/remote-lessons.js';
import { commandConfig } from '../session/connect.js';
import { promptPassword } from '../session/prompt-password.js';
import { sanitizeLine } from '../term/sanitize.js';
import type { JoinArgs } from './class-args.js';
import { runSession } from './default.js';

/** Flags that would name another router or login: the class gives them. */
const THE_CLASS_GIVES: ReadonlyArray<[keyof Flags, string]> = [
  ['router', '--router'],
  ['profile', '--profile'],
  ['user', '--user'],
  ['passwordFile', '--password-file'],
  ['tokenFile', '--token-file'],
  ['telemetry', '--telemetry'],
  ['telemetryKeyFile', '--telemetry-key-file'],
  ['fleet', '-i/--routers'],
];

function sessionFlags(args: JoinArgs): Flags {
  const flags = parseMainArgs(args.rest);
  for (const [k, flag] of THE_CLASS_GIVES)
    if (flags[k] !== undefined)
      throw usageError(`class join: ${flag} is the class's to give, not a flag here`);
  if (flags.demo) throw usageError('class join: --demo is not a class (class serve starts one)');
  if (args.play && (flags.commands.length > 0 || flags.file !== undefined))
    throw usageError('class join: --play types its script into the shell: no -c or -f');
  // One server carries the router and the telemetry: a CA or --insecure given is for both.
  if (flags.ca !== undefined && flags.telemetryCa === undefined) flags.telemetryCa = flags.ca;
  if (flags.insecure && flags.telemetryInsecure === undefined) flags.telemetryInsecure = true;
  return flags;
}

async function joinCode(args: JoinArgs, io: CommandIo): Promise<string> {
  // Refused when others may read it (as ssh refuses such a key): a code is a password.
  if (args.codeFile !== undefined) return readPrivateSecretFile(args.codeFile, 'join code');
  if (io.stdin.isTTY !== true)
    throw usageError('class join: no terminal to ask the join code on: give --code-file F');
  const code = (
    await promptPassword(`Join code for ${sanitizeLine(args.name)}: `, io.stdin, io.stderr)
  ).trim();
  if (!code) throw usageError('class join: no join code given');
  return code;
}

export async function runClassJoin(args: JoinArgs, io: CommandIo): Promise<Ending> {
  const flags = sessionFlags(args);
  // The class server's TLS as the router's would be (--ca, --cert/--key, --insecure, a profile's).
  const tls = commandConfig({ ...flags, router: args.url }, io);
  const code = await joinCode(args, io);
  const client = new ClassClient({
    url: args.url,
    auth: { user: args.name, password: code },
    ca: tls.caPem,
    cert: tls.certPem,
    key: tls.keyPem,
    insecure: tls.insecure,
  });
  const follow = new AbortController();
  try {
    const port = traineeCalls(client);
    const joined = await port.join().catch((e: unknown) => {
      // The code is never in the line; the server's words are (sanitized by the client).
      if (isRoutershError(e) && e.code === 'auth')
        throw authError(`class join: ${sanitizeLine(args.name)} and this code are not let in (${e.message})`);
      throw e;
    });
    const classroom = createClassroom(port, joined);
    const following = classroom.follow(follow.signal);
    try {
      return await runSession({ ...flags, router: joined.router }, io, {
        classroom: {
          login: {
            router: joined.router,
            user: args.name,
            password: code,
            telemetryUrl: joined.telemetry,
            telemetryKey: joined.telemetryKey,
          },
          lessons: classroom.driver,
          intro: classroom.intro,
        },
        ...(args.play ? { play: args.play } : {}),
      });
    } finally {
      follow.abort();
      await following;
    }
  } finally {
    await client.close();
  }
}
