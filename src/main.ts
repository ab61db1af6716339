// argv → config → the interactive shell (stdin a TTY, Ink loaded lazily) or the plain runner.
// The ONLY place that turns errors into exit codes and text.
//
// Start-up cost is what this file imports statically: argument parsing, errors, the exit table
// and the one-line error printer, nothing else. `--version`, `--help` and usage errors end
// there; config, the HTTP client (undici), the runner and the shell (Ink) are imported only by
// the paths that use them (test/e2e/startup-lean.test.ts holds this).
import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import {
  apiServerArg,
  type Flags,
  HELP,
  type PlayArgs,
  parseMainArgs,
  parsePlayArgs,
  splitConnectionArgs,
} from './cli/args.js';
import type { Recording } from './features/record/record.js';
import type { Config } from './config/config.js';
import { asRoutershError, type Ending, failed, isRoutershError, OK, usageError } from './errors.js';
import { exitStatus } from './exit-status.js';
import { errorLine } from './run/error-line.js';
import type { NumberedLine } from './commands/batch-loop.js';
import type { RouterSession } from './session/router-session.js';
import type { Session } from './session/session.js';
import { sanitizeLine } from './term/sanitize.js';

declare const __ROUTERSH_VERSION__: string;
/** package.json's, put in by the build (scripts/build.mjs). */
const VERSION = __ROUTERSH_VERSION__;
const out = (s: string) => process.stdout.write(s);
/** `--record`: stopped after the last line is written (the top-level error line included). */
let recording: Recording | undefined;
const err = (s: string) => process.stderr.write(s);

/** No password or token known, a user named, and a terminal to ask on. */
const asksPassword = (cfg: Readonly<Config>): boolean =>
  cfg.password === undefined && !cfg.token && Boolean(cfg.user) && process.stdin.isTTY === true;

async function withPassword(cfg: Readonly<Config>): Promise<Readonly<Config>> {
  if (!asksPassword(cfg)) return cfg;
  const { promptPassword } = await import('./session/prompt-password.js');
  const password = await promptPassword(`Password for ${cfg.user}: `);
  return Object.freeze({ ...cfg, password });
}

async function demoConfig(
  cfg: Readonly<Config>,
): Promise<{ cfg: Readonly<Config>; close: () => Promise<void> }> {
  const { startSims } = await import('./session/demo.js');
  const { DEMO_USERS } = await import('../sim/router/index.js');
  const sims = await startSims({ host: '127.0.0.1', port: 0, telemetryPort: 0 });
  return {
    cfg: Object.freeze({
      ...cfg,
      router: sims.router.url,
      user: DEMO_USERS.admin.user,
      password: DEMO_USERS.admin.password,
      telemetryUrl: sims.telemetry.url,
      telemetryKey: sims.telemetry.keys.demo,
    }),
    close: () => sims.close(),
  };
}

/**
 * For a one-shot run, set before the HTTP stack loads. Such a run ends long before optimised
 * WebAssembly would pay off, and the process cannot end while V8 still optimises undici's HTTP
 * parser in the background: that kept `-c` alive 0.1–0.3 s after its last byte (measured).
 */
async function baselineWasmOnly(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--liftoff-only');
}

/** A yes/no question on the terminal (stderr), answered with a line. */
async function askOnTerminal(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

async function* stdinLines(): AsyncIterable<string> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of rl) yield line;
}

/**
 * A script's commands. A file is read whole, so a multi-line expression (an alerting rule after
 * `metrics query`) joins into one command as a paste does, numbered by the line it starts on;
 * stdin runs line by line as the lines arrive.
 */
