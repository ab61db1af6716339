// The order test files start in. Vitest starts the files it has timed longest first (its
// results cache in node_modules/.vite), and files it has not timed by size, largest first. A
// fresh clone (CI, a new user) has no cache: the 4 KB file that takes 10–20 s (bulk.test.ts)
// started near the end and ran alone while the other workers idled. Files without a timing of
// their own take one from SLOWEST (seconds, measured in `npm test` runs), then vitest's order.
//
// The end-to-end files mostly wait (a confirmed-change window's end, a token's lifetime, a
// terminal): longest first, the four longest waiters ran together and the two cores idled for
// seconds at a time (~18 s of a fresh clone's run had the cores idle). In a group whose files
// have shares (the end-to-end one), every file starts in the order a simulation of the group's
// workers gives (fill.ts): each worker that frees takes the file whose CPU share best fills what
// the running files leave of the cores, the longest of those.
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fillOrder } from './fill.js';

/**
 * Files over ~3 s (end-to-end) and ~1.5 s (unit), by project:path, from a fresh clone's `npm test`
 * (1 Dec): [seconds, share], share being the CPUs the file keeps busy while it runs (its
 * processes' CPU time over its wall clock; 1 when not given). A file missing here is merely
 * started by size.
 */
const SLOWEST: Readonly<Record<string, readonly [number, number?]>> = {
  // Sampled since (test/helpers/whole.ts): scaled by the cases kept, 51 of 152 and 11 of 43.
  'e2e:test/safety/request-faults.test.ts': [10, 0.39],
  'e2e:test/e2e/fleet-batch.test.ts': [29, 0.35],
  // Two-thread routersh runs beside their 200 simulated routers (5 Dec): more than one core.
  'e2e:test/e2e/fleet-threads.test.ts': [8, 1.5],
  'concurrent:test/safety/window-faults.test.ts': [8, 0.54],
  // Measured alone at load ~13 (3 Dec): the one-attempt bound's case waits its 30 s; a 25 s window.
  'concurrent:test/safety/guard-signals.test.ts': [47, 0.3],
  'e2e:test/safety/guard-clock.test.ts': [27, 0.1],
  'e2e:test/e2e/window-guard.test.ts': [35, 0.2],
  'e2e:test/corpus/corpus.test.ts': [10, 0.62],
  'e2e:test/e2e/confirmed-changes.test.ts': [9, 0.27],
  'e2e:test/panes/logs/LogPane-rate.test.tsx': [6.7, 0.26],
  'e2e:test/e2e/first-hour.test.ts': [6, 0.42],
  'e2e:test/e2e/class-board-tmux.test.ts': [20, 0.6],
  'e2e:test/api/router/token-lifetime.test.ts': [5.6, 0.14],
  'e2e:test/safety/normalised-entries.test.ts': [5.3, 0.29],
  'e2e:test/e2e/shell.test.ts': [5.2, 0.49],
  'e2e:test/e2e/prompt-keys.test.ts': [5.2, 0.61],
  'e2e:test/safety/sigkill.test.ts': [5.1, 1.3],
  'e2e:test/e2e/hostile-bounds.test.ts': [5.1, 0.93],
  'e2e:test/readme-examples.test.ts': [5, 0.79],
  'e2e:test/e2e/show-refresh.test.ts': [4.7, 0.23],
  'e2e:test/e2e/play.test.ts': [4.7, 0.42],
  'e2e:test/e2e/match-list-feeds.test.ts': [4.7, 0.42],
  'e2e:test/safety/window-race.test.ts': [4.6, 0.28],
  'e2e:test/e2e/package-install.test.ts': [4.2, 0.24],
  'e2e:test/e2e/hostile-terminal.test.ts': [4.2, 0.49],
  'e2e:test/corpus/grafana-import.test.ts': [4.2, 0.83],
  'e2e:test/e2e/bulk.test.ts': [4.1, 0.61],
  'e2e:test/e2e/completion.test.ts': [20, 0.3],
  'e2e:test/e2e/batch.test.ts': [4, 0.64],
  'e2e:test/e2e/language.test.ts': [3.9, 0.64],
  'e2e:test/e2e/code-cache.test.ts': [3.9, 0.52],
  'e2e:test/e2e/match-list.test.ts': [3.7, 0.84],
  'e2e:test/e2e/telemetry.test.ts': [3.6, 0.46],
  'e2e:test/e2e/dashboard-tmux.test.ts': [3.4, 1],
  'e2e:test/e2e/panes.test.ts': [2.8, 0.76],
  'e2e:test/e2e/shapes.test.ts': [2.5, 0.84],
  // Files the table missed (each started as a 1.5 s file, so the longest began last and ran
  // alone at the group's end): their CPU seconds run alone, everything they start counted (a
  // cpuacct cgroup, 4 Dec, load 13-27, vitest's own ~2.5 s taken off), share not measured.
  'e2e:test/e2e/real-dashboards.test.ts': [40],
  'e2e:test/e2e/completion-hostile.test.ts': [29],
  'e2e:test/e2e/config-load.test.ts': [21],
  'e2e:test/safety/fleet-faults.test.ts': [19],
  // A unit file until 5 Dec (11 s in a quiet fresh clone's run): the commit fault matrix, in-process.
  'e2e:test/safety/candidate-faults.test.ts': [11],
  'e2e:test/e2e/ansible.test.ts': [12],
  'e2e:test/e2e/candidate-tmux.test.ts': [12],
  'e2e:test/e2e/config-diff.test.ts': [12],
  'e2e:test/e2e/config-candidate.test.ts': [8],
  'e2e:test/e2e/config-show.test.ts': [7.5],
  'e2e:test/e2e/config-checkpoint.test.ts': [6],
  // The size tests (*.size.test.ts), computing.
  'e2e:test/lang/big-option-values.size.test.ts': [2],
  'e2e:test/features/fleet/inventory/inventory.size.test.ts': [2],
  'e2e:test/patches/ansi-tokenize-graphemes.size.test.ts': [2],
  // The wait tests (*.wait.test.ts): seconds of timers, little CPU (unit runs, 5 Dec).
  'e2e:test/http/deadline.wait.test.ts': [2.5, 0.1],
  'e2e:test/commands/class-join.wait.test.ts': [2.3, 0.15],
  'e2e:test/sim/fleet/fleet-faults.wait.test.ts': [1.4, 0.2],
  'e2e:test/shell/ShellApp-slow.wait.test.tsx': [3.4, 0.2],
  'e2e:test/keys/script-feed.wait.test.ts': [1.7, 0.05],
  'unit:test/shell/ShellApp.test.tsx': [2],
  'unit:test/api/telemetry/bounds.test.ts': [3],
  'own-process:test/lang/regex.test.ts': [3],
  'unit:test/run/expressions-property.test.ts': [2],
  'unit:test/lang/every-prefix.test.ts': [2],
  'unit:test/features/telemetry/logs-all-bounds.test.ts': [2],
};

