// A revert waits while a live process has a change without its answer (journal.ts inFlight):
// the journal file is read again only when it has grown, the poll backs off, a writer that dies
// or answers ends the wait. A fake clock and sleep: minutes of waiting in a moment.
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal, processStart } from '../../../src/features/changes/journal-open.js';
import { fileSink, readJournalFile } from '../../../src/features/changes/journal/file.js';
import { fold } from '../../../src/features/changes/journal/fold.js';
import { memorySink } from '../../helpers/memory-sink.js';
import { FileJournal as Journal, type JournalRouter } from '../../../src/features/changes/journal/journal.js';
import { IN_FLIGHT_MAX_MS } from '../../../src/features/changes/journal/unfinished.js';
import type { JournalEvent } from '../../../src/contract/journal.js';

const SENDER = 4242;

/** A journal file holding one change of a live sender, sent and not yet answered. */
function unanswered(sender: { pid: number; pidStart?: string } = { pid: SENDER }): string {
  const path = join(mkdtempSync(join(tmpdir(), 'routersh-in-flight-')), 'j.jsonl');
  const w = fileSink(path);
  w.append({ t: 'session', session: 's', router: 'http://r', user: 'admin', at: 0 });
  w.append(
    {
      t: 'change',
      id: 's.1',
      seq: 1,
      at: 0,
      line: 'interface eth0 mtu 9000',
      requests: [{ method: 'POST', words: ['interface', 'eth0', 'mtu'], actions: ['SET'], options: {} }],
      words: ['interface', 'eth0'],
      before: { settings: [] },
      ...sender,
    },
    { sync: true },
  );
  w.close();
  return path;
}

/** A reader of `path` (as the guard is), with a fake clock; counts its reads of the file. */
function reader(
  path: string,
  o: { alive: (pid: number, start?: string) => boolean; onSleep?: (t: number) => void },
) {
  let t = 0;
  let reads = 0;
  const sleeps: number[] = [];
  const sink = fileSink(path);
  const counted = {
    ...sink,
    read: () => {
      reads++;
      return sink.read();
    },
  };
  const journal = new Journal(
    counted,
    {
      session: 'g',
      router: 'http://r',
      user: 'admin',
      now: () => t,
      alive: o.alive,
      sleep: async (ms) => {
        sleeps.push(ms);
        t += ms;
        o.onSleep?.(t);
      },
    },
    readJournalFile(path),
  );
  return { journal, reads: () => reads, sleeps, now: () => t };
}

/** A router that cannot be read: what the wait is for is the waiting, not the read after it. */
const router: JournalRouter = { send: async () => ({ ok: false }) as never };

describe('waiting for a change in flight', () => {
  it('a live sender that never answers: waits IN_FLIGHT_MAX_MS, reading the file once', async () => {
    const r = reader(unanswered(), { alive: () => true });
    await r.journal.resolveUnfinished(router, new AbortController().signal);
    expect(r.now()).toBeGreaterThanOrEqual(IN_FLIGHT_MAX_MS);
    // Polled from 50 ms, backing off to 400 ms: ~750 looks in 5 minutes, not 6,000.
    expect(r.sleeps.slice(0, 5)).toEqual([50, 100, 200, 400, 400]);
    expect(r.sleeps.length).toBeLessThan(800);
    // Once to wait, once more to resolve: the file never grew.
    expect(r.reads()).toBe(2);
  });

  it('the sender writes its answer and after: the file grew, it is read again and the wait ends', async () => {
    const path = unanswered();
    const answered: JournalEvent[] = [
      { t: 'answer', id: 's.1', answer: { ok: true, status: 'OK' } },
      { t: 'after', id: 's.1', after: { settings: [] } },
    ];
    const r = reader(path, {
      alive: () => true,
      onSleep: (t) => {
        if (t >= 2000 && t < 2400)
          appendFileSync(path, answered.map((e) => `${JSON.stringify(e)}\n`).join(''));
      },
    });
    await r.journal.resolveUnfinished(router, new AbortController().signal);
    expect(r.now()).toBeGreaterThanOrEqual(2000);
    expect(r.now()).toBeLessThan(3000);
  });

  it('the sender dies: the wait ends at the next poll, with no new read', async () => {
    let living = true;
    const r = reader(unanswered(), {
      alive: () => living,
      onSleep: (t) => {
        if (t >= 1000) living = false;
      },
    });
    await r.journal.resolveUnfinished(router, new AbortController().signal);
    expect(r.now()).toBeLessThan(1500);
    expect(r.reads()).toBe(2);
  });

  // The writer is named by its pid and, where /proc tells it, when it started (journal-open.ts).
  const linux = processStart(process.pid) !== undefined;

  it.runIf(linux)('a change record names its writer by pid and start', async () => {
    const sink = memorySink();
    const journal = openJournal({ router: 'http://r', user: 'admin' }, sink);
    expect(journal.meta.pidStart).toBe(processStart(process.pid));
    await expect(
      journal.record(
        'interface eth0 mtu 9000',
        { method: 'DELETE', words: ['x'] },
        router,
        new AbortController().signal,
      ),
    ).resolves.toBeDefined();
    expect(fold(sink.events).changes[0]).toMatchObject({ pid: process.pid, pidStart: journal.meta.pidStart });
  });

  it.runIf(linux)(
    'a pid that now names another process (reused, or a journal from another machine) is not waited for',
    async () => {
      const { alive } = openJournal({ router: 'http://r', user: 'admin' }, memorySink()).meta;
      expect(alive!(process.pid, processStart(process.pid))).toBe(true);
      expect(alive!(process.pid, 'not-its-start')).toBe(false);
      const r = reader(unanswered({ pid: process.pid, pidStart: 'not-its-start' }), { alive: alive! });
      await r.journal.resolveUnfinished(router, new AbortController().signal);
      expect(r.sleeps).toEqual([]);
    },
  );
});

it('a writer with a thousand changes in flight is asked after once a poll, not once per change', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'routersh-in-flight-')), 'j.jsonl');
  const w = fileSink(path);
  w.append({ t: 'session', session: 's', router: 'http://r', user: 'admin', at: 0 });
  for (let i = 1; i <= 1000; i++)
    w.append({
      t: 'change',
      id: `s.${i}`,
      seq: i,
      at: 0,
      line: `ipv4 firewall match-list bl action match net 10.0.${i >> 8}.${i & 255}`,
      requests: [{ method: 'POST', words: ['ipv4', 'firewall'], actions: ['SET'], options: {} }],
      words: ['ipv4', 'firewall'],
      before: { settings: [] },
      pid: SENDER,
    });
  w.close();
  let asked = 0;
  const r = reader(path, {
    alive: () => {
      asked++;
      return r.now() < 1000;
    },
  });
  await r.journal.resolveUnfinished(router, new AbortController().signal);
  expect(asked).toBe(r.sleeps.length + 1);
});
