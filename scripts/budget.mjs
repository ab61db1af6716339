// The suite's time budget as ratios (issue 36): no machine here is quiet, so `npm run test:unit`
// and `npm test` are timed against a fresh typecheck of the project in the same run, taking
// turns (typecheck, test:unit, typecheck, npm test, typecheck, …), and each is given in
// typechecks: the median of its runs over the median of the typechecks around them.
//
//   node scripts/budget.mjs              one round: test:unit and npm test (~3 min on 2 cores)
//   node scripts/budget.mjs --unit       test:unit only
//   BUDGET_RUNS=3 node scripts/budget.mjs
//   npm run bench -- budget              the same, as a bench suite (bench/budget-bench.ts)
//
// The unit, "a fresh typecheck", is package.json's `typecheck` script (TypeScript 7, the native
// compiler) without its incremental state: what `npm run typecheck` does in a fresh clone. The
// TypeScript 5.9 compiler (`node node_modules/typescript/bin/tsc --noEmit`, the JavaScript one)
// is timed beside it and its ratios are printed too. Budget: test:unit ≤ 12, npm test ≤ 30.
// Exit status 1 when a suite fails or (with --check) a ratio is over its budget.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUDGET = { 'test:unit': 12, 'npm test': 30 };

const [, tsc7, ...tsc7Args] = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts.typecheck.split(
  ' ',
);
const node = process.execPath;
const vitest = `${ROOT}node_modules/vitest/vitest.mjs`;
const ARMS = {
  typecheck: [node, [tsc7, ...tsc7Args]],
  'typecheck (TypeScript 5.9)': [node, ['node_modules/typescript/bin/tsc', '--noEmit']],
  'test:unit': [node, [vitest, 'run', '--project', 'unit', '--project', 'own-process']],
  'npm test': [node, ['scripts/test.mjs']],
};

// As a user's shell runs them (the bench runs its suites with NODE_ENV=production).
const env = { ...process.env };
delete env.NODE_ENV;

// Each run's whole output is kept: a suite that fails is read there, not run again.
const LOGS = `${ROOT}.bench-out/budget`;
mkdirSync(LOGS, { recursive: true });
let runCount = 0;

/** Wall time of one run in seconds, and whether it passed. */
function time(name) {
  const [cmd, args] = ARMS[name];
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 << 20 });
  const s = (performance.now() - t0) / 1000;
  const ok = r.status === 0;
  const log = `${LOGS}/${++runCount}-${name.replace(/\W+/g, '-')}.log`;
  writeFileSync(log, `${r.stdout}\n${r.stderr}`);
  process.stderr.write(
    `${name.padEnd(28)} ${s.toFixed(1).padStart(7)} s${ok ? '' : `  FAILED (${r.status}): ${log}`}\n`,
  );
  if (!ok) {
    // The failed files and tests, without the colours.
    const plain = String(r.stdout).replace(/\x1b\[[0-9;]*m/g, '');
    const failed = plain.split('\n').filter((l) => /^ FAIL |^\s+× /.test(l));
    process.stderr.write(`${[...new Set(failed)].slice(0, 80).join('\n')}\n`);
  }
  return { s, ok };
}

const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

/** Runs the rounds; returns the seconds of each arm and the ratios. */
export function measureBudget({ runs = 1, suites = ['test:unit', 'npm test'] } = {}) {
  const times = Object.fromEntries(Object.keys(ARMS).map((k) => [k, []]));
  let failed = false;
  const checks = () => {
    for (const k of ['typecheck', 'typecheck (TypeScript 5.9)']) {
      const r = time(k);
      failed ||= !r.ok;
      times[k].push(r.s);
    }
  };
  checks();
  for (let i = 0; i < runs; i++)
    for (const suite of suites) {
      const r = time(suite);
      failed ||= !r.ok;
      times[suite].push(r.s);
      checks();
    }
  const tc = median(times.typecheck);
  const tc59 = median(times['typecheck (TypeScript 5.9)']);
  const out = { 'typecheck (s)': tc, 'typecheck, TypeScript 5.9 (s)': tc59 };
  for (const suite of suites) {
    out[`${suite} (s)`] = median(times[suite]);
    out[`${suite} / typecheck`] = median(times[suite]) / tc;
    out[`${suite} / typecheck 5.9`] = median(times[suite]) / tc59;
  }
  return { out, failed };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const runs = Number(process.env.BUDGET_RUNS) || 1;
  const suites = process.argv.includes('--unit') ? ['test:unit'] : ['test:unit', 'npm test'];
  const { out, failed } = measureBudget({ runs, suites });
  let over = false;
  let load = '';
  try {
    load = `  load ${readFileSync('/proc/loadavg', 'utf8').split(' ', 3).join(' ')}`;
  } catch {
    // Not Linux: no load average to print.
  }
  process.stdout.write(`\n${new Date().toISOString()}${load}\n`);
  for (const [k, v] of Object.entries(out)) {
    const budget = k.endsWith('/ typecheck') ? BUDGET[k.replace(' / typecheck', '')] : undefined;
    const mark = budget === undefined ? '' : v <= budget ? `  ≤ ${budget}: ok` : `  > ${budget}: OVER`;
    over ||= budget !== undefined && v > budget;
    process.stdout.write(`${k.padEnd(32)} ${v.toFixed(2).padStart(8)}${mark}\n`);
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(failed || (over && process.argv.includes('--check')) ? 1 : 0);
}
