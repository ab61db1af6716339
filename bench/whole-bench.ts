// The whole matrices and corpora that `npm test` samples (test/helpers/whole.ts, issue 36: size
// and whole-set tests that need seconds belong to the bench): each file of WHOLE_FILES run with
// ROUTERSH_TEST_WHOLE=1, every case as the suite ran it before, one vitest run per file. A case
// that fails fails the suite (its output is kept in .bench-out/whole/). `npm run bench -- whole`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { WHOLE_FILES } from '../test/helpers/whole.js';
import { ROOT } from './util.js';

export async function benchWhole(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const logs = `${ROOT}.bench-out/whole`;
  mkdirSync(logs, { recursive: true });
  const failed: string[] = [];
  // As `npm test` runs vitest (scripts/test.mjs): no CA bundle read by every process, not production.
  const env: Record<string, string | undefined> = { ...process.env, ROUTERSH_TEST_WHOLE: '1' };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_ENV;
  for (const [project, file] of WHOLE_FILES) {
    const t0 = performance.now();
    const r = spawnSync(
      process.execPath,
      [`${ROOT}node_modules/vitest/vitest.mjs`, 'run', '--project', project, file],
      { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 << 20 },
    );
    out[`${file} whole (s)`] = (performance.now() - t0) / 1000;
    const log = `${logs}/${file.replace(/\W+/g, '-')}.log`;
    writeFileSync(log, `${r.stdout}\n${r.stderr}`);
    if (r.status !== 0) failed.push(`${file} (${r.status}): ${log}`);
  }
  if (failed.length) throw new Error(`whole sets failed: ${failed.join('; ')}`);
  return out;
}
