// The journal writes a line in pieces (json-pieces.ts: a 65,536-entry import's records are 10
// and 28 MB of JSON, never one string now): the pieces are JSON.stringify's text exactly, a big
// record reads back whole, and a line a killed writer left unended is not glued to the next.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fileSink, GroupSync } from '../../../src/features/changes/journal/file.js';
import { jsonPieces } from '../../../src/features/changes/journal/json-pieces.js';
import type { JournalEvent } from '../../../src/contract/journal.js';

const piecesOf = (v: unknown): string[] => {
  const out: string[] = [];
  jsonPieces(v, (p) => out.push(p));
  return out;
};

const dir = mkdtempSync(join(tmpdir(), 'routersh-pieces-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// JSON-like values as events hold them, with what JSON.stringify leaves out or turns to null.
const loose = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('jsonPieces', () => {
  it('joined, is JSON.stringify of the value (property)', () => {
    fc.assert(
      fc.property(loose, (v) => {
        expect(piecesOf(v).join('')).toBe(JSON.stringify(v) ?? 'null');
      }),
    );
  });

  it('a 30,000-setting after is many pieces, none over ~64 K, and the same text', () => {
    const settings = Array.from({ length: 30_000 }, (_, i) => ({
      path: ['ipv4', 'firewall', 'match-list', 'big', 'action', 'match'],
      options: { net: [`10.0.${i >> 8}.${i & 255}`] },
      id: `x\u001f${i}`,
    }));
    const e = { t: 'after', id: 's.1', after: { settings } };
    const pieces = piecesOf(e);
    expect(pieces.length).toBeGreaterThan(40);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(70 * 1024);
    expect(pieces.join('') === JSON.stringify(e)).toBe(true);
  });
});

describe('the file sink', () => {
  it('a big record reads back whole, one line', () => {
    const file = join(dir, 'big.jsonl');
    const sink = fileSink(file);
    const requests = Array.from({ length: 20_000 }, (_, i) => ({
      method: 'POST' as const,
      words: ['ipv4', 'firewall', 'match-list', 'big', 'action', 'match'],
      actions: ['SET' as const],
      options: { net: [`10.1.${i >> 8}.${i & 255}`] },
    }));
    const change = { t: 'change', id: 's.1', seq: 1, at: 1, line: 'import', requests, words: [] };
    sink.append(change as JournalEvent, { sync: true });
    sink.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0] === JSON.stringify(change)).toBe(true);
    const back = fileSink(file).read();
    expect(back).toHaveLength(1);
    expect(JSON.stringify(back[0]) === lines[0]).toBe(true);
  });

  it('a line left unended by a killed writer: the next event starts a line of its own', () => {
    const file = join(dir, 'cut.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ t: 'answer', id: 's.1', answer: { ok: true, status: 'OK' } })}\n`,
      {
        mode: 0o600,
      },
    );
    // Killed part-way through its change record.
    appendFileSync(file, '{"t":"change","id":"s.2","seq":2,"requests":[{"method":"PO');
    const undo: JournalEvent = { t: 'undo', id: 's.1', by: 'undo --journal', requests: [], at: 2 };
    const sink = fileSink(file);
    sink.append(undo, { sync: true });
    sink.close();
    const events = fileSink(file).read();
    expect(events.map((e) => e.t)).toEqual(['answer', 'undo']);
  });
});

describe('group commit (a transaction: 16 steps in flight, each record on disk before its request)', () => {
  it('callers while an fsync runs share the next one, which starts when it ends; none resolves before an fsync begun after it', async () => {
    const started: Array<(e: Error | null) => void> = [];
    const g = new GroupSync((_fd, done) => started.push(done));
    const order: string[] = [];
    const first = g.synced(3).then(() => order.push('first'));
    expect(started).toHaveLength(1);
    // Written while the first fsync runs: it may not cover them.
    const later = Array.from({ length: 10 }, (_, i) => g.synced(3).then(() => order.push(`later${i}`)));
    expect(started).toHaveLength(1);
    started[0]!(null);
    await first;
    expect(order).toEqual(['first']);
    // One more fsync for all ten, begun after the first ended.
    await vi.waitFor(() => expect(started).toHaveLength(2));
    started[1]!(null);
    await Promise.all(later);
    expect(order).toHaveLength(11);
    expect(started).toHaveLength(2);
  });

  it('a failed fsync fails its callers; the next callers get a new one', async () => {
    const started: Array<(e: Error | null) => void> = [];
    const g = new GroupSync((_fd, done) => started.push(done));
    const a = g.synced(3);
    started[0]!(new Error('EIO'));
    await expect(a).rejects.toThrow('EIO');
    const b = g.synced(3);
    expect(started).toHaveLength(2);
    started[1]!(null);
    await expect(b).resolves.toBeUndefined();
  });

  it("a file sink's records are on disk and read back after synced()", async () => {
    const file = join(dir, 'group.jsonl');
    const sink = fileSink(file);
    const answers = Array.from({ length: 16 }, (_, i) => ({
      t: 'answer' as const,
      id: `s.${i}`,
      answer: { ok: true, status: 'OK' },
    }));
    await Promise.all(
      answers.map(async (e) => {
        sink.append(e);
        await sink.synced?.();
      }),
    );
    sink.close();
    expect(fileSink(file).read()).toEqual(answers);
  });
});
