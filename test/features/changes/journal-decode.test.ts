// Journal files are decoded defensively (issue 17): every field of every line is checked; a bad
// line is skipped and counted, never folded, and `changes all` says how many it skipped in which
// file instead of failing with an internal error. The decoder, and `changes all` through the
// product's entry against the router simulator over HTTP.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, parseJournalCounted } from '../../../src/features/changes/journal/fold.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { runCommand } from '../../helpers/command-io.js';

const at = 1_700_000_000_000;
const session = { t: 'session', session: 'abc123', router: 'http://r', user: 'admin', at };
const setting = {
  path: ['interface', 'eth1', 'mtu', '1500'],
  options: {},
  id: 'interface\u001feth1\u001fmtu\u001f<%NUM>\u001f1500',
  slot: 'interface\u001feth1\u001fmtu\u001f<%NUM>',
  multi: false,
  settable: true,
  unsettable: true,
  setOptions: [],
};
const change = {
  t: 'change',
  id: 'abc123.1',
  seq: 1,
  at,
  line: 'interface eth1 mtu 9000',
  requests: [{ method: 'POST', words: ['interface', 'eth1', 'mtu', '9000'], actions: ['SET'] }],
  words: ['interface', 'eth1', 'mtu', '9000'],
  before: { settings: [setting] },
};
const text = (...lines: unknown[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');

describe('parseJournalCounted', () => {
  it('keeps well-formed events, extra fields of a newer writer included', () => {
    const window = {
      t: 'window',
      window: 'w1',
      state: 'failed',
      deadline: at,
      at,
      by: 'guard 1',
      note: 'n',
      extra: 1,
    };
    const p = parseJournalCounted(text(session, change, window));
    expect(p.malformed).toBe(0);
    expect(p.events).toHaveLength(3);
    expect(p.events[2]).toEqual(window);
  });

  const wrong: Array<[string, unknown]> = [
    ['seq as a string', { ...change, seq: '1' }],
    ['seq 0', { ...change, seq: 0 }],
    ['line as a number', { ...change, line: 42 }],
    ['requests not an array', { ...change, requests: {} }],
    ['a request with an unknown method', { ...change, requests: [{ method: 'PATCH', words: [] }] }],
    ['a request word not a string', { ...change, requests: [{ method: 'DELETE', words: [1] }] }],
    [
      'an option value an object',
      { ...change, requests: [{ method: 'POST', words: [], options: { a: [{}] } }] },
    ],
    ['before.settings a string', { ...change, before: { settings: 'x' } }],
    ['a setting without its id', { ...change, before: { settings: [{ ...setting, id: undefined }] } }],
    [
      'a setting option values not strings',
      { ...change, before: { settings: [{ ...setting, options: { a: [1] } }] } },
    ],
    ['focus.entries a string', { ...change, focus: { keys: [], entries: 'x' } }],
    ['an answer without ok', { t: 'answer', id: 'abc123.1', answer: { status: 'OK' } }],
    ['an after whose after is null', { t: 'after', id: 'abc123.1', after: null }],
    ['undone.ok a string', { t: 'undone', id: 'abc123.1', ok: 'yes', at }],
    ['a window state unknown', { t: 'window', window: 'w', state: 'maybe', deadline: at, at }],
    ['a session without its router', { ...session, router: undefined }],
    ['a guard whose pid is a string', { t: 'guard', window: 'w', pid: '12', at }],
    ['a guard without its window', { t: 'guard', pid: 12, at }],
    ['an unknown kind', { t: 'mystery' }],
    ['a kind named like an Object member', { t: 'constructor' }],
    ['an array', [1, 2]],
    ['null', null],
  ];
  it.each(wrong)('skips and counts a line with %s', (_, bad) => {
    const p = parseJournalCounted(text(session, bad, change));
    expect(p.malformed).toBe(1);
    expect(p.events.map((e) => e.t)).toEqual(['session', 'change']);
  });

  it("folds a window's guard into the window; later window lines keep it", () => {
    const open = { t: 'window', window: 'w1', state: 'open', deadline: at + 60_000, at };
    const guard = { t: 'guard', window: 'w1', pid: 4242, pidStart: '987', at };
    const p = parseJournalCounted(text(session, open, guard, { ...open, note: 'attempt 1 failed' }));
    expect(p.malformed).toBe(0);
    expect(fold(p.events).windows).toEqual([
      { id: 'w1', deadline: at + 60_000, state: 'open', guard: { pid: 4242, pidStart: '987' } },
    ]);
  });

  it('counts torn and foreign lines too; blank lines are not lines', () => {
    const p = parseJournalCounted(`${text(session, change)}\n\nnot json\n{"t":"change","id":"abc1`);
    expect(p.malformed).toBe(2);
    expect(fold(p.events).changes).toHaveLength(1);
  });
});

describe('changes all', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(() => sim.close());

  it('skips malformed lines of another session with a note naming the file; its good changes are listed', async () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-decode-'));
    const dir = join(state, 'routersh', 'journal');
    mkdirSync(dir, { recursive: true });
    const other = join(dir, '2000-01-01T00-00-00-000Z-abc123.jsonl');
    writeFileSync(
      other,
      `${text(
        { ...session, router: sim.url },
        { ...change, line: 'interface eth1 mtu 1700' },
        { t: 'answer', id: 'abc123.1', answer: { ok: true, status: 'OK' } },
        { ...change, id: 'abc123.2', seq: 2, before: { settings: 'not a list' } },
        { t: 'after', id: 'abc123.1', after: { settings: [{ ...setting, multi: 'no' }] } },
        '{"torn":',
      )}\n`,
    );
    const env = {
      ROUTERSH_ROUTER: sim.url,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: state,
      COLUMNS: '250',
    };
    const r = await runCommand(
      ['--yes', '-c', 'interface eth1 mtu 1701', '-c', 'changes all', '-c', 'undo'],
      env,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/abc123\.1 .* interface eth1 mtu 1700 /);
    expect(r.out).not.toMatch(/abc123\.2/);
    expect(r.out).toContain(`note: skipped 3 malformed journal line(s) in ${other}\n`);
    const json = await runCommand(
      ['--json', '--yes', '-c', 'interface eth1 mtu 1702', '-c', 'changes all', '-c', 'undo'],
      env,
    );
    expect(json.err).toBe('');
    const doc = JSON.parse(json.out.trim().split('\n')[1]!) as { skipped: unknown[]; changes: unknown[] };
    expect(doc.skipped).toContainEqual({ file: other, lines: 3 });
  });
});
