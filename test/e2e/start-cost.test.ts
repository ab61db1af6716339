// What the start rule costs when there is nothing to find (issue 37): the built binary's every
// file system call, counted with strace, around `routersh -c 'show interface'` against the
// router simulator. With the open-window index absent or empty, the state directory is touched
// once: the index directory's open (and, when it exists, its one listing).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN } from '../helpers/run-bin.js';

const hasStrace = (): boolean => {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!hasStrace())('the start rule with nothing to find', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(() => sim.close());

  it.each([
    ['absent', false],
    ['empty', true],
  ])(
    'the index %s: one open of its directory, nothing else of the state directory',
    async (_what, make) => {
      const home = mkdtempSync(join(tmpdir(), 'routersh-startcost-'));
      const state = join(home, 'routersh');
      if (make) mkdirSync(join(state, 'windows'), { recursive: true });
      const trace = join(home, 'trace.txt');
      // Asynchronously: the simulator answers from this process.
      const child = spawn(
        'strace',
        ['-f', '-qq', '-e', 'trace=%file,getdents64', '-o', trace, process.execPath, BIN],
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            XDG_STATE_HOME: home,
            ROUTERSH_ROUTER: sim.url,
            ROUTERSH_USER: 'admin',
            ROUTERSH_PASSWORD: 'admin',
          },
        },
      );
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => {
        stderr += String(b);
      });
      child.stdout.resume();
      child.stdin.end('show interface\n');
      const status = await new Promise<number | null>((done) => child.on('close', done));
      const r = { status, stderr };
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      const calls = readFileSync(trace, 'utf8').split('\n');
      const onState = calls.filter((l) => l.includes(`"${state}`));
      expect(onState).toHaveLength(1);
      expect(onState[0]).toMatch(new RegExp(`openat\\(AT_FDCWD, "${state}/windows", .*O_DIRECTORY`));
      // Listed once when it exists: its descriptor read to the end (entries, then none).
      const fd = make ? /= (\d+)$/.exec(onState[0]!)?.[1] : undefined;
      if (fd) expect(calls.filter((l) => l.includes(`getdents64(${fd},`)).length).toBeLessThanOrEqual(2);
    },
    150_000,
  );
});
