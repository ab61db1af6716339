// The package as a user gets it (issue 18): `npm pack`, then `npm install -g` of the tarball into
// an empty prefix with an empty npm cache and a registry on a closed port, so any download
// fails. The install must add routersh alone, run no script, and hold exactly the dist/ the
// other tests ran, with its licence and the notices of everything bundled; then the installed
// binary runs, one-shot and in a terminal. (Needs `npm run build`, as every e2e test does: the
// pack runs without scripts, since the prepack build would replace dist/ under the other tests.)
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTmux, ROOT, shellQuote, Tmux } from './tmux.js';

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string }>;
}

const work = mkdtempSync(join(tmpdir(), 'routersh-pkg-'));
const prefix = join(work, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', 'routersh');
const version: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
let packed: Packed;
let install: { stdout: string; stderr: string };

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** npm with nothing of the user's: its own HOME, config files, cache and a dead registry. */
function npmEnv(port: number): Record<string, string> {
  const [user, global] = [join(work, 'npmrc'), join(work, 'global-npmrc')];
  for (const rc of [user, global]) writeFileSync(rc, '');
  return {
    PATH: process.env.PATH ?? '',
    HOME: join(work, 'home'),
    npm_config_userconfig: user,
    npm_config_globalconfig: global,
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_registry: `http://127.0.0.1:${port}/`,
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
}

/** The environment the installed binary runs in: nothing of the user's state or config. */
const userEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: join(work, 'home'),
  XDG_STATE_HOME: join(work, 'state'),
  XDG_CONFIG_HOME: join(work, 'config'),
});

