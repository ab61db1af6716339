// The instructor's board pane in Ink, fed by a source the test drives (the long poll answered
// when the test says): exact screens at 80 columns, the live change of a step, the keys as the
// terminal sends them (j/k and arrows, Enter/Esc, r, R and its y/N, n and its y/N, m's prompt,
// q), 30 trainees scrolled, and server text that tries to drive the terminal shown inert.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ClassBoardSource } from '../../../src/contract/class-board.js';
import type { Board, BoardTrainee, TraineeDetail } from '../../../src/contract/class.js';
import { ClassBoardPane } from '../../../src/panes/class-board/ClassBoardPane.js';
import { displayWidth } from '../../../src/term/text-width.js';
import { KEYS, plain, renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';

const NOW = Date.parse('2026-12-04T15:30:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function trainee(name: string, o: Partial<BoardTrainee> = {}): BoardTrainee {
  return {
    name,
    joined: true,
    steps: ['current', 'todo', 'todo', 'todo'],
    hints: [false, false, false, false],
    current: 0,
    stepSince: ago(30_000),
    ...o,
  };
}

function board(version: number, trainees: BoardTrainee[]): Board {
  return {
    version,
    lesson: { name: 'interfaces', title: 'Interfaces', steps: ['a', 'b', 'c', 'd'] },
    lessonIndex: 0,
    lessons: 2,
    trainees,
    now: new Date(NOW).toISOString(),
  };
}

/** A source whose board polls wait for the test; every control call is recorded. */
function driven() {
  const polls: Array<{ after: number | undefined; answer: (b: Board) => void }> = [];
  const calls: string[] = [];
  const details: Record<string, TraineeDetail> = {};
  const source: ClassBoardSource = {
    board: (after, signal) =>
      new Promise((answer, fail) => {
        polls.push({ after, answer });
        signal.addEventListener('abort', () => fail(new Error('aborted')));
      }),
    trainee: async (name) => {
      calls.push(`trainee ${name}`);
      return details[name] ?? { name, recent: [] };
    },
    reset: async (name) => void calls.push(`reset ${name ?? '(all)'}`),
    message: async (text) => void calls.push(`message ${text}`),
    next: async () => void calls.push('next'),
  };
  return { source, polls, calls, details };
}

const pane = (source: ClassBoardSource, onClose = () => {}, rows = 24) =>
  createElement(ClassBoardPane, { source, stuckMs: 5 * 60_000, onClose, color: false, columns: 80, rows });

/** Durations tick each second: the screens compare them as <t>. */
const timeless = (f: string) => f.replace(/ +\d+[dhms](\d+[hms])?\b/g, ' <t>');

describe('ClassBoardPane', () => {
  it('draws a row per trainee and a column per step, and shows a passed step when the poll answers', async () => {
    const d = driven();
    const r = renderWithKeys(pane(d.source));
    await waitFor(() => expect(d.polls).toHaveLength(1));
    expect(d.polls[0]!.after).toBeUndefined();
    d.polls[0]!.answer(
      board(7, [
        trainee('t1'),
        trainee('t2', {
          steps: ['done', 'done', 'failed', 'todo'],
          hints: [false, true, false, false],
          current: 2,
          stepSince: ago(9 * 60_000),
          last: { line: 'set interface eth1 mtu 99999', error: 'mtu: out of range', at: ago(1000) },
        }),
        trainee('t3', { steps: ['done', 'skipped', 'done', 'done'], current: 4 }),
        trainee('t4', { joined: false }),
      ]),
    );
    const f = await waitForFrame(r.lastFrame, (x) => x.includes('t4'));
    expect(timeless(f).split('\n')).toEqual([
      'lesson 1/2 interfaces: Interfaces · 3/4 joined · 1 stuck',
      '  TRAINEE STEPS   ON STEP LAST COMMAND',
      '> t1      ▸ · · · <t>',
      ' !t2      ✓ h ✗ · <t> set interface eth1 mtu 99999 ✗ mtu: out of range',
      '  t3      ✓ » ✓ ✓    done',
      '  t4      ▸ · · ·       - not joined',
      '✓ done  h after hint  ▸ now  ? hint  ✗ check failed  » skipped  · to do  ! stuck',
      '',
      '↑/↓ move  Enter open  r reset  R reset all  m message  n next lesson  q quit',
    ]);
    // The next poll asks after the version shown; its answer is on screen at once.
    await waitFor(() => expect(d.polls).toHaveLength(2));
    expect(d.polls[1]!.after).toBe(7);
    d.polls[1]!.answer(board(8, [trainee('t1', { steps: ['done', 'current', 'todo', 'todo'], current: 1 })]));
    await waitForFrame(r.lastFrame, (x) => x.includes('> t1      ✓ ▸ · ·'));
    r.unmount();
  });

  it('keys: j/k move, Enter opens a trainee and Esc comes back, r resets one, R and n ask first, m sends, q closes', async () => {
    const d = driven();
    let closed = 0;
    d.details.t2 = {
      name: 't2',
      recent: [
        { at: '2026-12-04T15:29:00Z', line: 'show interface', ok: true, checks: [] },
        {
          at: '2026-12-04T15:29:30Z',
          line: 'set interface eth1 mtu 9000',
          ok: true,
          checks: [
            { check: 'value interface.eth1.mtu = 9000', ok: false, level: 'error', message: 'mtu is 1500' },
          ],
        },
      ],
    };
    const r = renderWithKeys(pane(d.source, () => closed++));
    await waitFor(() => expect(d.polls).toHaveLength(1));
    d.polls[0]!.answer(board(1, [trainee('t1'), trainee('t2'), trainee('t3')]));
    await waitForFrame(r.lastFrame, (x) => x.includes('> t1'));
    r.stdin.write('j');
    await waitForFrame(r.lastFrame, (x) => x.includes('> t2'));
    r.stdin.write(KEYS.enter);
    const f = await waitForFrame(r.lastFrame, (x) => x.includes('mtu is 1500'));
    expect(f).toContain('t2: recent commands and checks (read only)');
    expect(f).toContain('15:29:30 ✓ set interface eth1 mtu 9000');
    expect(f).toContain('✗ value interface.eth1.mtu = 9000: mtu is 1500');
    expect(f.indexOf('15:29:30')).toBeLessThan(f.indexOf('15:29:00')); // newest first
    r.stdin.write('r'); // read only: no reset from the detail
    r.stdin.write(KEYS.escape);
    await waitForFrame(r.lastFrame, (x) => x.includes('> t2') && x.includes('TRAINEE'));
    expect(d.calls).toEqual(['trainee t2']);
    r.stdin.write('r');
    await waitForFrame(r.lastFrame, (x) => x.includes("t2's router is at the lesson's start"));
    r.stdin.write('R');
    await waitForFrame(r.lastFrame, (x) =>
      x.includes("Reset every trainee's router to the lesson's start? y/N"),
    );
    r.stdin.write('x'); // the question takes every key: nothing happens
    r.stdin.write(KEYS.enter); // No, the default
    await waitForFrame(r.lastFrame, (x) => !x.includes('y/N'));
    r.stdin.write('R');
    await waitForFrame(r.lastFrame, (x) => x.includes('y/N'));
    r.stdin.write('y');
    await waitForFrame(r.lastFrame, (x) => x.includes("every trainee's router is at the lesson's start"));
    r.stdin.write('n');
    await waitForFrame(r.lastFrame, (x) =>
      x.includes('Move the class to lesson 2/2, every router reset? y/N'),
    );
    r.stdin.write('y');
    await waitForFrame(r.lastFrame, (x) => x.includes('the class is on the next lesson, step 1'));
    r.stdin.write('m');
    await waitForFrame(r.lastFrame, (x) => x.includes('message to every trainee:'));
    r.stdin.write('break in 5 minx');
    r.stdin.write(KEYS.backspace);
    r.stdin.write('q'); // typed into the prompt, not quitting
    await waitForFrame(r.lastFrame, (x) => x.includes('message to every trainee: break in 5 minq'));
    r.stdin.write(KEYS.enter);
    await waitForFrame(r.lastFrame, (x) => x.includes('message sent to every trainee'));
    expect(d.calls).toEqual(['trainee t2', 'reset t2', 'reset (all)', 'next', 'message break in 5 minq']);
    expect(closed).toBe(0);
    r.stdin.write('q');
    expect(closed).toBe(1);
    r.unmount();
  });

  it('30 trainees in 20 rows: the selection stays in view, every line fits 80 columns', async () => {
    const d = driven();
    const r = renderWithKeys(pane(d.source, () => {}, 20));
    await waitFor(() => expect(d.polls).toHaveLength(1));
    const many = Array.from({ length: 30 }, (_, i) => trainee(`trainee-${String(i + 1).padStart(2, '0')}`));
    d.polls[0]!.answer(board(1, many));
    let f = await waitForFrame(r.lastFrame, (x) => x.includes('rows 1-14 of 30'));
    expect(f).not.toContain('trainee-15');
    r.stdin.write(`${'j'.repeat(20)}${KEYS.down}`);
    f = await waitForFrame(r.lastFrame, (x) => x.includes('> trainee-22'));
    expect(f).toContain('rows 15-28 of 30');
    r.stdin.write(KEYS.pageDown);
    f = await waitForFrame(r.lastFrame, (x) => x.includes('> trainee-30'));
    expect(f).toContain('rows 17-30 of 30');
    for (const line of f.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    r.unmount();
  });

  it('many steps are packed, then counted; server text that would drive the terminal is shown inert', async () => {
    const d = driven();
    const r = renderWithKeys(pane(d.source));
    await waitFor(() => expect(d.polls).toHaveLength(1));
    const steps = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);
    const b = board(1, [
      trainee('evil\u001b]0;pwned\u0007\u001b[2J', {
        steps: Array.from({ length: 20 }, (_, i) => (i < 3 ? 'done' : i === 3 ? 'current' : 'todo')),
        hints: Array.from({ length: 20 }, () => false),
        current: 3,
        last: { line: 'show \u001b[31mred\u009b2J', error: 'bad\u202eevil', at: ago(0) },
      }),
    ]);
    b.lesson = { ...b.lesson, steps: steps(20) };
    d.polls[0]!.answer(b);
    let f = await waitForFrame(r.lastFrame, (x) => x.includes('✓✓✓▸················'));
    expect(r.lastFrame()).not.toMatch(/pwned|\u001b\]|\u001b\[2J|\u009b|\u202e/);
    expect(f).toContain('show red\\x9b2J ✗ bad<U+202E>evil');
    await waitFor(() => expect(d.polls).toHaveLength(2));
    const wide = board(2, [
      trainee('t1', {
        steps: Array.from({ length: 60 }, (_, i) => (i < 12 ? 'done' : i === 12 ? 'failed' : 'todo')),
        hints: Array.from({ length: 60 }, () => false),
        current: 12,
      }),
    ]);
    wide.lesson = { ...wide.lesson, steps: steps(60) };
    d.polls[1]!.answer(wide);
    f = await waitForFrame(r.lastFrame, (x) => x.includes('> t1'));
    expect(plain(f)).toContain('> t1      12/60 ✗');
    r.unmount();
  });
});
