// `routersh __complete` (hidden): what the scripts of `routersh completion` run on Tab.
//
//   routersh __complete -- ARG… WORD           routersh's argv, WORD the one being completed
//   routersh __complete --line TEXT [--word W]  the shell's raw line up to the cursor; W: the
//                                               part of the word the shell replaces (bash's $2),
//                                               the candidates then quoted for bash
//   routersh __complete --line TEXT --shell zsh|fish   the line as that shell quotes it
//   routersh __complete --refresh               reads the kept router words again (started
//                                               detached by a Tab press, its order on stdin)
//
// It prints the candidates, one a line (`VALUE<TAB>WHAT IT IS`), then one directive line:
// `:files` (complete file names too), `:nospace` (add no blank), or `:`. It never asks
// anything (no password prompt, no question), never starts a simulator, and prints nothing and
// exits 0 on any failure — a Tab press must never print an error into the line being typed.
// What waits on a router stops at a total deadline of about a second from the process's start
// (then nothing is printed); flags, profiles and lessons are read from tables and local files,
// with nothing to wait on, and are not raced against a clock a busy machine would miss. The words
// of -c come from the router's metadata kept on disk when it holds them (completion/word-store.ts),
// so they are answered at once however slow the router or busy the machine; the deadline is
// raced only by what the kept words lack, and then a refresh fetches it for the next Tab.
import { performance } from 'node:perf_hooks';
import { loadProfiles } from '../config/profiles.js';
import { readFileBoundedSync } from '../config/read-bounded.js';
import { OK, usageError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { type Classified, classify, commandOf, walk, type Word } from './completion/argv-slot.js';
import { mainFlags } from './completion/flag-specs.js';
import { profileLogin } from './completion/profile-login.js';
import { quoteFor } from '../term/shell-quote.js';
import { replacedWord, splitShellLine } from './completion/shell-words.js';
import type { Command } from './command.js';

/** The whole answer's deadline, counted from the process's start (node's own start included). */
const DEADLINE_MS = 900;
/**
 * The most of it the process's start may have used. A `routersh __complete` process reaches
 * run() after ~0.1 s; one alive for long before (a test running commands in-process) still
 * gets the rest of the deadline, not none.
 */
const MAX_STARTUP_MS = 400;

interface Args {
  /** routersh's argv up to the cursor: the last word is the one being completed. */
  argv: string[];
  /** `--refresh`: this process refreshes the kept router words (completion/refresh.ts). */
  refresh?: boolean;
  /**
   * bash's $2: readline replaces this raw end of the line with a candidate, inserted as is —
   * so the candidates are quoted for where it stands (`line`: the line up to the cursor).
   */
  shellWord?: { line: string; word: string };
}

interface Answer {
  words: Word[];
  files: boolean;
  nospace: boolean;
}

export const command: Command<Args> = {
  parse(argv) {
    if (argv[0] === '--') return { argv: argv.length > 1 ? argv.slice(1) : [''] };
    if (argv[0] === '--refresh' && argv.length === 1) return { argv: [], refresh: true };
    if (argv[0] === '--line' && argv[1] !== undefined) {
      if (argv[2] === undefined) return { argv: splitShellLine(argv[1]).words };
      if (argv[2] === '--word' && argv[3] !== undefined && argv.length === 4)
        return { argv: splitShellLine(argv[1]).words, shellWord: { line: argv[1], word: argv[3] } };
      // zsh's and fish's lines hold their own quoting (`\!` in zsh's "…", `\'` in fish's '…').
      if (argv[2] === '--shell' && (argv[3] === 'zsh' || argv[3] === 'fish') && argv.length === 4)
        return { argv: splitShellLine(argv[1], argv[3]).words };
    }
    throw usageError('__complete -- ARG… WORD, or __complete --line TEXT [--word W | --shell zsh|fish]');
  },
  async run(args, io) {
    if (args.refresh) return refresh(io);
    try {
      const answer = await answerFor(args.argv, io.env);
      if (answer) io.out(formatted(answer, args));
    } catch {
      // Nothing to offer: the shell completes nothing, and the line is left as it is.
    }
    return OK;
  },
};

/** The router's words, or undefined when the deadline comes first (then nothing is printed). */
async function routerWords(
  argv: string[],
  c: Classified,
  env: NodeJS.ProcessEnv,
): Promise<Word[] | undefined> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, DEADLINE_MS - Math.min(performance.now(), MAX_STARTUP_MS));
  });
  try {
    return await Promise.race([live(argv, c, env, controller.signal), late]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

async function answerFor(argv: string[], env: NodeJS.ProcessEnv): Promise<Answer | undefined> {
  const c = classify(argv);
  const done = (words: readonly Word[], o: Partial<Answer> = {}): Answer => ({
    words: words
      .filter((w) => w.value.startsWith(c.partial))
      .map((w) => ({ ...w, value: c.prefix + w.value })),
    files: false,
    nospace: false,
    ...o,
  });
  switch (c.slot.kind) {
    case 'words':
      return done(c.slot.words);
    case 'files':
      return done(c.slot.words ?? [], { files: true });
    case 'profiles':
      return done(profileNames(env));
    case 'lessons': {
      // The names `routersh learn` lists: built-in, the user's own, those with progress.
      const { fileLessonStore } = await import('../features/lessons/lesson-store.js');
      return done(
        fileLessonStore(env)
          .names()
          .map((value) => ({ value })),
        { files: true },
      );
    }
    case 'live': {
      const words = await routerWords(argv, c, env);
      return words && { words, files: false, nospace: true };
    }
    case 'none':
      return done([]);
  }
}

/** The profiles of the configuration file; none when it cannot be read. */
function profileNames(env: NodeJS.ProcessEnv): Word[] {
  try {
    const profiles = loadProfiles(env, (p) => readFileBoundedSync(p, 1 << 20)) ?? {};
    return Object.keys(profiles).map((value) => ({ value }));
  } catch {
    return [];
  }
}

async function live(argv: string[], c: Classified, env: NodeJS.ProcessEnv, signal: AbortSignal) {
  const line = commandOf(argv.slice(0, -1));
  const login = profileLogin(walk(line.rest, mainFlags()), env);
  if (!login) return [];
  const { liveWords } = await import('./completion/live-words.js');
  const words = await liveWords(c.partial, login, env, signal);
  return words.map((w) => ({ ...w, value: c.prefix + w.value }));
}

/** The most a refresh may take: a hang guard (each request has the profile's own timeout). */
const REFRESH_GUARD_MS = 120_000;

/** `--refresh`: the order on stdin (refresh-start.ts); silent whatever happens, as a Tab press. */
async function refresh(io: Parameters<Command<Args>['run']>[1]) {
  const { refreshWords } = await import('./completion/refresh.js');
  const { releaseRefresh, storeFile } = await import('./completion/word-store.js');
  let file: string | undefined;
  try {
    const order = JSON.parse(await readOrder(io.stdin)) as { profile?: unknown; line?: unknown };
    if (typeof order.profile !== 'string') return OK;
    const login = profileLogin(walk(['--profile', order.profile], mainFlags()), io.env);
    if (!login) return OK;
    file = storeFile(login.cfg.router ?? '', login.cfg.user, io.env);
    const line = typeof order.line === 'string' ? order.line : undefined;
    await refreshWords(login, io.env, line, AbortSignal.timeout(REFRESH_GUARD_MS));
  } catch {
    // Nothing kept changes: the next Tab asks again.
  } finally {
    if (file) releaseRefresh(file);
  }
  return OK;
}

/** The order's one line, at most 64 kB. */
async function readOrder(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.length > 65_536) throw new Error('order too long');
  }
  return text;
}

