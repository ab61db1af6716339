// `class grades` and `class board --json` against the real class server (`class serve` through
// execute, in process), trainees working through `class join … -c` (the product's own wiring):
// the CSV read back with csv-parse holds each trainee's steps (passed, after a hint, skipped,
// failed checks) and the lesson's total and percentage, the JSON
// the same numbers, and the board's JSON lines show a step a trainee passes while it streams.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../src/commands/index.js';
import type { Board, Grades } from '../../../src/contract/class.js';
import { exitStatus } from '../../../src/exit-status.js';
import { captureIo, runCommand } from '../../helpers/command-io.js';
import { waitFor } from '../../helpers/ink.js';
import { type Served, serve } from './serve-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'class-grades-'));
const tokenFile = join(dir, 'instructor.token');
const env = { XDG_STATE_HOME: join(dir, 'state') };
let served: Served;

beforeAll(async () => {
  served = await serve(['--trainees', '2', '--lesson', 'interfaces']);
  writeFileSync(tokenFile, served.token!, { mode: 0o600 });
});
afterAll(() => served?.stop());

async function trainee(name: string, ...lines: string[]): Promise<void> {
  const codeFile = join(dir, `${name}.code`);
  writeFileSync(codeFile, served.codes.get(name)!, { mode: 0o600 });
  for (const line of lines) {
    const r = await runCommand(
      ['class', 'join', served.url, '--name', name, '--code-file', codeFile, '-c', line],
      env,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  }
}

describe('class grades and class board --json against class serve', () => {
  it('the board streams a step passed while it runs; grades export as CSV and JSON', async () => {
    const c = captureIo(env);
    let interrupt = () => {};
    const io = {
      ...c.io,
      onInterrupt: (h: () => void) => {
        interrupt = h;
        return () => {};
      },
    };
    const streaming = execute(['class', 'board', served.url, '--json', '--token-file', tokenFile], io);
    const boards = () =>
      c
        .out()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Board);
    await waitFor(() => expect(boards()).toHaveLength(1));
    expect(boards()[0]!.trainees.map((t) => [t.name, t.joined])).toEqual([
      ['t1', false],
      ['t2', false],
    ]);
    await trainee('t1', 'interface eth1.100', 'interface eth1.100 mtu 9000');
    await waitFor(() =>
      expect(boards().at(-1)!.trainees[0]!.steps.slice(0, 3)).toEqual(['done', 'done', 'current']),
    );
    expect(boards().at(-1)!.trainees[0]!.last?.line).toBe('interface eth1.100 mtu 9000');
    interrupt();
    expect(exitStatus(await streaming)).toBe(0);

    // t2: step 1 after its hint, step 2 skipped, a command that leaves step 3's check failing.
    await trainee('t2', 'hint', 'interface eth1.100', 'skip', 'interface eth1.100 description wrong');

    const csv = await runCommand(['class', 'grades', served.url, '--csv', '--token-file', tokenFile], env);
    expect(csv.err).toBe('');
    const rows: string[][] = parse(csv.out);
    expect(rows[0]).toEqual([
      'trainee',
      'lesson',
      'step',
      'title',
      'passed',
      'hint',
      'skipped',
      'seconds',
      'failed_checks',
      'percent',
    ]);
    const t1 = rows.filter((r) => r[0] === 't1');
    expect(t1.map((r) => [r[1], r[2], r[4], r[6]])).toEqual([
      ['interfaces', '1', 'yes', 'no'],
      ['interfaces', '2', 'yes', 'no'],
      ['interfaces', '3', 'no', 'no'],
      ['interfaces', '4', 'no', 'no'],
      ['interfaces', '5', 'no', 'no'],
      ['interfaces', 'total', '2', '0'],
    ]);
    expect(t1.at(-1)![9]).toBe('40'); // 2 of 5 steps passed without a hint
    const t2 = rows.filter((r) => r[0] === 't2');
    expect(t2.map((r) => [r[2], r[4], r[5], r[6]])).toEqual([
      ['1', 'yes', 'yes', 'no'],
      ['2', 'no', 'no', 'yes'],
      ['3', 'no', 'no', 'no'],
      ['4', 'no', 'no', 'no'],
      ['5', 'no', 'no', 'no'],
      ['total', '1', '1', '1'],
    ]);
    // `hint` and `skip` are no tries at a step (a check failing after them is not counted); the
    // wrong description is: step 3's check failed once.
    expect(t2.map((r) => r[8])).toEqual(['0', '0', '1', '0', '0', '1']);
    expect(t2.at(-1)![9]).toBe('10'); // a step after its hint counts 1/2: 0.5 of 5

    const json = await runCommand(['class', 'grades', served.url, '--json', '--token-file', tokenFile], env);
    const grades = JSON.parse(json.out) as Grades;
    expect(grades.trainees.map((t) => [t.name, t.lessons[0]!.percent])).toEqual([
      ['t1', 40],
      ['t2', 10],
    ]);
  });

  it('the wrong token: one line, exit 3, nothing printed', async () => {
    const wrong = join(dir, 'wrong.token');
    writeFileSync(wrong, 'not-the-token', { mode: 0o600 });
    const r = await runCommand(['class', 'grades', served.url, '--csv', '--token-file', wrong], env);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^% class server answered 401.*\n$/);
    expect(r.code).toBe(3);
  });
});
