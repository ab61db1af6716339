import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLines } from '../../../src/features/changes/journal/text.js';
import type { Change, Setting } from '../../../src/contract/journal.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { adminEnv, runCommand } from '../../helpers/command-io.js';

let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

const env = () => adminEnv(sim.url);

describe('compare', () => {
  it('a created interface: its MTU has no old line; a failed line shows its error', async () => {
    const r = await runCommand(
      [
        '--keep-going',
        '-c',
        'interface eth6',
        '-c',
        'interface eth6 mtu 9000',
        '-c',
        'no interface eth7',
        '-c',
        'interface eth1 mtu 1600',
        '-c',
        'compare',
      ],
      env(),
    );
    expect(r.code).toBe(1); // the failed line
    const cmp = r.out.slice(r.out.indexOf('+ interface eth6\n'));
    expect(cmp).toBe(
      [
        '+ interface eth6',
        '+ interface eth6 mtu 9000',
        '! no interface eth7: failed: Interface eth7 does not exist',
        '- interface eth1 mtu 1500',
        '+ interface eth1 mtu 1600',
        '',
      ].join('\n'),
    );
    expect(r.out).not.toMatch(/- interface eth6/);
  });
});

describe('compareLines', () => {
  const s = (path: string[], slot = path.slice(0, -1).join(' ')): Setting => ({
    path,
    options: {},
    id: `${slot}|${path.at(-1)}`,
    slot,
    multi: false,
    settable: true,
    unsettable: true,
    setOptions: [],
  });
  const change = (seq: number, c: Partial<Change>): Change => ({
    id: `t.${seq}`,
    seq,
    session: 't',
    router: 'http://r',
    at: seq,
    line: `line ${seq}`,
    requests: [],
    words: [],
    status: 'done',
    ...c,
  });

  it('a setting under a created node starts from nothing; one that existed keeps its old line', () => {
    const created = s(['interface', 'eth6'], 'interface');
    const lines = compareLines([
      change(1, { before: { settings: [] }, after: { settings: [created] } }),
      change(2, {
        before: { settings: [s(['interface', 'eth6', 'mtu', '1500'])] },
        after: { settings: [s(['interface', 'eth6', 'mtu', '9000'])] },
      }),
      change(3, {
        before: { settings: [s(['interface', 'eth1', 'mtu', '1500'])] },
        after: { settings: [s(['interface', 'eth1', 'mtu', '1600'])] },
      }),
    ]);
    expect(lines).toEqual([
      { sign: '+', text: 'interface eth6' },
      { sign: '+', text: 'interface eth6 mtu 9000' },
      { sign: '-', text: 'interface eth1 mtu 1500' },
      { sign: '+', text: 'interface eth1 mtu 1600' },
    ]);
  });

  it('a node created and deleted again in the session: nothing', () => {
    const eth6 = s(['interface', 'eth6'], 'interface');
    const mtu = s(['interface', 'eth6', 'mtu', '1500']);
    expect(
      compareLines([
        change(1, { before: { settings: [] }, after: { settings: [eth6, mtu] } }),
        change(2, { before: { settings: [eth6] }, after: { settings: [] }, subtree: [mtu] }),
      ]),
    ).toEqual([]);
  });

  it('failed and unanswered lines are shown with why', () => {
    expect(
      compareLines([
        change(1, {
          line: 'no interface eth7',
          status: 'failed',
          answer: { ok: false, status: 'ERROR', error: 'Interface eth7 does not exist' },
          before: { settings: [] },
          after: { settings: [] },
        }),
        change(2, { line: 'interface eth1 mtu 1400', status: 'unknown' }),
      ]),
    ).toEqual([
      { sign: '!', text: 'no interface eth7: failed: Interface eth7 does not exist' },
      { sign: '!', text: 'interface eth1 mtu 1400: no answer recorded (the router may have applied it)' },
    ]);
  });
});
