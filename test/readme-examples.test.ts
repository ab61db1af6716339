// The examples of README.md and of every page of docs/ run as written (issues 10 and 18),
// table-driven: whatever example a block holds is run, so new commands' examples are checked as they are added. Shell lines
// run with `routersh --demo -c …` (one process per block, so `edit` carries to the next
// line); `sh` lines run under sh against a `routersh sim` of this test, whose ports replace
// 8080 and 8428, with `routersh` on PATH and a `feed.txt` in the working directory.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks, shellExamples, shExamples } from './readme-examples.js';
import { BIN, runBin } from './helpers/run-bin.js';
import { type SimProcess, startSimProcess } from './helpers/sim-process.js';

const DOCS = [
  'README.md',
  ...readdirSync(new URL('../docs/', import.meta.url))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const documents = DOCS.map((name) => ({
  name,
  blocks: fencedBlocks(readFileSync(new URL(`../${name}`, import.meta.url), 'utf8')),
}));
const RUN_LANGS = new Set(['routersh', 'sh']);
const FIXTURES: Record<string, string> = { 'feed.txt': '203.0.113.7\n198.51.100.0/24\n192.0.2.0/28\n' };

const dir = mkdtempSync(join(tmpdir(), 'routersh-readme-'));
const env = {
  HOME: dir,
  XDG_CONFIG_HOME: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
  COLUMNS: '120',
};
const work = join(dir, 'work');
const binDir = join(dir, 'bin');
let sim: SimProcess;
/** `routersh sim --routers` lines: simulated fleets the lines after them use. */
const fleets: SimProcess[] = [];

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  mkdirSync(binDir, { recursive: true });
  for (const [name, text] of Object.entries(FIXTURES)) writeFileSync(join(work, name), text);
  writeFileSync(join(binDir, 'routersh'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(binDir, 'routersh'), 0o755);
  sim = await startSimProcess(['--port', '0', '--telemetry-port', '0'], env); // saves the profile 'sim'
});
afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
  await sim?.stop();
});

function sh(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], {
      cwd: work,
      env: { PATH: `${binDir}:${process.env.PATH ?? ''}`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('every fenced block names its language (routersh and sh blocks are run)', () => {
  const untagged = documents.flatMap(({ name, blocks }) =>
    blocks.filter((b) => b.lang === '').map((b) => `${name} line ${b.line}`),
  );
  expect(untagged, 'tag these blocks: ```routersh, ```sh, ```text, ```json').toEqual([]);
  expect(documents.some(({ blocks }) => blocks.some((b) => RUN_LANGS.has(b.lang)))).toBe(true);
});

// A page with nothing to run (its examples are `text`) has no suite of its own.
const runnable = documents.filter(
  ({ blocks }) => shellExamples(blocks).length > 0 || shExamples(blocks).length > 0,
);

describe.each(runnable)('$name examples', ({ name, blocks }) => {
  it.each(shellExamples(blocks).map((cmds) => [cmds[0]!.block, cmds] as const))(
    'shell lines of the block at line %i',
    { timeout: 60_000 },
    async (_line, cmds) => {
      const args = ['--demo', '--keep-going', ...cmds.flatMap((c) => ['-c', c.command])];
      // `| save FILE` writes FILE where routersh runs: in the test's directory, not the repository.
      const r = await runBin(args, { env, timeoutMs: 50_000, cwd: work });
      const failed = new Set([...r.stderr.matchAll(/\(command (\d+)\)$/gm)].map((m) => Number(m[1]) - 1));
      const wrong = cmds
        .map((c, i) => ({ ...c, failed: failed.has(i) }))
        .filter((c) => c.failed !== c.failExpected)
        .map(
          (c) =>
            `${name} line ${c.line}: ${c.command} ${c.failed ? 'failed' : 'succeeded, a failure was expected'}`,
        );
      expect(wrong, r.stderr).toEqual([]);
      expect(r.code).toBe(cmds.some((c) => c.failExpected) ? 1 : 0);
    },
  );

  it.each(shExamples(blocks).map((e) => [e.line, e] as const))(
    'command line at line %i',
    { timeout: 60_000 },
    async (_line, e) => {
      const routerPort = new URL(sim.router).port;
      const telemetryPort = new URL(sim.telemetry).port;
      let command = e.command
        .replace(/^((?:[A-Z_][A-Z0-9_]*=\S*\s+)*)npx\s+routersh/, '$1routersh')
        .replaceAll(':8080', `:${routerPort}`)
        .replaceAll(':8428', `:${telemetryPort}`);
      if (/^routersh sim\b.*--routers\b/.test(command)) {
        // A simulated fleet, kept for the lines after it: its inventory in the work folder.
        const args = command
          .replace(/\s*&?\s*(#.*)?$/, '')
          .split(/\s+/)
          .slice(2);
        const out = args.indexOf('--inventory-out') + 1;
        if (out > 0) args[out] = join(work, args[out] ?? '');
        const s = await startSimProcess([...args, '--telemetry-port', '0'], env);
        fleets.push(s);
        expect(s.banner).toContain('inventory');
        return;
      }
      if (/^routersh sim\b/.test(command)) {
        // A simulator in the foreground: on free ports, without touching this test's profile.
        command = command.replace(/\s*&?\s*(#.*)?$/, '');
        const args = command.split(/\s+/).slice(2);
        const s = await startSimProcess([...args, '--port', '0', '--telemetry-port', '0', '--no-save'], env);
        await s.stop();
        expect(s.banner).toContain('router API');
        return;
      }
      const r = await sh(command);
      expect({ exit: r.code, stderr: r.stderr }).toEqual({
        exit: e.exit,
        stderr: e.exit === 0 ? '' : r.stderr,
      });
    },
  );
});
