// What the built binary loads on each path (issue 9): `--version`, `--help` and usage errors
// load no HTTP, config or UI code; a one-shot command loads the HTTP stack but no UI.
//
// How: a module loader hook (node:module register, passed with NODE_OPTIONS=--import) records
// every file the process loads, so a static import, a dynamic import() and a chunk pulled in
// by another chunk all count, whatever esbuild names the chunks. What a loaded file holds is
// read from the path comments esbuild writes above each bundled module (`// node_modules/undici/…`,
// `// src/http/…`; the build does not minify). The one-shot case is the control that the
// markers are there to find: it must see undici.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type RunResult, runBin } from '../helpers/run-bin.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'routersh-startup-'));
writeFileSync(
  join(dir, 'hooks.mjs'),
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.ROUTERSH_TEST_LOADED, url + '\\n');
  return next(url, context);
}
`,
);
writeFileSync(
  join(dir, 'register.mjs'),
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
);

interface Loaded extends RunResult {
  /** dist/ files loaded, relative to dist/. */
  files: string[];
  /** Which of the markers below the loaded files hold. */
  holds: string[];
}

const MARKERS = {
  undici: '// node_modules/undici/',
  ink: '// node_modules/ink/',
  react: '// node_modules/react',
  http: '// src/http/',
  config: '// src/config/',
  session: '// src/run/session.ts',
  runner: '// src/run/runner.ts',
  shell: '// src/shell/',
  panes: '// src/panes/',
} as const;

let runs = 0;
async function loaded(args: string[], env: Record<string, string> = {}): Promise<Loaded> {
  const log = join(dir, `loaded-${runs++}.txt`);
  writeFileSync(log, '');
  const r = await runBin(args, {
    env: {
      ...env,
      NODE_OPTIONS: `--import=${pathToFileURL(join(dir, 'register.mjs')).href}`,
      ROUTERSH_TEST_LOADED: log,
    },
  });
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((u) => fileURLToPath(u))
    .filter((p) => p.startsWith(DIST))
    .map((p) => p.slice(DIST.length));
  const text = files.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
  const holds = Object.entries(MARKERS)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
  return { ...r, files, holds };
}

describe('start-up loads only what the path uses', () => {
  it('--version: argument parsing and errors only', async () => {
    const r = await loaded(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^routersh \d/);
    expect(r.files).toContain('main.js');
    expect(r.holds).toEqual([]);
  });

  it('--help: the same', async () => {
    const r = await loaded(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage:/);
    expect(r.holds).toEqual([]);
  });

  it.each([
    [['--bogus']],
    [['--password', 'x']],
    [['-c', 'show interface', '-f', 'script.txt']],
    [['stray-argument']],
  ])('usage error %j: exit 2, nothing loaded past parsing', async (args) => {
    const r = await loaded(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^% .*\n$/);
    expect(r.holds).toEqual([]);
  });

  describe('a one-shot command', () => {
    let sim: RouterSim;
    beforeAll(async () => {
      sim = await startRouterSim();
    });
    afterAll(() => sim.close());

    it('loads the HTTP stack and the runner, no UI', async () => {
      const r = await loaded(['--router', sim.url, '--user', 'admin', '-c', 'show interface'], {
        ROUTERSH_PASSWORD: 'admin',
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/eth0/);
      expect(r.holds).toEqual(expect.arrayContaining(['undici', 'http', 'config', 'session', 'runner']));
      expect(r.holds).not.toContain('ink');
      expect(r.holds).not.toContain('react');
      expect(r.holds).not.toContain('shell');
    });
  });
});