async function scriptLines(file: string): Promise<Iterable<NumberedLine> | AsyncIterable<string>> {
  if (file === '-') return stdinLines();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw usageError(`cannot read script ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  const { pastedLines } = await import('./run/paste.js');
  return pastedLines(text.replace(/\r\n/g, '\n'));
}

function readScript(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw usageError(`cannot read script ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
}

async function scriptFeed(play: PlayArgs, text: string, color: boolean) {
  const { createScriptFeed, parseScript } = await import('./keys/script-feed.js');
  return createScriptFeed({ steps: parseScript(text), autoMs: play.autoMs, speed: play.speed, color });
}

async function runMain(argv: string[]): Promise<Ending> {
  if (argv[0] === 'sim') {
    const { runSimCommand } = await import('./commands/sim.js');
    return runSimCommand(argv.slice(1), { stdout: out, stderr: err });
  }
  if (argv[0] === 'match-list') {
    const [{ splitMatchListArgv }, { resolveConfig, routerConnection }] = await Promise.all([
      import('./cli/match-list-args.js'),
      import('./config/config.js'),
    ]);
    const { connection, words } = splitMatchListArgv(argv.slice(1));
    const cfg = await withPassword(
      resolveConfig(connection, { env: process.env, isTTY: process.stdout.isTTY }),
    );
    const { runMatchListCommand } = await import('./commands/match-list.js');
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once('SIGINT', onSigint);
    try {
      return await runMatchListCommand(words, {
        stdout: out,
        stderr: err,
        stdin: process.stdin,
        progress: process.stderr.isTTY === true,
        connection: routerConnection(cfg, (m) => err(`warning: ${m}\n`)),
        signal: controller.signal,
      });
    } finally {
      process.off('SIGINT', onSigint);
    }
  }
  if (argv[0] === 'undo') {
    const { connection, rest } = splitConnectionArgs(argv.slice(1));
    const { resolveConfig, routerConnection } = await import('./config/config.js');
    const cfg = await withPassword(
      resolveConfig(connection, { env: process.env, isTTY: process.stdout.isTTY }),
    );
    const { runUndoCommand } = await import('./commands/undo.js');
    const tty = process.stdin.isTTY === true && process.stderr.isTTY === true;
    return runUndoCommand(rest, {
      stdout: out,
      stderr: err,
      connection: routerConnection(cfg, (m) => err(`warning: ${m}\n`)),
      ...(tty ? { ask: askOnTerminal } : {}),
    });
  }
  if (argv[0] === 'api') {
    const { connection, rest } = splitConnectionArgs(argv.slice(1));
    // `-s` names the router, so a profile saved for it (by `routersh sim`, say) applies.
    const server = apiServerArg(rest);
    const [{ serverUrl }, { resolveConfig, routerConnection }] = await Promise.all([
      import('./cli/api-args.js'),
      import('./config/config.js'),
    ]);
    if (server !== undefined && connection.router === undefined) connection.router = serverUrl(server);
    const cfg = await withPassword(
      resolveConfig(connection, { env: process.env, isTTY: process.stdout.isTTY }),
    );
    await baselineWasmOnly();
    const { runApiCommand } = await import('./commands/api.js');
    return runApiCommand(rest, {
      stdout: out,
      stderr: err,
      env: process.env,
      connection: routerConnection(cfg, (m) => err(`warning: ${m}\n`)),
    });
  }

  // `learn NAME [flags]`: the shell with a lesson, on the trainee's own simulator unless a lab
  // router is named (--router, --profile).
  let lesson: string | undefined;
  if (argv[0] === 'learn') {
    const { parseLearnArgs, runLearnInfo } = await import('./commands/learn.js');
    const learn = parseLearnArgs(argv.slice(1));
    if (learn.kind !== 'start') return runLearnInfo(learn, { stdout: out, stderr: err, env: process.env });
    lesson = learn.name;
    argv = learn.rest;
  }
  const play: PlayArgs | undefined = argv[0] === 'play' ? parsePlayArgs(argv.slice(1)) : undefined;
  const flags: Flags = play?.flags ?? parseMainArgs(argv);
  if (lesson !== undefined && flags.router === undefined && flags.profile === undefined) flags.demo = true;
  if (flags.help || flags.version) {
    out(flags.help ? HELP : `routersh ${VERSION}\n`);
    return OK;
  }
  // Before anything else is written: a password prompt is recorded (it never echoes).
  const script = play ? readScript(play.script) : undefined;
  if (flags.record !== undefined) {
    const { startRecording } = await import('./features/record/record.js');
    recording = startRecording(flags.record, {
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
    });
  }

  const { resolveConfig } = await import('./config/config.js');
  let cfg = resolveConfig(flags, { env: process.env, isTTY: process.stdout.isTTY === true });
  let closeDemo = async () => {};
  if (flags.demo) {
    const demo = await demoConfig(cfg);
    cfg = demo.cfg;
    closeDemo = demo.close;
  }
  if (!cfg.router) {
    throw usageError('no router given: use --router URL (or ROUTERSH_ROUTER, or a --profile), or --demo');
  }
  const interactive =
    process.stdin.isTTY === true &&
    process.stdout.isTTY === true &&
    flags.commands.length === 0 &&
    flags.file === undefined;
  if (flags.dryRun && interactive) {
    throw usageError("--dry-run is for -c, -f and stdin; in the shell, start a line with 'dry-run'");
  }
  if (play && !interactive) throw usageError('play types into the interactive shell: it needs a terminal');
  // The interactive shell asks again after a refused password (cli/login.ts); a run asks once.
  const retryPassword = interactive && asksPassword(cfg);
  if (!retryPassword) cfg = await withPassword(cfg);

  const controller = new AbortController();
  // One signal for the whole run: a cold line's metadata lookups (up to 16 path prefixes at
  // once, lang/resolve.ts) each listen on it, legitimately more than Node's warning limit of 10.
  setMaxListeners(64, controller.signal);
  let session: RouterSession | undefined;
  const warn = (m: string) => err(`warning: ${sanitizeLine(m)}\n`);
  const opts = { interactive, warn, journal: 'file' as const, yes: flags.yes };
  try {
    if (interactive) {
      const { createSession } = await import('./session/session.js');
      const open = (c: Readonly<Config>) => createSession(c, opts);
      let shellSession: Session;
      if (retryPassword) {
        const [{ loginWithRetries }, { promptPassword }] = await Promise.all([
          import('./session/login.js'),
          import('./session/prompt-password.js'),
        ]);
        const asked = cfg;
        // The root metadata is the login check; the shell reads it at start anyway (cached).
        shellSession = await loginWithRetries(
          () => promptPassword(`Password for ${asked.user}: `),
          async (password) => {
            cfg = Object.freeze({ ...asked, password });
            const s = open(cfg);
            try {
              await s.cache.get([]);
            } catch (e) {
              // Only a refusal is asked again; an unreachable router is the shell's to report.
              if (isRoutershError(e) && e.code === 'auth') {
                await s.close();
                throw e;
              }
            }
            return s;
          },
          err,
        );
      } else shellSession = open(cfg);
      session = shellSession;
      // Ink renders only a final frame when it thinks it runs in CI (is-in-ci reads CI at
      // import): a real terminal on both ends is interactive whatever CI says.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const [{ attachLessons }, { runShell }] = await Promise.all([
        import('./commands/learn.js'),
        import('./shell/shell.js'),
      ]);
      const lessons = attachLessons(shellSession, process.env);
      if (lesson !== undefined) out(lessons.start(lesson));
      // Once the prompt is up: RE2 and fuse.js (keystrokes judge values and misspellings
      // synchronously; until then a check answers provisionally and Enter judges for real), and
      // the change journal (a change typed before it is open waits for it: journal-send.ts).
      setTimeout(() => {
        import('./lang/engines.js').then((m) => m.loadLangEngines()).catch(() => {});
        shellSession.deps.openJournal?.().catch(() => {});
      }, 100).unref();
      const feed = play && script ? await scriptFeed(play, script, cfg.color) : undefined;
      return await runShell(shellSession, cfg, {
        demo: flags.demo,
        // On stage or on record, a secret typed in a line is drawn as `*` (shell/mask-line.ts).
        maskSecrets: recording !== undefined || play !== undefined,
        ...(recording ? { onSecret: recording.addSecret } : {}),
        ...(feed ? { feed } : {}),
      });
    }
    await baselineWasmOnly();
    // The runner loads while the session is built (the import of router-session.js is the HTTP
    // stack). No telemetry, UI, RE2 or fuse.js code: each loads with the first line that needs it.
    const batch = import('./commands/batch-loop.js');
    if (lesson !== undefined) {
      // A lesson checks telemetry steps too: it needs the whole session.
      const [{ createSession }, { attachLessons }] = await Promise.all([
        import('./session/session.js'),
        import('./commands/learn.js'),
      ]);
      const full = createSession(cfg, opts);
      session = full;
      out(attachLessons(full, process.env).start(lesson));
    } else {
      const { createBatchSession } = await import('./session/router-session.js');
      session = createBatchSession(cfg, opts);
    }
    const onSigint = () => controller.abort();
    process.once('SIGINT', onSigint);
    const lines = flags.commands.length
      ? flags.commands
      : flags.file !== undefined
        ? await scriptLines(flags.file)
        : stdinLines();
    const { runBatch } = await (batch as Promise<typeof import('./commands/batch-loop.js')>);
    const status = await runBatch(
      lines,
      { context: [] },
      session.deps,
      { stdout: out, stderr: err },
      {
        json: cfg.json,
        keepGoing: cfg.keepGoing,
        unit: flags.commands.length ? 'command' : 'line',
        signal: controller.signal,
        dryRun: flags.dryRun,
      },
    );
    process.off('SIGINT', onSigint);
    return status;
  } finally {
    await session?.close();
    await closeDemo();
  }
}

// Every way a run ends goes through the one exit table; a thrown error is printed here as one
// line (errors inside a run were already printed where they happened).
runMain(process.argv.slice(2)).then(
  (ending) => {
    recording?.stop();
    process.exitCode = exitStatus(ending);
  },
  (e: unknown) => {
    const error = asRoutershError(e);
    err(isRoutershError(e) ? `${errorLine(error)}\n` : `routersh: ${sanitizeLine(error.message)}\n`);
    recording?.stop();
    process.exitCode = exitStatus(failed(error));
  },
);
