import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/sequencer.js';

const root = fileURLToPath(new URL('.', import.meta.url));
// Beside vitest's default folder, not in it: a vitest with the default clears that folder whole.
const moduleCache = `node_modules/.cache/vitest-modules/${createHash('sha1').update(root).digest('hex').slice(0, 12)}`;

// `unit` (and `own-process`) is the inner loop (`npm run test:unit`: no tmux, no built binary, no
// file over 5 s); `e2e` (and `concurrent`) drives the built binary (in tmux, or as a child process)
// and holds the slow and large tests. `npm test` runs the end-to-end group, then the unit group.
const E2E = [
  'test/e2e/**',
  // The fault harness: a confirmed window's guard and SIGKILLed routersh processes.
  'test/safety/**',
  // The built binary as a child process.
  'test/readme-examples.test.ts',
  'test/api/router/redaction-bin.test.ts',
  'test/panes/monitor/monitor-bin.test.ts',
  'test/scripts/node-modules-patches.test.ts',
  // Large or slow: the public query corpus (1,451 expressions), 5,000 log records/s for 10 s,
  // a token's whole lifetime.
  'test/corpus/**',
  'test/panes/logs/LogPane-rate.test.tsx',
  // Size tests (issue 36: seconds each at real size or exhaustively, out of the inner loop):
  // a file of them is named *.size.test.ts.
  'test/**/*.size.test.{ts,tsx}',
  // Wait tests: a file whose time is mostly the product's own timers running out (a deadline,
  // a retry's back-off, a router that answers after 500 ms): *.wait.test.ts. In the inner loop
  // each held one of its two workers idle for a second or more; here, among files that wait,
  // the group's extra workers fill that time.
  'test/**/*.wait.test.{ts,tsx}',
  'test/api/router/token-lifetime.test.ts',
  // The telemetry simulator in front of a real victoria-metrics (started by the file).
  'test/sim/telemetry/upstream.test.ts',
];
// End-to-end files whose concurrent tests spend seconds each waiting on other processes (a
// confirmed-change window's guard until the window ends): all of a file's tests run at once, not
// vitest's default five; the file itself keeps what uses the CPU to a few at a time.
const E2E_WAIT = ['test/safety/window-faults.test.ts', 'test/safety/guard-signals.test.ts'];
const ALL = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
// Unit files that need a process of their own: they set TZ (which a worker thread ignores), or
// need modules loaded fresh (the unit project shares its modules between files, see below).
const OWN_PROCESS = [
  'test/term/chart/time-ticks.test.ts',
  // Sets FORCE_COLOR before chalk loads.
  'test/shell/editor/PromptLine.test.tsx',
  // Compares with V8 on every verdict: the engine's memo of patterns must be its own.
  'test/lang/regex.test.ts',
];

export default defineConfig({
  test: {
    // Vite's transforms of src/ and test/ (TypeScript, JSX) kept on disk between runs (keyed by
    // each file's content): a second run transforms only what changed. One folder per checkout:
    // vitest clears its whole cache folder when the "lockfile" it hashes (node_modules'
    // .package-lock.json plus the checkout's patches/ folder's mtime) differs from the one the
    // folder was written for, so git worktrees sharing one node_modules cleared each other's
    // cache on every run (never a hit) and a run reading an entry another run had just deleted
    // failed with ENOENT; its keys include the root, so no entry was ever shared anyway.
    experimental: { fsModuleCache: true, fsModuleCachePath: moduleCache },
    // Hang guards only, far above any test's time on a loaded machine (two cores beside
    // stress-ng --cpu 4): a test waits for events, never for a deadline.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Ink renders non-interactively when CI is set (even empty): the setup file removes it.
    setupFiles: ['test/setup.ts'],
    // Says once when tmux is missing (the tmux end-to-end tests are then skipped).
    globalSetup: ['test/global-setup.ts'],
    env: { FORCE_COLOR: '0' },
    // The slowest files first also in a fresh clone, which has no timings (test/sequencer.ts).
    sequence: { sequencer: SlowestFirst },
    pool: 'forks',
    // Vitest's default is one worker per CPU but one. The unit files are CPU work: one worker per
    // CPU. The end-to-end files spend most of their time waiting (on a window's end, a terminal,
    // a child process), about half a CPU each: two workers more than CPUs, the files started in
    // an order that puts waiting files beside computing ones (test/sequencer.ts). With one more
    // than CPUs and the longest first, the four longest waiters ran together and ~18 s of a fresh
    // clone's run had the cores idle; with two more, ~9 s. Projects
    // with different worker counts run as groups, one after the other (sequence.groupOrder):
    // the end-to-end group first, so the checks `npm test` runs beside vitest (typecheck, biome,
    // import rules) take their CPU while it waits.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E.map((p) => (p.endsWith('**') ? `${p}/*.test.{ts,tsx}` : p)),
          exclude: E2E_WAIT,
          maxWorkers: availableParallelism() + 2,
          // A worker process runs file after file (the files start simulators, terminals and
          // processes of their own, and none changes process-wide state): no process start and
          // module load per file, ~7 % of the group's CPU.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Its file starts where test/sequencer.ts puts it among the group's (across projects).
        test: {
          name: 'concurrent',
          include: E2E_WAIT,
          maxConcurrency: 64,
          maxWorkers: availableParallelism() + 2,
          sequence: { groupOrder: 0 },
        },
      },
      // Worker threads start faster than processes, and the files of a worker share their modules
      // (isolate: false): ink, react and undici load once per worker instead of once per file,
      // which halves the unit loop. A file that needs fresh modules goes in OWN_PROCESS.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ALL,
          exclude: [...E2E, ...OWN_PROCESS],
          pool: 'threads',
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      // Named to sort before `unit` (a group's projects run in name order): its files, a process
      // each, start first rather than one of them running alone at the group's end.
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, sequence: { groupOrder: 1 } } },
    ],
  },
});
