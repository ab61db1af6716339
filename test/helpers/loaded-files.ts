// Which files a run of the built binary loaded: dist/ is CommonJS, so everything the process
// required (at start, by another chunk, or by an import() made a require) is in require.cache
// when it ends; a preload (NODE_OPTIONS=--require) writes that list to a file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunResult, runBin } from './run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-loaded-'));
const preload = join(dir, 'required.cjs');
writeFileSync(
  preload,
  "process.on('exit', () => require('node:fs').writeFileSync(process.env.ROUTERSH_TEST_LOADED, Object.keys(require.cache).join('\\n')));\n",
);
let runs = 0;

/** Runs routersh with `args`; its result and the absolute paths of every file it loaded. */
export async function runBinLoading(
  args: string[],
  env: Record<string, string> = {},
): Promise<RunResult & { loaded: string[] }> {
  const log = join(dir, `loaded-${runs++}.txt`);
  writeFileSync(log, '');
  const r = await runBin(args, {
    env: { ...env, NODE_OPTIONS: `--require=${preload}`, ROUTERSH_TEST_LOADED: log },
  });
  return { ...r, loaded: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}
