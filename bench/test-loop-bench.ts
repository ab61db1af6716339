// Issue 19's last row: the test loop. `npm run test:unit` (the inner loop, target ≤ 60 s) in
// the default bench, ≥ 5 runs; `npm test` (everything, target ≤ 120 s) in the long mode, as it
// takes two minutes a run. No baseline process does the same work, so the rows are absolute
// wall times, with the machine's CPU count said beside them.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { alternate, LONG, RUNS, rows } from './alternate.js';
import { ROOT } from './util.js';

function timed(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync('npm', args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test', CI: 'true' },
    maxBuffer: 256 << 20,
  });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) {
    // The runner prints a failed suite's last lines only: the failing files first, on one line.
    const plain = r.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    const failed = [...new Set(plain.match(/^ *(?:FAIL|×) .*$/gm) ?? [])].slice(0, 10).join(' ; ');
    throw new Error(`npm ${args.join(' ')} failed (${r.status}): ${failed} ${plain.slice(-800)}`);
  }
  return s;
}

export async function benchTestLoop(): Promise<Record<string, number>> {
  const out: Record<string, number> = { CPUs: availableParallelism() };
  const unit = await alternate([{ name: 'unit', run: () => timed(['run', 'test:unit']) }], RUNS);
  Object.assign(out, rows('npm run test:unit s (target ≤ 60)', unit.unit!));
  if (LONG) {
    const all = await alternate([{ name: 'all', run: () => timed(['test']) }], RUNS);
    Object.assign(out, rows('npm test s (target ≤ 120)', all.all!));
  }
  return out;
}
