// Every fast-check property in the suite reports the same way: on failure, its seed, path and
// counterexample (fast-check's own report) and the command that replays it alone. FC_SEED sets
// the seed of every property of the run (FC_PATH as well skips to the shrunk case; a test with
// several properties may then need its own path per property, so the command gives the seed):
//   FC_SEED=-668414683 npx vitest run test/run/expressions-property.test.ts -t 'LogsQL after'
// A replay that passes means the property read something besides its arguments (shared state,
// a cache, the clock): that is a bug of the test or of the code, never of the arguments.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const seed = process.env.FC_SEED;
const path = process.env.FC_PATH;

/** `'text'` for sh: single quotes, a quote inside closed, escaped and reopened. */
const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** The test's own name as a vitest -t pattern (a regular expression). */
const namePattern = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The replay command of the failing property of the current test. */
export function replayCommand(seedOfRun: number): string {
  const { testPath, currentTestName } = expect.getState();
  const file = testPath ? relative(ROOT, testPath) : '<file>';
  const name = currentTestName?.split(' > ').at(-1) ?? '';
  return `FC_SEED=${seedOfRun} npx vitest run ${file} -t ${shQuote(namePattern(name))}`;
}

fc.configureGlobal({
  ...(seed !== undefined && seed !== '' ? { seed: Number(seed) } : {}),
  ...(path !== undefined && path !== '' ? { path } : {}),
  reporter(details) {
    if (!details.failed) return;
    const error = new Error(
      `${fc.defaultReportMessage(details)}\n\nReplay it alone: ${replayCommand(details.seed)}`,
    );
    if (details.errorInstance) error.cause = details.errorInstance;
    throw error;
  },
});
