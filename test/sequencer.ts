// The order test files start in. Vitest starts the files it has timed longest first (its
// results cache in node_modules/.vite), and files it has not timed by size, largest first. A
// fresh clone (CI, a new user) has no cache: the 4 KB file that takes 10–20 s (bulk.test.ts)
// started near the end and ran alone while the other workers idled. Files without a timing of
// their own take one from SLOWEST (seconds, measured in `npm test` runs), then vitest's order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * End-to-end files over ~3 s and unit files over ~1.5 s, by project:path (a fresh clone's
 * `npm test`, 1 Dec); a file missing here is merely started by size.
 */
const SLOWEST: Readonly<Record<string, number>> = {
  'concurrent:test/safety/window-faults.test.ts': 21,
  'e2e:test/safety/request-faults.test.ts': 20,
  'e2e:test/corpus/corpus.test.ts': 15,
  'e2e:test/e2e/window-guard.test.ts': 13,
  'e2e:test/e2e/confirmed-changes.test.ts': 9,
  'e2e:test/e2e/first-hour.test.ts': 8,
  'e2e:test/e2e/hostile-bounds.test.ts': 7,
  'e2e:test/corpus/grafana-import.test.ts': 7,
  'e2e:test/panes/logs/LogPane-rate.test.tsx': 7,
  'e2e:test/e2e/completion.test.ts': 6,
  'e2e:test/api/router/token-lifetime.test.ts': 6,
  'e2e:test/safety/window-race.test.ts': 5,
  'e2e:test/e2e/prompt-keys.test.ts': 5,
  'e2e:test/e2e/show-refresh.test.ts': 5,
  'e2e:test/e2e/match-list-feeds.test.ts': 5,
  'e2e:test/safety/normalised-entries.test.ts': 5,
  'e2e:test/e2e/play.test.ts': 5,
  'e2e:test/e2e/shell.test.ts': 5,
  'e2e:test/safety/sigkill.test.ts': 5,
  'unit:test/shell/ShellApp.test.tsx': 5,
  'e2e:test/readme-examples.test.ts': 4,
  'e2e:test/e2e/bulk.test.ts': 4,
  'e2e:test/e2e/dashboard-tmux.test.ts': 3,
  'e2e:test/e2e/package-install.test.ts': 3,
  'e2e:test/e2e/hostile-terminal.test.ts': 3,
  'e2e:test/e2e/batch.test.ts': 3,
  'e2e:test/e2e/code-cache.test.ts': 3,
  'e2e:test/e2e/language.test.ts': 3,
  'unit:test/api/telemetry/bounds.test.ts': 3,
  'own-process:test/lang/regex.test.ts': 3,
  'unit:test/run/expressions-property.test.ts': 2,
  'unit:test/lang/big-option-values.test.ts': 2,
  'unit:test/lang/every-prefix.test.ts': 2,
  'unit:test/keys/script-feed.test.ts': 2,
  'unit:test/patches/ink-output-cache.test.ts': 2,
  'unit:test/features/telemetry/logs-all-bounds.test.ts': 2,
};

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    // Timed by this checkout's own runs: vitest's order (longest first) stands.
    if (sorted.every((f) => this.ctx.cache.getFileTestResults(key(f)))) return sorted;
    const seconds = (f: TestSpecification) => SLOWEST[key(f)] ?? 0;
    const order = new Map(sorted.map((f, i) => [f, i]));
    // Only within a project: groups and projects keep vitest's order.
    return sorted.toSorted((a, b) => {
      if (a.project !== b.project) return order.get(a)! - order.get(b)!;
      return seconds(b) - seconds(a) || order.get(a)! - order.get(b)!;
    });
  }
}
