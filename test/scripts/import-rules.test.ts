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
  'src/main.ts': "import '../sim/server.js';\nimport './exit-status.js';\n",
  'src/errors.ts': 'export const e = 1;\n',
  'src/exit-status.ts': 'export const x = 1;\n',
  'src/term/sanitize.ts': 'export const s = 1;\n',
  'src/term/table.ts': "import './cycle-b.js';\n",
  'src/term/cycle-b.ts': "import './table.js';\n",
  'src/term/home.ts': "import '../config/config.js';\n",
  'src/config/config.ts': "import '../exit-status.js';\nimport '../../sim/server.js';\n",
  'src/http/transport.ts':
    "import '../term/sanitize.js';\nimport '../errors.js';\nimport '../term/table.js';\n",
  'src/api/router/wire.ts': 'export const decode = 1;\nexport type Wire = number;\n',
  'src/api/router/client.ts': "import '../../http/transport.js';\nimport '../../run/runner.js';\n",
  'src/lang/walk.ts':
    "import type { Wire } from '../api/router/wire.js';\nimport { decode } from '../api/router/wire.js';\n" +
    "import '../panes/chart/render-text.js';\nexport const w: Wire = decode;\n",
  'src/lang/view.ts': "import { Text } from 'ink';\nimport '../shell/keymap.js';\nexport const t = Text;\n",
  'src/run/runner.ts':
    "import '../panes/chart/render-text.js';\nimport '../panes/chart/use-chart.js';\nimport '../panes/chart/frame.js';\n",
  'src/run/batch.ts': "import '../cli/args.js';\n",
  'src/panes/chart/render-text.ts':
    "import '../../term/sanitize.js';\nimport type { Wire } from '../../api/router/wire.js';\n" +
    "import { decode } from '../../api/router/wire.js';\nexport const w: Wire = decode;\n",
  'src/panes/chart/use-chart.ts': "import 'react';\n",
  'src/panes/chart/frame.ts': "import 'ink';\nimport '../../run/runner.js';\n",
  'src/shell/keymap.ts': "import 'ink';\nimport '../cli/args.js';\n",
  'src/cli/args.ts': "import '../main.js';\nimport '../../sim/server.js';\n",
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
      'api-imports-down-only: src/api/router/client.ts → src/run/runner.ts',
      'core-never-loads-ui-libs: src/api/router/client.ts → src/run/runner.ts → src/panes/chart/frame.ts → ink',
      'core-never-loads-ui-libs: src/api/router/client.ts → src/run/runner.ts → src/panes/chart/use-chart.ts → react',
      'core-never-loads-ui-libs: src/lang/view.ts → src/shell/keymap.ts → ink',
      'core-never-loads-ui-libs: src/run/runner.ts → src/panes/chart/frame.ts → ink',
      'core-never-loads-ui-libs: src/run/runner.ts → src/panes/chart/use-chart.ts → react',
      'core-no-panes: src/lang/walk.ts → src/panes/chart/render-text.ts',
      'core-no-shell: src/lang/view.ts → src/shell/keymap.ts',
      'exit-status-only-in-main: src/config/config.ts → src/exit-status.ts',
      'http-imports-down-only: src/http/transport.ts → src/term/table.ts',
      'lang-imports-down-only: src/lang/view.ts → src/shell/keymap.ts',
      'lang-imports-down-only: src/lang/walk.ts → src/panes/chart/render-text.ts',
      'lang-uses-api-types-only: src/lang/walk.ts → src/api/router/wire.ts',
      'no-circular: src/panes/chart/frame.ts → src/run/runner.ts → src/panes/chart/frame.ts',
      'no-circular: src/term/cycle-b.ts → src/term/table.ts → src/term/cycle-b.ts',
      'nobody-imports-main: src/cli/args.ts → src/main.ts',
      'panes-imports-down-only: src/panes/chart/frame.ts → src/run/runner.ts',
      'panes-use-api-types-only: src/panes/chart/render-text.ts → src/api/router/wire.ts',
      'run-imports-down-only: src/run/batch.ts → src/cli/args.ts',
      'run-only-pure-panes: src/run/runner.ts → src/panes/chart/use-chart.ts',
      'shell-imports-down-only: src/shell/keymap.ts → src/cli/args.ts',
      'sim-imports-types-only: sim/server.ts → src/errors.ts',
      'sim-imports-wire-types-only: sim/server.ts → src/errors.ts',
      'sim-only-from-cli-and-main: src/config/config.ts → sim/server.ts',
      'term-imports-nothing-of-ours: src/term/home.ts → src/config/config.ts',
      'ui-libs-only-in-ui: src/lang/view.ts → ink',
    ]);
  });
});
