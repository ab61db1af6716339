// The import rules of ARCHITECTURE.md (.dependency-cruiser.cjs, `npm run deps`) catch each
// kind of violation: a small tree that breaks every rule once, and allowed imports beside them.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImports } from '../../scripts/deps.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const TREE: Record<string, string> = {
  'src/main.ts': "import './commands/index.js';\nimport './run/runner.js';\nimport './exit-status.js';\n",
  'src/exit-status.ts': "import './errors.js';\nexport const x = 1;\n",
  'src/commands/index.ts': "import '../session/session.js';\nimport '../../sim/server.js';\n",
  'src/session/session.ts': "import '../shell/theme.js';\n",
  'src/shell/theme.ts': 'export const bold = 1;\n',
  'src/contract/services.ts':
    "import type { Wire } from '../api/router/wire.js';\nimport { decode } from '../api/router/wire.js';\nexport const w: Wire = decode;\n",
  // The four arrows of issue 36, each broken once: contract → features (a type is enough),
  // panes → features, shell → features, features → panes (a pure renderer is enough).
  'src/contract/outcome.ts':
    "import type { Model } from '../features/dashboards/model.js';\nexport type O = Model;\n",
  'src/features/dashboards/model.ts': 'export type Model = number;\n',
  'src/panes/dashboard/frame.ts':
    "import type { Model } from '../../features/dashboards/model.js';\nexport type F = Model;\n",
  'src/shell/open-pane.ts': "import '../features/changes/undo.js';\n",
  'src/term/sanitize.ts': 'export const s = 1;\n',
  'src/term/table.ts': "import './cycle-b.js';\n",
  'src/term/cycle-b.ts': "import './table.js';\n",
  'src/term/home.ts': "import '../config/config.js';\n",
  'src/config/config.ts':
    "import '../exit-status.js';\nimport '../../sim/server.js';\nimport '../cli/args.js';\n",
  'src/http/transport.ts':
    "import '../term/sanitize.js';\nimport '../errors.js';\nimport '../term/table.js';\n",
  'src/api/router/wire.ts': 'export const decode = 1;\nexport type Wire = number;\n',
  'src/api/router/client.ts': "import '../../http/transport.js';\nimport '../../run/runner.js';\n",
  // The class client may read the wire contract (contract/class.ts) and no other contract file.
  'src/api/class/client.ts':
    "import type { Board } from '../../contract/class.js';\nimport type { P } from '../../contract/panes.js';\nexport type B = Board | P;\n",
  'src/contract/class.ts': 'export type Board = number;\n',
  'src/contract/panes.ts': 'export type P = number;\n',
  'src/lang/walk.ts':
    "import type { Wire } from '../api/router/wire.js';\nimport { decode } from '../api/router/wire.js';\n" +
    "import '../panes/chart/render-text.js';\nexport const w: Wire = decode;\n",
  'src/lang/view.ts': "import { Text } from 'ink';\nimport '../shell/keymap.js';\nexport const t = Text;\n",
  'src/run/runner.ts': "import '../features/telemetry/logs.js';\nimport '../shell/theme.js';\n",
  'src/run/handlers.ts': "import '../features/telemetry/logs.js';\n",
  'src/features/telemetry/logs.ts':
    "import '../../panes/chart/render-text.js';\nimport '../../panes/chart/use-chart.js';\nimport '../changes/undo.js';\n",
  'src/features/changes/undo.ts': "import '../../run/output.js';\n",
  // A feature folder no rule names: the one rule for every src/features/X/ covers it ($1 is X).
  'src/features/newthing/a.ts':
    "import './b.js';\nimport '../../term/sanitize.js';\nimport '../../panes/chart/render-text.js';\nimport '../lessons/parse.js';\n",
  'src/features/newthing/b.ts': 'export const b = 1;\n',
  'src/run/output.ts': 'export const o = 1;\n',
  'src/panes/chart/render-text.ts':
    "import '../../term/sanitize.js';\nimport type { Wire } from '../../api/router/wire.js';\n" +
    "import { decode } from '../../api/router/wire.js';\nexport const w: Wire = decode;\n",
  'src/panes/chart/use-chart.ts': "import 'react';\nimport '../../shell/theme.js';\n",
  'src/keys/keymap.ts': "import 'ink';\nimport '../shell/keymap.js';\n",
  'src/panes/key-source/KeyProvider.tsx': "import 'ink';\nimport '../../keys/keymap.js';\n",
  'src/shell/keymap.ts': "import 'ink';\nimport '../cli/api-args.js';\n",
  'src/cli/api-args.ts': 'export const a = 1;\n',
  'src/cli/args.ts': "import '../main.js';\nimport '../../sim/server.js';\n",
  'src/extras/thing.ts': "import '../errors.js';\n",
  'src/features/lessons/parse.ts': "import 'node:fs';\n",
  'src/shell/app.ts':
    "import '../session/session.js';\nimport type { S } from '../session/types.js';\nexport type T = S;\n",
  'src/session/types.ts': 'export type S = number;\n',
  'src/errors.ts': "import './term/sanitize.js';\nexport const e = 1;\n",
  'sim/server.ts':
    "import type { Wire } from '../src/api/router/wire.js';\nimport { e } from '../src/errors.js';\nexport const w: Wire = e;\n",
};

