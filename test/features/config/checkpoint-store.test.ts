// Checkpoints in the state directory (issue 38, item 4): the last 50 automatic ones per router
// are kept (the 51st removes the oldest), named ones are never rotated, names outside letters,
// digits, `.`, `_`, `-` (or a path escape) are refused in one line, files are 0600 in 0700
// directories, and a listing says each one's time, line count and kind.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigDoc, ConfigLine } from '../../../src/contract/config.js';
import {
  AUTO_KEEP,
  checkpointDir,
  keepAutoCheckpoint,
  listCheckpoints,
  readCheckpoint,
  saveCheckpoint,
} from '../../../src/features/config/checkpoint-store.js';

const ROUTER = 'http://127.0.0.1:8080';
const state = () => join(mkdtempSync(join(tmpdir(), 'routersh-ckpt-')), 'routersh');

const line = (path: string[], options: Record<string, string[]> = {}): ConfigLine => ({
  path,
  options,
  id: path.join(' '),
  slot: path.slice(0, -1).join(' '),
  multi: false,
  settable: true,
  unsettable: true,
  setOptions: Object.keys(options),
  secret: false,
  member: false,
});

const doc = (lines: ConfigLine[], time = '2026-12-04T03:00:00.000Z'): ConfigDoc => ({
  router: ROUTER,
  user: 'admin',
  time,
  version: '1.0.0',
  members: false,
  under: [],
  lines,
});

describe('checkpoint store', () => {
  it('keeps the last 50 automatic checkpoints per router: the 51st removes the oldest', () => {
    const dir = state();
    const t0 = Date.parse('2026-12-04T03:00:00.000Z');
    const lines = [line(['interface', 'eth1', 'mtu', '9000'])];
    for (let i = 0; i < AUTO_KEEP + 1; i++)
      keepAutoCheckpoint({
        router: ROUTER,
        user: 'admin',
        lines,
        why: `load ${i}`,
        now: t0 + i * 1000,
        stateDir: dir,
      });
    // Two in the same millisecond both stay (the second is -2), and the oldest goes.
    keepAutoCheckpoint({
      router: ROUTER,
      user: 'admin',
      lines,
      why: 'same ms',
      now: t0 + AUTO_KEEP * 1000,
      stateDir: dir,
    });
    const list = listCheckpoints(ROUTER, { stateDir: dir });
    expect(list).toHaveLength(AUTO_KEEP);
    expect(list.every((c) => c.auto)).toBe(true);
    expect(list[0]!.why).toBe('load 2');
    expect(list.at(-1)!.why).toBe('same ms');
    expect(list.at(-1)!.name).toBe('auto-20261204-030050.000-2');
    // Another router's are its own.
    keepAutoCheckpoint({ router: 'http://10.0.0.2', user: 'admin', lines, why: 'x', now: t0, stateDir: dir });
    expect(listCheckpoints(ROUTER, { stateDir: dir })).toHaveLength(AUTO_KEEP);
    expect(listCheckpoints('http://10.0.0.2/', { stateDir: dir })).toHaveLength(1);
  });

  it('never rotates named checkpoints; refuses an existing name', () => {
    const dir = state();
    saveCheckpoint('before-upgrade', doc([line(['hostname', 'r1'])]), { stateDir: dir });
    for (let i = 0; i < AUTO_KEEP + 2; i++)
      keepAutoCheckpoint({
        router: ROUTER,
        user: 'admin',
        lines: [],
        why: 'x',
        now: 1_000_000 + i,
        stateDir: dir,
      });
    const named = listCheckpoints(ROUTER, { stateDir: dir }).filter((c) => !c.auto);
    expect(named.map((c) => c.name)).toEqual(['before-upgrade']);
    expect(() => saveCheckpoint('before-upgrade', doc([]), { stateDir: dir })).toThrow(
      'checkpoint before-upgrade exists already',
    );
  });

  it.each([
    ['../escape'],
    ['a/b'],
    ['with space'],
    [''],
    ['..'],
    ['.hidden'],
    ['auto-20261204'],
    ['ünïcode'],
  ])('refuses the name %j in one line', (name) => {
    const dir = state();
    expect(() => saveCheckpoint(name, doc([]), { stateDir: dir })).toThrow(/^checkpoint name .*: /);
    expect(() => readCheckpoint(ROUTER, name.startsWith('auto-') ? '../x' : name, { stateDir: dir })).toThrow(
      /^checkpoint name /,
    );
  });

  it('writes 0600 files in 0700 directories, and an unsafe directory is refused', () => {
    const dir = state();
    const file = saveCheckpoint('a.b_c-1', doc([line(['hostname', 'r1'])]), { stateDir: dir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(checkpointDir(ROUTER, dir)).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'checkpoints')).mode & 0o777).toBe(0o700);
    const auto = keepAutoCheckpoint({
      router: ROUTER,
      user: 'u',
      lines: [],
      why: 'x',
      now: 0,
      stateDir: dir,
    });
    expect(statSync(auto).mode & 0o777).toBe(0o600);
    // A directory found unsafe before its first use (the checker trusts one it found safe).
    const other = state();
    saveCheckpoint('x', { ...doc([]), router: 'http://other' }, { stateDir: other });
    const open = checkpointDir(ROUTER, other);
    mkdirSync(open, { mode: 0o700 });
    chmodSync(open, 0o777);
    expect(() => saveCheckpoint('other', doc([]), { stateDir: other })).toThrow(/unsafe state: .* chmod 700/);
    expect(() => listCheckpoints(ROUTER, { stateDir: other })).toThrow(/unsafe state/);
  });

  it('lists name, time, lines and kind, oldest first; reads one back', () => {
    const dir = state();
    saveCheckpoint('first', doc([line(['hostname', 'r1']), line(['interface', 'eth1', 'mtu', '9000'])]), {
      stateDir: dir,
    });
    keepAutoCheckpoint({
      router: ROUTER,
      user: 'admin',
      lines: [line(['interface', 'eth1', 'mtu', '1500'])],
      why: 'config load merge f.conf',
      now: Date.parse('2026-12-04T04:00:00.000Z'),
      nodes: [
        ['interface', 'eth1', 'mtu'],
        ['interface', 'my eth'],
      ],
      stateDir: dir,
    });
    const list = listCheckpoints(ROUTER, { stateDir: dir });
    expect(list.map(({ name, auto, lines, time }) => ({ name, auto, lines, time }))).toEqual([
      { name: 'first', auto: false, lines: 2, time: Date.parse('2026-12-04T03:00:00.000Z') },
      {
        name: 'auto-20261204-040000.000',
        auto: true,
        lines: 1,
        time: Date.parse('2026-12-04T04:00:00.000Z'),
      },
    ]);
    const back = readCheckpoint(ROUTER, 'auto-20261204-040000.000', { stateDir: dir });
    expect(back.nodes).toEqual([
      ['interface', 'eth1', 'mtu'],
      ['interface', 'my eth'],
    ]);
    expect(back.text).toContain('# router: http://127.0.0.1:8080\n');
    expect(back.text).toContain('\ninterface eth1 mtu 1500\n');
    expect(() => readCheckpoint(ROUTER, 'nope', { stateDir: dir })).toThrow('no checkpoint nope for');
    expect(readdirSync(checkpointDir(ROUTER, dir)).sort()).toEqual([
      'auto-20261204-040000.000.conf',
      'first.conf',
    ]);
    expect(readFileSync(list[0]!.file, 'utf8').split('\n')[0]).toBe('# routersh configuration');
  });
});
