// Candidate mode's state file: written as each line is staged (0600 in a 0700 directory, through
// the state checker), a secret's request never written, removed on discard and on leaving; a
// file whose routersh is gone is found by the next `configure` (leftOver), one whose routersh
// lives is not, and a file that is not the user's is refused by the state checker.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StagedLine } from '../../../src/contract/config.js';
import { candidateDir, candidateStore } from '../../../src/features/config/candidate-store.js';

const ROUTER = 'https://r1.example:8443';
const line = (text: string, extra: Partial<StagedLine> = {}): StagedLine => ({
  line: text,
  context: [],
  at: 1_700_000_000_000,
  request: { method: 'POST', words: text.split(' '), actions: ['SET'] },
  ...extra,
});

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const p = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => p.on('exit', r));
  return p.pid!;
}

describe('the candidate state file', () => {
  it('is written 0600 as lines are staged, without a secret, and removed on discard and leave', () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-cand-store-'));
    const stateDir = join(state, 'routersh');
    const store = candidateStore({ stateDir, router: ROUTER });
    expect(store.lines()).toBeUndefined();
    store.enter();
    expect(store.lines()).toEqual([]);
    expect(existsSync(candidateDir(stateDir))).toBe(false);
    store.add(line('interface eth1 mtu 9000'));
    store.add(line('system user bob password ***', { secret: true }));
    const dir = candidateDir(stateDir);
    const [name] = readdirSync(dir);
    expect(name).toBe(`https%3a%2f%2fr1.example%3a8443.${process.pid}.json`);
    const file = join(dir, name!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // A header, then a line per staged line.
    const [head, ...rest] = readFileSync(file, 'utf8').trimEnd().split('\n');
    const doc = JSON.parse(head!) as { router: string; pid: number };
    const lines = rest.map((l) => JSON.parse(l) as StagedLine);
    expect(doc.router).toBe(ROUTER);
    expect(doc.pid).toBe(process.pid);
    expect(lines.map((l) => l.line)).toEqual(['interface eth1 mtu 9000', 'system user bob password ***']);
    // A secret's value is in its request only: that is never written.
    expect(lines[1]).not.toHaveProperty('request');
    expect(store.lines()?.[1]?.request).toBeDefined();
    store.clear();
    expect(store.lines()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    store.add(line('interface eth1 mtu 9000'));
    store.leave();
    expect(store.lines()).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("offers a gone routersh's lines for this router, not a live one's nor another router's", async () => {
    const stateDir = join(mkdtempSync(join(tmpdir(), 'routersh-cand-left-')), 'routersh');
    const dir = candidateDir(stateDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const dead = await deadPid();
    const put = (name: string, head: object, staged: StagedLine[], tail = '') =>
      writeFileSync(join(dir, name), [head, ...staged].map((x) => `${JSON.stringify(x)}\n`).join('') + tail, {
        mode: 0o600,
      });
    const safe = 'https%3a%2f%2fr1.example%3a8443';
    // Killed as it wrote its third line: the two before it are what was staged.
    put(
      `${safe}.${dead}.json`,
      { router: ROUTER, pid: dead, at: 1000 },
      [line('interface eth1 mtu 9000'), line('interface eth1 description x')],
      '{"line":"interface eth1 sh',
    );
    // A routersh that lives (this test's parent) keeps its own.
    put(`${safe}.${process.ppid}.json`, { router: ROUTER, pid: process.ppid, at: 2000 }, [line('x')]);
    put(`other.${dead}.json`, { router: 'https://r2', pid: dead, at: 3000 }, [line('y')]);
    const store = candidateStore({ stateDir, router: ROUTER });
    expect(store.leftOver()).toEqual({
      at: 1_700_000_000_000,
      lines: [line('interface eth1 mtu 9000'), line('interface eth1 description x')],
    });
    store.dropLeftOver();
    expect(existsSync(join(dir, `${safe}.${dead}.json`))).toBe(false);
    expect(store.leftOver()).toBeUndefined();
    expect(existsSync(join(dir, `${safe}.${process.ppid}.json`))).toBe(true);
    // The live one is said at configure: its lines are its own.
    expect(store.elsewhere()).toEqual([{ pid: process.ppid, staged: 1 }]);
  });

  it('a directory others may write is refused by the state checker', () => {
    const stateDir = join(mkdtempSync(join(tmpdir(), 'routersh-cand-unsafe-')), 'routersh');
    mkdirSync(candidateDir(stateDir), { recursive: true, mode: 0o700 });
    chmodSync(candidateDir(stateDir), 0o777);
    const store = candidateStore({ stateDir, router: ROUTER });
    store.enter();
    expect(() => store.add(line('interface eth1 mtu 9000'))).toThrow(/unsafe state: .*writable by others/);
    expect(store.lines()).toEqual([]);
    expect(store.leftOver()).toBeUndefined();
  });
});
