// Which files and which of Node's own modules a run of the built binary loaded: dist/ is
// CommonJS, so everything the process required (at start, by another chunk, or by an import()
// made a require) is in require.cache when it ends, and Node's modules in process.moduleLoadList;
// a preload (NODE_OPTIONS=--require) writes both to a file.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunResult, runBin } from './run-bin.js';

/**
 * Writes a preload (`NODE_OPTIONS=--require=PATH`) named `name`, at the same path in every run
 * of the tests: NODE_OPTIONS is part of the flags bin/code-cache.cjs keeps compiled code under,
 * and a new path each run wrote a new set of files into the cache every time (22 MB in a day).
 * Written whole under another name, then renamed: a run starting meanwhile never reads half.
 */
export function preloadAt(name: string, source: string): string {
  const dir = join(tmpdir(), 'routersh-test-preload');
  const path = join(dir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${path}.${process.pid}`, source);
  renameSync(`${path}.${process.pid}`, path);
  return path;
}

const preload = preloadAt(
  'loaded.cjs',
  "process.on('exit', () => require('node:fs').writeFileSync(process.env.ROUTERSH_TEST_LOADED, JSON.stringify({ files: Object.keys(require.cache), builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)) })));\n",
);
const dir = mkdtempSync(join(tmpdir(), 'routersh-loaded-'));
let runs = 0;

/**
 * For a run started elsewhere (a shell in tmux): the environment that makes it write what it
 * loaded, with `more` preloads beside, and the reader of what it wrote once it has ended.
 */
export function loadingEnv(...more: string[]): {
  env: Record<string, string>;
  read: () => { files: string[]; builtins: string[] };
} {
  const log = join(dir, `loaded-${runs++}.json`);
  writeFileSync(log, '{"files":[],"builtins":[]}');
  return {
    env: {
      NODE_OPTIONS: [preload, ...more].map((p) => `--require=${p}`).join(' '),
      ROUTERSH_TEST_LOADED: log,
    },
    read: () => JSON.parse(readFileSync(log, 'utf8')) as { files: string[]; builtins: string[] },
  };
}

/**
 * Runs routersh with `args`; its result, the absolute paths of every file it loaded, and the
 * names of Node's own modules it loaded ('net', 'fs/promises', 'internal/…').
 */
export async function runBinLoading(
  args: string[],
  env: Record<string, string> = {},
): Promise<RunResult & { loaded: string[]; builtins: string[] }> {
  const loading = loadingEnv();
  const r = await runBin(args, { env: { ...env, ...loading.env } });
  const { files, builtins } = loading.read();
  return { ...r, loaded: files, builtins };
}