/** An end-to-end file not in SLOWEST, as a fresh clone's runs time them (most take 1–2 s). */
const SMALL_MS = 1500;

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    const timed = sorted.every((f) => this.ctx.cache.getFileTestResults(key(f)));
    const seconds = (f: TestSpecification) => SLOWEST[key(f)]?.[0] ?? 0;
    const order = new Map(sorted.map((f, i) => [f, i]));
    // Only within a project: groups and projects keep vitest's order. A checkout's own timings
    // (vitest's order, longest first) stand, but in a group whose files have shares.
    const byProject = timed
      ? sorted
      : sorted.toSorted((a, b) => {
          if (a.project !== b.project) return order.get(a)! - order.get(b)!;
          return seconds(b) - seconds(a) || order.get(a)! - order.get(b)!;
        });
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder ?? 0;
    const filled = new Set(byProject.filter((f) => SLOWEST[key(f)]?.[1] !== undefined).map(group));
    const out: TestSpecification[] = [];
    for (const g of [...new Set(byProject.map(group))]) {
      const members = byProject.filter((f) => group(f) === g);
      if (!filled.has(g)) {
        out.push(...members);
        continue;
      }
      // A file not in the table: its last duration in this checkout, or a small file's, computing.
      const jobs = members.map((f) => ({
        f,
        seconds: seconds(f) || (this.ctx.cache.getFileTestResults(key(f))?.duration ?? SMALL_MS) / 1000,
        share: SLOWEST[key(f)]?.[1] ?? 1,
      }));
      const slots = members[0]!.project.config.maxWorkers ?? availableParallelism();
      out.push(...fillOrder(jobs, slots, availableParallelism()).map((j) => j.f));
    }
    return out;
  }
}
