// What the built binary loads on each path (issue 9): `--version`, `--help` and usage errors
// load no HTTP, config or UI code; a one-shot command loads the HTTP stack but no UI.
//
// How: test/helpers/loaded-files.ts lists require.cache when the process ends: dist/ is
// CommonJS, so a static import, a dynamic import() and a chunk pulled in by another chunk all
// count, whatever esbuild names the chunks. What a loaded file holds is
// read from the path comments esbuild writes above each bundled module (`// node_modules/undici/…`,
// `// src/http/…`; the build does not minify). The one-shot case is the control that the
// markers are there to find: it must see undici.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBinLoading } from '../helpers/loaded-files.js';
import type { RunResult } from '../helpers/run-bin.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

interface Loaded extends RunResult {
  /** dist/ files loaded, relative to dist/. */
  files: string[];
  /** Which of the markers below the loaded files hold. */
  holds: string[];
  /** Every file loaded, dist/ or not (a package required at run time is not in dist/). */
  all: string[];
}

const MARKERS = {
  undici: '// node_modules/undici/',
  ink: '// node_modules/ink/',
  react: '// node_modules/react',
  http: '// src/http/',
  config: '// src/config/',
  session: '// src/session/session.ts',
  runner: '// src/run/runner.ts',
  shell: '// src/shell/',
  panes: '// src/panes/',
  // Issue 9, one-shot start-up: each loads with the first line that uses it.
  re2js: '// node_modules/re2js/',
  fuse: '// node_modules/fuse.js/',
  jose: '// node_modules/jose/',
  'telemetry client': '// src/api/telemetry/client.ts',
  handlers: '// src/run/handlers.ts',
  'string-width': '// node_modules/string-width/',
  // Proxy support loads only when a proxy variable is set (docs/network.md).
  proxy: '// node_modules/undici/lib/dispatcher/proxy-agent.js',
  // undici's fetch (FormData, WebIDL) is never bundled: the transport sends strings (scripts/undici-trim.mjs).
  'undici fetch': '// node_modules/undici/lib/web/webidl/',
} as const;

async function loaded(args: string[], env: Record<string, string> = {}): Promise<Loaded> {
  const { loaded: all, ...r } = await runBinLoading(args, env);
  const files = all.filter((p) => p.startsWith(DIST)).map((p) => p.slice(DIST.length));
  const text = files.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
  const holds = Object.entries(MARKERS)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
  return { ...r, files, holds, all };
}