/** Every file under `dir`, relative, sorted. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();

beforeAll(async () => {
  mkdirSync(join(work, 'home'));
  const env = npmEnv(await closedPort());
  const json = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  packed = (JSON.parse(json) as Packed[])[0]!;
  const r = spawnSync(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      prefix,
      '--offline',
      '--ignore-scripts=false',
      '--foreground-scripts',
      '--loglevel=info',
      join(work, packed.filename),
    ],
    { cwd: work, env, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`npm install -g failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  install = { stdout: r.stdout, stderr: r.stderr };
}, 180_000);

describe('npm install -g of the packed tarball', () => {
  it('the tarball holds the binary, dist/, the licence and the notices, and no sources', () => {
    const paths = packed.files.map((f) => f.path);
    for (const f of [
      'bin/routersh.cjs',
      'bin/code-cache.cjs',
      'dist/main.cjs',
      'dist/string-width.cjs',
      'dist/build-id',
      'LICENSE',
      'THIRD-PARTY-NOTICES',
      'ansible/routersh_command.py',
      'ansible/routersh_change.py',
      'ansible/routersh_lib/__init__.py',
    ])
      expect(paths).toContain(f);
    expect(paths.filter((p) => p.includes('__pycache__'))).toEqual([]);
    expect(paths.filter((p) => /^(src|test|sim|patches|scripts|node_modules)\//.test(p))).toEqual([]);
    // Another branch writes man/routersh.1 (package.json "man"); when it is there, it ships.
    if (existsSync(join(ROOT, 'man', 'routersh.1'))) expect(paths).toContain('man/routersh.1');
  });

  it('installs routersh alone: no dependency, offline, with an empty cache', () => {
    expect(install.stdout).toMatch(/added 1 package\b/);
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['routersh']);
    expect(filesUnder(installed).filter((f) => f.split('/').includes('node_modules'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.optionalDependencies ?? {}).toEqual({});
    expect(readlinkSync(join(prefix, 'bin', 'routersh'))).toBe(
      '../lib/node_modules/routersh/bin/routersh.cjs',
    );
    if (existsSync(join(ROOT, 'man', 'routersh.1')))
      expect(existsSync(join(prefix, 'share', 'man', 'man1', 'routersh.1'))).toBe(true);
  });

  it('runs no script and warns of none (npm logs each script it runs as `info run`)', () => {
    expect(install.stderr).not.toMatch(/\binfo run\b/);
    expect(install.stderr).not.toMatch(/install.scripts|allowScripts|npm warn/i);
    const { scripts = {} } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    for (const event of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(scripts).not.toHaveProperty(event);
  });

  it("the installed dist/ is byte for byte the dist/ the tests ran, and bin/ is the repo's", () => {
    const ours = filesUnder(join(ROOT, 'dist'));
    expect(filesUnder(join(installed, 'dist'))).toEqual(ours);
    for (const f of ours)
      expect(readFileSync(join(installed, 'dist', f)).equals(readFileSync(join(ROOT, 'dist', f))), f).toBe(
        true,
      );
    for (const f of ['routersh.cjs', 'code-cache.cjs'])
      expect(readFileSync(join(installed, 'bin', f), 'utf8')).toBe(
        readFileSync(join(ROOT, 'bin', f), 'utf8'),
      );
  });

  it("string-width resolves to the installed package's own bundled, patched copy", () => {
    const req = createRequire(join(installed, 'dist', 'main.cjs'));
    expect(req.resolve('#string-width')).toBe(join(installed, 'dist', 'string-width.cjs'));
    const stringWidth = (req('#string-width') as { default: (s: string) => number }).default;
    expect(stringWidth('─╮ 日本')).toBe(7);
  });

  it('ships the MIT licence and the licence of every package bundled into dist/', () => {
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 routersh authors\n/,
    );
    const notices = readFileSync(join(installed, 'THIRD-PARTY-NOTICES'), 'utf8');
    // What dist/ bundles, read from the path comments esbuild writes above each module.
    const code = filesUnder(join(installed, 'dist'))
      .map((f) => readFileSync(join(installed, 'dist', f), 'utf8'))
      .join('\n');
    // From the first node_modules/: in a git worktree whose node_modules is a link to another
    // checkout's, esbuild writes the real path (`../main/node_modules/ink/…`).
    const dirs = new Set(
      [...code.matchAll(/^\/\/ ((?:.*\/)?node_modules\/(?:@[^/\n]+\/)?[^/\n]+)\//gm)].map((m) =>
        m[1]!.slice(m[1]!.indexOf('node_modules/')),
      ),
    );
    expect(dirs.size).toBeGreaterThan(30);
    expect(dirs).toContain('node_modules/ink');
    for (const dir of dirs) {
      const { name, version: v } = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
      expect(notices, dir).toContain(`\n${name}@${v} (`);
      const licences = readdirSync(join(ROOT, dir)).filter((f) =>
        /^(licen[cs]e|copying|notice)([.-].*)?$/i.test(f),
      );
      for (const f of licences)
        expect(notices, `${dir}/${f}`).toContain(readFileSync(join(ROOT, dir, f), 'utf8').trimEnd());
      if (licences.length === 0)
        expect(notices, dir).toMatch(
          new RegExp(`${name}@${v} \\(MIT\\)\\n[^=]*Permission is hereby granted`),
        );
    }
  });

  it('the installed binary answers --version and runs a command on the embedded simulators', () => {
    const bin = join(prefix, 'bin', 'routersh');
    const v = spawnSync(bin, ['--version'], { env: userEnv(), encoding: 'utf8' });
    expect(v.stdout).toBe(`routersh ${version}\n`);
    const r = spawnSync(bin, ['--demo', '-c', 'show interface'], {
      env: userEnv(),
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^eth0\s+UP\s/m);
    // The Ansible modules' folder, for ANSIBLE_LIBRARY: the installed package's own.
    const a = spawnSync(bin, ['ansible-path'], { env: userEnv(), encoding: 'utf8' });
    expect(a.status).toBe(0);
    expect(existsSync(join(a.stdout.trim(), 'routersh_command.py'))).toBe(true);
    expect(a.stdout.trim().startsWith(prefix)).toBe(true);
  });

  describe.skipIf(!hasTmux())('in a terminal (tmux)', () => {
    let term: Tmux | undefined;
    afterAll(() => term?.kill());

    it('routersh --demo: the prompt, show interface, a line with non-ASCII text, exit', async () => {
      const t = new Tmux(100, 30);
      term = t;
      t.start(`${shellQuote(join(prefix, 'bin', 'routersh'))} --demo`, userEnv());
      const prompt = 'admin@127.0.0.1>';
      const atPrompt = (s: string) => s.trimEnd().split('\n').at(-1) === prompt;
      await t.waitFor(atPrompt);
      t.type('show interface');
      t.keys('Enter');
      await t.waitFor((s) => /^eth0\s+UP\s/m.test(s) && atPrompt(s));
      // The prompt line measures non-ASCII text with string-width (required on first need).
      t.type('# café 日本');
      await t.waitFor(/> # café 日本\s*$/);
      t.keys('Enter');
      await t.waitFor(atPrompt);
      t.type('exit');
      t.keys('Enter');
      await t.waitFor(/^\[exited 0\]$/m);
    });
  });
});
