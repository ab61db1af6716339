// `npm run bench`: every benchmark in one run, each in a fresh process (so memory numbers
// and JIT state of one do not leak into the next). Prints each table and writes the whole
// to .bench-out/latest.json. `npm run bench -- panes` runs the suites whose name matches.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { bundleForBench } from './bundle.js';
import { ROOT } from './util.js';

// Suites marked bundled run from a bundle built like dist/ (bench/bundle.ts): they measure
// rendering, which React's production build and the bundling of Ink change.
const suites: Array<[name: string, file: string, fn: string, bundled?: boolean]> = [
  ['router API client (issue 2)', 'api-bench.ts', 'benchApi'],
  ['completion (issue 3)', 'completion-bench.ts', 'benchCompletion'],
  ['start-up: -c, --version, launch → prompt (issue 19)', 'startup-bench.ts', 'benchStartup'],
  ['panes (issue 4)', 'panes-bench.ts', 'benchPanes', true],
  ['follow memory (issue 4)', 'follow-bench.ts', 'benchFollow'],
  ['log pane at 5,000 records/s (issue 9)', 'logs-rate-bench.ts', 'benchLogsRate'],
  ['bulk scripts and slow router (issue 9)', 'bulk-bench.ts', 'benchBulk'],
  ['-f of single adds, journaled, vs a bare loop (issue 19)', 'script-bench.ts', 'benchScript'],
  ['show of 65,536 lines (issue 9)', 'show-bench.ts', 'benchShow'],
  ['match-list import (issue 9)', 'import-bench.ts', 'benchImport'],
  ['undo of a bulk change via a 500 ms router vs a bare loop (issue 19)', 'undo-bench.ts', 'benchUndo'],
  ['warm Tab over 65,536 values in tmux (issue 9)', 'big-menu-bench.ts', 'benchBigMenu'],
  ['Tab at 100 to 65,536 sub-node and option values in tmux vs bash (issue 19)', 'tab-bench.ts', 'benchTab'],
  ['fleet Tab over 100 routers in tmux, warm and cold (issue 39)', 'fleet-tab-bench.ts', 'benchFleetTab'],
  ['test loop (issue 19)', 'test-loop-bench.ts', 'benchTestLoop'],
  ['monitor match-list CPU vs watch+curl+jq (issue 19)', 'monitor-bench.ts', 'benchMonitor'],
  ['6-panel dashboard at 120×40 and 200×60 (issue 20)', 'dashboard-bench.ts', 'benchDashboard'],
  ['chart pane: keys during auto-refresh in tmux (issue 19)', 'chart-keys-bench.ts', 'benchChartKeys'],
  ['unbracketed 10 kB paste into the prompt in tmux (issue 36)', 'paste-bench.ts', 'benchPaste'],
  [
    'log pane: keys while following 5,000 records/s in tmux (issue 19)',
    'logs-keys-bench.ts',
    'benchLogsKeys',
  ],
  ['log pane RSS at 5,000 records/s in tmux, no forced GC (issue 19)', 'logs-rss-bench.ts', 'benchLogsRss'],
  [
    'what each start-up patch buys, without it vs with it (issue 36)',
    'patch-gain-bench.ts',
    'benchPatchGain',
  ],
  ['size checks moved out of the unit tests (issue 36)', 'size-bench.ts', 'benchSize'],
  ['whole matrices and corpora the suite samples (issue 36)', 'whole-bench.ts', 'benchWhole'],
  ['budget: test:unit and npm test in fresh typechecks (issue 36)', 'budget-bench.ts', 'benchBudget'],
  [
    'the whole configuration: show configuration and config load at size vs bare node:http (issue 38)',
    'config-bench.ts',
    'benchConfig',
  ],
  [
    'simulated fleet: 1,000 routers, start-up and RSS idle and loaded (issue 39)',
    'fleet-sim-bench.ts',
    'benchFleetSim',
  ],
  [
    'inventories of 100,000 hosts, INI and YAML, vs ansible-inventory (issue 39)',
    'inventory-bench.ts',
    'benchInventory',
  ],
  [
    'running on many: -c across 1,000 routers at --forks 50 vs a bare node:http loop, and RSS (issue 39)',
    'fleet-bench.ts',
    'benchFleetRun',
  ],
  [
    'grading a trainee command on the class server, 1 and 30 trainees at once (issue 40)',
    'lessons-grade-bench.ts',
    'benchLessonsGrade',
  ],
  [
    'a class of 30: class serve graded lines, the board, peak RSS (issue 40)',
    'class-serve-bench.ts',
    'benchClassServe',
  ],
  [
    'a class of 30: Tab of a trainee while 29 work, the board, the server RSS (issue 40)',
    'class-bench.ts',
    'benchClass',
  ],
];

// `--long` adds the soaks of minutes (one run each), which the default bench leaves out.
const long = process.argv.includes('--long');
const only = process.argv.slice(2).filter((a) => a !== '--long');
const results: Record<string, Record<string, number>> = {};
for (const [name, file, fn, bundled] of suites) {
  if (only.length && !only.some((o) => name.includes(o) || file.includes(o))) continue;
  process.stdout.write(`\n## ${name}\n`);
  const entry = bundled ? await bundleForBench(`bench/${file}`) : `${ROOT}bench/${file}`;
  const script = `const m = await import(${JSON.stringify(entry)}); const r = await m.${fn}(); process.stdout.write('\\n' + JSON.stringify(r) + '\\n'); process.exit(0);`;
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', ...(bundled ? [] : ['--import', 'tsx']), '--input-type=module', '-e', script],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', ...(long ? { ROUTERSH_BENCH_LONG: '1' } : {}) },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const line = child.stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (child.status !== 0 || !line) {
    // The error's own line (what failed) and the stack's last lines (where).
    const lines = child.stderr.trim().split('\n');
    const error = lines.find((l) => /^\w*Error\b/.test(l)) ?? '';
    process.stdout.write(
      `failed (${child.status}): ${error.slice(0, 2000)} | ${lines.slice(-3).join(' | ')}\n`,
    );
    continue;
  }
  const r = JSON.parse(line) as Record<string, number>;
  results[name] = r;
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(60)} ${Number(v).toFixed(3)}\n`);
}
mkdirSync(`${ROOT}.bench-out`, { recursive: true });
writeFileSync(
  `${ROOT}.bench-out/latest.json`,
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);
