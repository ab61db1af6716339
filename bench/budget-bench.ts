// The suite's budget in fresh typechecks (scripts/budget.mjs, issue 36): `npm run bench -- budget`.
// BENCH_RUNS rounds (default 1); the ratios are in its last line, as JSON.
import { spawnSync } from 'node:child_process';
import { ROOT } from './util.js';

export async function benchBudget(): Promise<Record<string, number>> {
  const r = spawnSync(process.execPath, ['scripts/budget.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BUDGET_RUNS: process.env.BENCH_RUNS ?? '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`scripts/budget.mjs failed (${r.status})`);
  return JSON.parse(line) as Record<string, number>;
}
