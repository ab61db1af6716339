// Issue 40's "done when", the room (built binary): `class serve --trainees 3 --lesson
// interfaces`, three trainees join from three terminals (tmux) and work the lesson; the board
// (`class board --json`) shows each one's steps as they pass them; the instructor's message
// reaches every shell above its prompt; a reset puts one trainee's router back (their passed
// check fails again, the others' routers untouched); the grades export. The class's guards
// (isolation, wrong codes, a restart with --state, learn --test) are classroom-guard.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClassClient } from '../../src/api/class/client.js';
import type { Board } from '../../src/contract/class.js';
import { type ClassProcess, startClassProcess } from '../helpers/class-process.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const NAMES = ['t1', 't2', 't3'] as const;
const dir = mkdtempSync(join(tmpdir(), 'routersh-classroom-'));
const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
const terms = new Map<string, Tmux>();
let serve: ClassProcess | undefined;
let board: ChildProcess | undefined;
afterAll(async () => {
  for (const t of terms.values()) t.kill();
  board?.kill('SIGINT');
  await serve?.stop();
});

/** `class board --json`: every Board it printed, and a wait for one that passes `test`. */
function watchBoard(url: string, tokenFile: string) {
  const boards: Board[] = [];
  const waiting = new Set<() => void>();
  let partial = '';
  board = spawn(process.execPath, [BIN, 'class', 'board', url, '--json', '--token-file', tokenFile], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  board.stdout?.setEncoding('utf8');
  board.stdout?.on('data', (d: string) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop() ?? '';
    for (const l of lines) if (l.trim()) boards.push(JSON.parse(l) as Board);
    for (const w of waiting) w();
  });
  return {
    /** Resolves with the first board (from now on or already seen) where `test` holds. */
    until: (test: (b: Board) => boolean, what: string) =>
      new Promise<Board>((resolve, reject) => {
        const look = () => {
          const b = boards.findLast(test);
          if (!b) return;
          waiting.delete(look);
          clearTimeout(guard);
          resolve(b);
        };
        const guard = setTimeout(() => {
          waiting.delete(look);
          reject(new Error(`the board never showed ${what}: ${JSON.stringify(boards.at(-1))}`));
        }, 60_000);
        waiting.add(look);
        look();
      }),
  };
}

const steps = (b: Board, name: string) => b.trainees.find((t) => t.name === name)?.steps ?? [];
const prompt = (name: string) => new RegExp(`${name}@127\\.0\\.0\\.1> ?$`, 'm');

/** Types `line` on a cleared screen (Ctrl-L) and waits for what it shows. */
async function run(name: string, line: string, shows: RegExp): Promise<string> {
  const term = terms.get(name)!;
  term.keys('C-l');
  await term.waitFor((s) => s.trim().split('\n').length <= 3 && prompt(name).test(s));
  term.type(line);
  term.keys('Enter');
  return term.waitFor(shows);
}

describe.skipIf(!hasTmux())('a class of three (tmux)', () => {
  it('three trainees work the lesson, the board follows, a reset undoes one, grades export', async () => {
    serve = await startClassProcess(
      ['--trainees', '3', '--lesson', 'interfaces', '--port', '0', '--state', join(dir, 'class')],
      env,
    );
    expect(serve.codes.size).toBe(3);
    const live = watchBoard(serve.url, serve.tokenFile);
    for (const name of NAMES) {
      const term = new Tmux(100, 30);
      terms.set(name, term);
      // t3 types the code as a trainee does (asked without echo); the others give a file.
      const file = name === 't3' ? '' : ` --code-file ${serve.codeFile(name, dir)}`;
      term.start(`node ${BIN} class join ${serve.url} --name ${name}${file}`, env);
    }
    const t3 = terms.get('t3')!;
    await t3.waitFor(/Join code for t3:/);
    t3.type(serve.codes.get('t3') ?? '');
    t3.keys('Enter');
    for (const name of NAMES) {
      const screen = await terms.get(name)!.waitFor(prompt(name));
      expect(screen).toContain(`Class: you are ${name}.`);
      expect(screen).toContain('Step 1/5: Create a VLAN interface');
      // The code is not on the screen (from a file, or typed at a prompt that does not echo).
      expect(screen).not.toContain(serve.codes.get(name));
    }
    await live.until((b) => b.trainees.every((t) => t.joined), 'three trainees joined');

    // Each passes step 1 on their own router; the board shows each one's step done.
    for (const name of NAMES) await run(name, 'interface eth1.100', /step 1\/5 done/);
    await live.until((b) => NAMES.every((n) => steps(b, n)[0] === 'done'), 'step 1 done for all three');
    // t2 goes on alone: only t2's step 2 is done.
    await run('t2', 'interface eth1.100 mtu 9000', /step 2\/5 done/);
    const b2 = await live.until((b) => steps(b, 't2')[1] === 'done', "t2's step 2");
    expect(steps(b2, 't1')[1]).not.toBe('done');
    expect(steps(b2, 't3')[1]).not.toBe('done');

    // The instructor's message reaches every shell, above its prompt.
    const instructor = new ClassClient({ url: serve.url, auth: { bearer: tokenOf(serve.tokenFile) } });
    try {
      await instructor.message('Break until 10:30');
      for (const name of NAMES)
        await terms.get(name)!.waitFor(/message from the instructor: Break until 10:30\n[\s\S]*> ?$/m);

      // t1's router back to the lesson's start: the interface is gone, the check fails again.
      await instructor.reset('t1');
      await terms.get('t1')!.waitFor(/reset your router/);
      await live.until((b) => steps(b, 't1')[0] !== 'done', "t1's step 1 undone");
      const after = await run('t1', 'show interface eth1.100', /%[^\n]*\n[\s\S]*t1@127\.0\.0\.1> ?$/m);
      expect(after).not.toMatch(/step 1\/5 done/);
      // The others' routers are untouched.
      await run('t2', 'show interface eth1.100', /mtu\s+9000/i);
      // Done again, it passes again.
      await run('t1', 'interface eth1.100', /step 1\/5 done/);
      await live.until((b) => steps(b, 't1')[0] === 'done', "t1's step 1 done again");
    } finally {
      await instructor.close();
    }

    const grades = await runBin(['class', 'grades', serve.url, '--csv', '--token-file', serve.tokenFile], {
      env,
      timeoutMs: 30_000,
    });
    expect(grades.code, grades.stderr).toBe(0);
    for (const name of NAMES) expect(grades.stdout).toMatch(new RegExp(`^${name},`, 'm'));
  });
});

const tokenOf = (file: string) => readFileSync(file, 'utf8').trim();