const dir = mkdtempSync(join(tmpdir(), 'routersh-deps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import rules', () => {
  it('report each kind of violation on one line, and nothing for allowed imports', async () => {
    for (const [file, text] of Object.entries(TREE)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const { errors } = await checkImports(dir);
    expect(errors.sort()).toEqual([
      'api-class-imports-down-only: src/api/class/client.ts → src/contract/panes.ts',
      'api-imports-down-only: src/api/router/client.ts → src/run/runner.ts',
      'cli-imports-down-only: src/cli/args.ts → sim/server.ts',
      'cli-imports-down-only: src/cli/args.ts → src/main.ts',
      'commands-import-down-only: src/commands/index.ts → sim/server.ts',
      'config-imports-down-only: src/config/config.ts → sim/server.ts',
      'config-imports-down-only: src/config/config.ts → src/cli/args.ts',
      'config-imports-down-only: src/config/config.ts → src/exit-status.ts',
      'contract-imports-no-feature: src/contract/outcome.ts → src/features/dashboards/model.ts',
      'contract-is-types-only: src/contract/services.ts → src/api/router/wire.ts',
      'core-never-loads-ui-libs: src/api/router/client.ts → src/run/runner.ts → src/features/telemetry/logs.ts → src/panes/chart/use-chart.ts → react',
      'core-never-loads-ui-libs: src/cli/args.ts → src/main.ts → src/run/runner.ts → src/features/telemetry/logs.ts → src/panes/chart/use-chart.ts → react',
      'core-never-loads-ui-libs: src/config/config.ts → src/cli/args.ts → src/main.ts → src/run/runner.ts → src/features/telemetry/logs.ts → src/panes/chart/use-chart.ts → react',
      'core-never-loads-ui-libs: src/features/telemetry/logs.ts → src/panes/chart/use-chart.ts → react',
      'core-never-loads-ui-libs: src/lang/view.ts → src/shell/keymap.ts → ink',
      'core-never-loads-ui-libs: src/run/handlers.ts → src/features/telemetry/logs.ts → src/panes/chart/use-chart.ts → react',
      'core-never-loads-ui-libs: src/run/runner.ts → src/features/telemetry/logs.ts → src/panes/chart/use-chart.ts → react',
      'errors-imports-nothing: src/errors.ts → src/term/sanitize.ts',
      'every-file-has-a-rule: src/extras/thing.ts → src/errors.ts',
      'exit-status-only-in-main: src/config/config.ts → src/exit-status.ts',
      'features-changes-imports-down-only: src/features/changes/undo.ts → src/run/output.ts',
      'features-import-down-only: src/features/newthing/a.ts → src/features/lessons/parse.ts',
      'features-import-down-only: src/features/newthing/a.ts → src/panes/chart/render-text.ts',
      'features-import-down-only: src/features/telemetry/logs.ts → src/features/changes/undo.ts',
      'features-import-down-only: src/features/telemetry/logs.ts → src/panes/chart/render-text.ts',
      'features-import-down-only: src/features/telemetry/logs.ts → src/panes/chart/use-chart.ts',
      'http-imports-down-only: src/http/transport.ts → src/term/table.ts',
      'keys-imports-down-only: src/keys/keymap.ts → src/shell/keymap.ts',
      'lang-imports-down-only: src/lang/view.ts → src/shell/keymap.ts',
      'lang-imports-down-only: src/lang/walk.ts → src/panes/chart/render-text.ts',
      'lang-uses-api-types-only: src/lang/walk.ts → src/api/router/wire.ts',
      'lessons-no-side-effects: src/features/lessons/parse.ts → fs',
      'main-imports-commands-only: src/main.ts → src/run/runner.ts',
      'no-circular: src/term/cycle-b.ts → src/term/table.ts → src/term/cycle-b.ts',
      'nobody-imports-main: src/cli/args.ts → src/main.ts',
      'panes-imports-down-only: src/panes/chart/use-chart.ts → src/shell/theme.ts',
      'panes-imports-down-only: src/panes/dashboard/frame.ts → src/features/dashboards/model.ts',
      'panes-use-api-types-only: src/panes/chart/render-text.ts → src/api/router/wire.ts',
      'run-imports-down-only: src/run/runner.ts → src/shell/theme.ts',
      'run-reaches-features-through-the-registry: src/run/runner.ts → src/features/telemetry/logs.ts',
      'session-imports-down-only: src/session/session.ts → src/shell/theme.ts',
      'shell-imports-down-only: src/shell/keymap.ts → src/cli/api-args.ts',
      'shell-imports-down-only: src/shell/open-pane.ts → src/features/changes/undo.ts',
      'shell-uses-session-and-api-types-only: src/shell/app.ts → src/session/session.ts',
      'sim-imports-types-only: sim/server.ts → src/errors.ts',
      'sim-imports-wire-types-only: sim/server.ts → src/errors.ts',
      'sim-only-from-demo-and-sim: src/cli/args.ts → sim/server.ts',
      'sim-only-from-demo-and-sim: src/commands/index.ts → sim/server.ts',
      'sim-only-from-demo-and-sim: src/config/config.ts → sim/server.ts',
      'term-imports-nothing-of-ours: src/term/home.ts → src/config/config.ts',
      'ui-libs-only-in-ui: src/keys/keymap.ts → ink',
      'ui-libs-only-in-ui: src/lang/view.ts → ink',
    ]);
  });
});