/**
 * One candidate a line. A value that could not be typed back as it is (a control character, an
 * escape sequence: a profile's name, a router's word) is left out, never printed to the terminal;
 * a description is sanitized (escape sequences removed, other controls shown as `^G`, `\x9b`).
 *
 * The quoting for bash is done here, not in the script: this process already splits the line as
 * the shell does (shell-words.ts), so it knows the quote the candidate lands in; one tested
 * function (shell-quote.ts) quotes every candidate, whatever it is (a router's word, a profile's
 * name, a host's later), instead of three scripts each in its own language. Only bash is given
 * quoted text (it is the caller with `--word`: readline inserts candidates as they are); zsh's
 * compadd and fish quote what they insert themselves, and would quote our quoting again. With
 * `:files`, bash's `-o filenames` has readline quote every candidate itself: none is quoted here.
 */
function formatted(a: Answer, args: Args): string {
  let before = '';
  let quote = (v: string) => v;
  if (args.shellWord) {
    // bash replaces only the end of the word (after a `=`, a `:`, an open quote): candidates
    // are cut to it, and quoted for the quote it starts in.
    const r = replacedWord(args.shellWord.line, args.shellWord.word);
    if (!r || !(args.argv.at(-1) ?? '').startsWith(r.before)) return '';
    before = r.before;
    if (!a.files) quote = (v) => quoteFor(v, r.context);
  }
  const lines = a.words
    // sanitizeLine changes every control character, tab and newline included.
    .filter((w) => sanitizeLine(w.value) === w.value && w.value.startsWith(before))
    .map((w) => {
      const value = quote(w.value.slice(before.length));
      return w.help ? `${value}\t${sanitizeLine(w.help)}` : value;
    });
  const directives = [...(a.files ? ['files'] : []), ...(a.nospace ? ['nospace'] : [])].join(',');
  return `${[...lines, `:${directives}`].join('\n')}\n`;
}