describe('start-up loads only what the path uses', () => {
  it('--version alone: answered by bin/routersh.cjs from package.json, before the CLI loads', async () => {
    const r = await loaded(['--version']);
    expect(r.code).toBe(0);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(r.stdout).toBe(`routersh ${version}\n`);
    expect(r.files).not.toContain('main.cjs');
    expect(r.holds).toEqual([]);
  });

  it('--version with other flags: argument parsing and errors only, the same version', async () => {
    const r = await loaded(['--version', '--json']);
    expect(r.code).toBe(0);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(r.stdout).toBe(`routersh ${version}\n`);
    expect(r.files).toContain('main.cjs');
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

  it('__complete of a flag (a Tab press): no HTTP, session, runner or UI', async () => {
    const r = await loaded(['__complete', '--', '--pro']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^--profile\t.*\n:\n$/);
    for (const heavy of ['undici', 'http', 'session', 'runner', 'handlers', 'ink', 'react', 'shell', 'panes'])
      expect(r.holds).not.toContain(heavy);
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
      // Issue 19: each ES module costs its resolution on Node 20; the chunks this path loads
      // are merged into a few files (scripts/merge-chunks.mjs): 6 where esbuild's split gave 33.
      expect(r.files, JSON.stringify(r.files)).toHaveLength(6);
      // One character past ASCII (a comment's dash, a µ in a regex) and Node hands V8 the whole
      // file as two-byte text: slower to read and compile.
      for (const f of r.files) expect(readFileSync(join(DIST, f), 'latin1'), f).toMatch(/^[\x00-\x7f]*$/);
      // Node resolves a repeated require() of a chunk afresh each time (~60 µs): one per file
      // (scripts/commonjs.mjs), where esbuild wrote one per module that used it.
      for (const f of r.files) {
        const chunks = [
          ...readFileSync(join(DIST, f), 'utf8').matchAll(/^var \w+ = require\("(\.[^"]+)"\);$/gm),
        ];
        expect(chunks.length, f).toBe(new Set(chunks.map((m) => m[1])).size);
      }
    });

    it("__complete of -c's words: the language, no runner, no UI; from the kept words, no request", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'routersh-startup-xdg-'));
      mkdirSync(join(dir, 'routersh'));
      writeFileSync(join(dir, 'pw'), 'admin\n');
      const profile = { router: sim.url, user: 'admin', passwordFile: join(dir, 'pw') };
      writeFileSync(join(dir, 'routersh', 'config.json'), JSON.stringify({ profiles: { lab: profile } }));
      const env = { XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') };
      const argv = ['__complete', '--', '--profile', 'lab', '-c', 'int'];
      // The first Tab asks the router (or, past its deadline on a busy machine, leaves it to
      // a refresh): the HTTP stack if it got that far, never the runner or the UI.
      const first = await loaded(argv, env);
      expect(first.stdout).toMatch(/^(interface \t.*\n:nospace\n)?$/);
      for (const heavy of ['runner', 'handlers', 'ink', 'react', 'shell', 'panes'])
        expect(first.holds).not.toContain(heavy);
      const kept = join(dir, 'cache', 'routersh', 'complete');
      const settled = () => {
        const files = existsSync(kept) ? readdirSync(kept) : [];
        return files.some((f) => f.endsWith('.json')) && !files.some((f) => f.endsWith('.lock'));
      };
      // A hang guard only: the words are kept by the first run or by its refresh.
      for (const end = Date.now() + 60_000; !settled(); await sleep(50))
        if (Date.now() > end) throw new Error('the words were never kept');
      // From the kept words: the same group of chunks (the language shares it with the session),
      // and not one request.
      const asked = sim.requests.length;
      const r = await loaded(argv, env);
      expect(r.stdout).toMatch(/^interface \t/);
      expect(sim.requests.length).toBe(asked);
      for (const heavy of ['runner', 'handlers', 'ink', 'react', 'shell', 'panes'])
        expect(r.holds).not.toContain(heavy);
    });

    // `-c "show interface"` ≤ 3× a bare node:http POST (bench start-up lean) needs every
    // chunk it does not use left unread: a wrong word or value, a token, a telemetry line or
    // a built-in loads its part when it comes.
    it('a router command loads no RE2, fuse.js, jose, telemetry client, handlers or string-width', async () => {
      const r = await loaded(['--router', sim.url, '--user', 'admin', '-c', 'show interface'], {
        ROUTERSH_PASSWORD: 'admin',
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/eth0/);
      for (const lazy of [
        're2js',
        'fuse',
        'jose',
        'telemetry client',
        'handlers',
        'string-width',
        'proxy',
        'undici fetch',
      ])
        expect(r.holds).not.toContain(lazy);
      expect(r.all.filter((p) => /node_modules\/(re2js|fuse\.js|jose|string-width)\//.test(p))).toEqual([]);
    });

    // node:http itself loads with undici (its patch to load it on need measured 0 % of the CPU
    // of `-c` in bench/patch-gain-bench.ts, and was dropped); node:http2 never: the bundle leaves
    // undici's h2 client out (scripts/undici-trim.mjs).
    it('a router command loads neither node:http2 nor tls, nor node:assert or node:fs/promises', async () => {
      const { builtins: modules, ...r } = await runBinLoading(
        ['--router', sim.url, '--user', 'admin', '-c', 'show interface'],
        { ROUTERSH_PASSWORD: 'admin' },
      );
      expect(r.code).toBe(0);
      expect(modules).toContain('net'); // the control: the list is read
      for (const m of ['http2', 'tls']) expect(modules).not.toContain(m);
      // ~0.9 ms each: undici's assert() is a plain check (scripts/undici-trim.mjs); files are
      // read and written through fs/promises only by the lines that do so.
      for (const m of ['assert', 'fs/promises']) expect(modules).not.toContain(m);
    });

    it('proxy support loads when a proxy variable is set (NO_PROXY lets the router go straight)', async () => {
      const r = await loaded(['--router', sim.url, '--user', 'admin', '-c', 'show interface'], {
        ROUTERSH_PASSWORD: 'admin',
        https_proxy: 'http://127.0.0.1:9',
        http_proxy: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1',
      });
      expect(r.code).toBe(0);
      expect(r.holds).not.toContain('proxy');
      const proxied = await loaded(['--router', sim.url, '--user', 'admin', '-c', 'show interface'], {
        ROUTERSH_PASSWORD: 'admin',
        http_proxy: 'http://127.0.0.1:9',
      });
      // Port 9 (discard) answers nothing: the run fails, but it went for the proxy.
      expect(proxied.stderr).toMatch(/proxy at 127\.0\.0\.1:9 \(http_proxy\)/);
      expect(proxied.holds).toContain('proxy');
    });

    it('each loads when a line needs it: the control that the markers are found', async () => {
      // A value checked against an InputRe (RE2), a misspelt word (fuse.js), a built-in
      // (handlers) and non-ASCII output measured for width (string-width).
      const r = await loaded(
        [
          '--router',
          sim.url,
          '--user',
          'admin',
          '--keep-going',
          '-c',
          'hostname rtr-ü',
          '-c',
          'show interfac',
          '-c',
          'show intrface',
          '-c',
          'help',
        ],
        { ROUTERSH_PASSWORD: 'admin' },
      );
      expect(r.stderr).toMatch(/did you mean 'interface'/);
      expect(r.holds).toEqual(expect.arrayContaining(['re2js', 'fuse', 'handlers']));
    });
  });
});
