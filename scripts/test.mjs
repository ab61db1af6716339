// `npm test`: the bundle first (the e2e tests run dist/), then the typecheck, biome, the import
// rules and vitest side by side. The checks are CPU work of ~25 s; vitest's end-to-end files
// mostly wait on terminals and child processes, so running them together saves the checks'
// time on the wall clock. Each check's output is held and printed when it ends (vitest's
// streams as usual); the exit status is the first failure's.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Every test talks to 127.0.0.1 (a test that needs a CA names its own file). NODE_EXTRA_CA_CERTS,
// set on some CI machines, makes each node process read and parse that bundle at start: ~40 ms of
// CPU for each of the ~500 processes a run starts (workers, simulators, routersh, its guards).
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
// The unit files run in worker threads of one process, which share libuv's 4 threads for file
// reads: a file reading FIFOs, /dev/zero or big files beside another's simulators slowed every
// thread's reads. More threads for the same work (they sleep when idle).
env.UV_THREADPOOL_SIZE ??= '16';
const bin = (name) => `${root}node_modules/.bin/${name}`;

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, env, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// The typecheck as `npm run typecheck` runs it (package.json says which compiler: TypeScript 7,
// the native one, the package `typescript-native`; `typescript` 5.9 stays for dependency-cruiser,
// which needs its JS API): a fresh clone's check took 16.5 s of CPU with 5.9, 3.4 s with 7, taken
// from vitest's two cores. Run without npm (~0.2 s of CPU a process); the script's words are
// plain (`node PATH --noEmit`).
const [, tsc, ...tscArgs] = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts.typecheck.split(
  ' ',
);

const checks = [
  // Incremental: a second run re-checks only what changed; its state lives in
  // node_modules/.cache, never committed.
  [
    'typecheck',
    process.execPath,
    [tsc, ...tscArgs, '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/routersh/tsc7.tsbuildinfo'],
  ],
  ['lint', bin('biome'), ['check', 'src', 'sim', 'test', 'bench', 'scripts']],
  ['import rules', process.execPath, ['scripts/deps.mjs']],
];

/** Runs one check with its output held; resolves to its exit status. */
const held = ([name, cmd, args]) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(ok ? `✓ ${name}\n` : `✗ ${name} failed (${code}):\n${out}\n`);
      resolve(code ?? 1);
    });
  });

const vitest = new Promise((resolve) => {
  const child = spawn(bin('vitest'), ['run', ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
  child.on('close', (code) => resolve(code ?? 1));
});

const codes = await Promise.all([...checks.map(held), vitest]);
process.exit(codes.find((c) => c !== 0) ?? 0);
