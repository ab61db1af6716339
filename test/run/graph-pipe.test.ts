// `ping ADDRESS [options] | graph`: the ping is sent once with count 1 (its interval the period,
// its count the total, neither sent; other options as typed) and a ping pane opens; the pane's
// pings never reach the change journal, and inside a confirmed-change window nothing is asked.
// `| graph` after anything but a ping, with another pipe, or in a script (-c, -f, stdin, a dry run)
// is refused in one line and nothing is sent. Against the router simulator and a node:http
// router whose ping answers as Cisco IOS does, or with garbage and control sequences.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/contract/outcome.js';
import type { PaneSpecOf, PingResult } from '../../src/contract/panes.js';
import type { RunIo, Services } from '../../src/contract/services.js';
import { fileSink } from '../../src/features/changes/journal/file.js';
import { pingSource } from '../../src/features/ping/ping-source.js';
import { pingFrame } from '../../src/panes/ping/ping-frame.js';
import { initPingState, pingReducer } from '../../src/panes/ping/ping-reducer.js';
import { runPiped } from '../../src/run/output-pipes.js';
import type { Session } from '../../src/session/session.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { ciscoPing, type PingRouter, startPingRouter } from '../hostile/ping-router.js';
import { EVIL } from '../hostile/router.js';

type PingSpec = PaneSpecOf<'ping'>;
const signal = new AbortController().signal;

let sim: RouterSim;
let session: Session;
let journal: string;
let asked: string[];
const io: RunIo = {
  ask: async (q) => {
    asked.push(q);
    return true;
  },
};
const run = async (line: string, services: Services = session.services): Promise<Outcome> =>
  (await runPiped(line, { context: [] }, services, signal, io)).outcome;
const specOf = (o: Outcome): PingSpec => {
  if (o.kind !== 'pane' || o.spec.pane !== 'ping') throw new Error(`not a ping pane: ${JSON.stringify(o)}`);
  return o.spec;
};
const errorOf = (o: Outcome) => (o.kind === 'error' ? o.error.message : `no error: ${o.kind}`);
const posts = () => sim.requests.filter((r) => r.method === 'POST').length;
const journalLines = () => readFileSync(journal, 'utf8').trim().split('\n');

/** The pane's source run to its count, at no interval: its results. */
async function pingAll(services: Services, spec: PingSpec): Promise<PingResult[]> {
  const results: PingResult[] = [];
  await new Promise<void>((end) =>
    pingSource(services.router, { ...spec, intervalMs: 1 }).start({ result: (r) => results.push(r), end }),
  );
  return results;
}

beforeAll(async () => {
  sim = await startRouterSim();
  journal = join(mkdtempSync(join(tmpdir(), 'routersh-graph-')), 'journal.jsonl');
  session = await testSession(simConfig(sim.url), {
    interactive: true,
    journal: fileSink(journal),
    yes: true,
  });
});
afterAll(async () => {
  await session.close();
  await sim.close();
});

describe('ping … | graph against the router simulator', () => {
  it('sends the ping once with count 1, no interval, the other options as typed, and opens the pane', async () => {
    asked = [];
    const before = sim.requests.length;
    const spec = specOf(await run('ping 10.0.0.1 interval 2 count 5 size 100 | graph'));
    expect(spec).toMatchObject({
      line: 'ping 10.0.0.1 interval 2 count 5 size 100',
      intervalMs: 2000,
      count: 5,
      request: { method: 'POST', words: ['ping', '10.0.0.1'], options: { count: [1], size: [100] } },
      first: { text: expect.stringMatching(/icmp_seq=1 .* time=/) },
    });
    const sent = sim.requests.slice(before).filter((r) => r.method === 'POST');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([
      { Actions: ['SET'], Options: { count: [1], size: [100] } },
    ]);
    const unbounded = specOf(await run('ping 10.0.0.1 | graph'));
    expect(unbounded.intervalMs).toBe(1000);
    expect('count' in unbounded).toBe(false);
  });

  it('the pane’s pings are not journaled, and inside a confirmed-change window nothing is asked', async () => {
    asked = [];
    expect((await run('confirm-within 10m')).kind).toBe('text');
    expect((await run('interface eth5')).kind).toBe('router'); // a change: journaled
    const withChange = journalLines();
    expect(withChange.filter((l) => JSON.parse(l).t === 'change')).toHaveLength(1);
    const spec = specOf(await run('ping 10.0.0.1 count 4 | graph'));
    const results = await pingAll(session.services, spec);
    expect(results.map((r) => [r.seq, r.kind])).toEqual([
      [1, 'reply'],
      [2, 'reply'],
      [3, 'reply'],
      [4, 'reply'],
    ]);
    expect(journalLines()).toEqual(withChange);
    expect(asked).toEqual([]);
    expect((await run('confirm')).kind).toBe('text');
  });

  it('a ping the router refuses fails at the prompt; wrong interval or count are refused before sending', async () => {
    const before = posts();
    expect(errorOf(await run('ping 10.0.0.1 interval 0 | graph'))).toBe(
      "'| graph': interval is 0.2-3600 seconds",
    );
    expect(errorOf(await run('ping 10.0.0.1 count 0 | graph'))).toBe(
      "'| graph': count is a whole number of pings, at least 1",
    );
    expect(posts()).toBe(before);
    expect(errorOf(await run('ping 10.0.0.1 interface eth9 | graph'))).toMatch(/eth9 does not exist/);
  });

  it('after anything but a ping, or with another pipe, it is refused in one line and nothing is sent', async () => {
    const before = posts();
    expect(errorOf(await run('show interface | graph'))).toBe(
      "'| graph' draws only a ping: ping ADDRESS [options] | graph",
    );
    expect(errorOf(await run('interface eth0 mtu 1400 | graph'))).toBe(
      "'| graph' draws only a ping: ping ADDRESS [options] | graph",
    );
    expect(errorOf(await run('ping 10.0.0.1 | match x | graph'))).toBe(
      "'| graph' is the only pipe of its line",
    );
    expect(errorOf(await run('ping 10.0.0.1 | graph | count'))).toBe(
      "'| graph' is the only pipe of its line",
    );
    expect(errorOf(await run('ping 10.0.0.1 | graph 5'))).toMatch(/'graph' takes no argument/);
    expect(posts()).toBe(before);
  });

  it('a script (-c, -f, stdin, a dry run) refuses it in one line, exit 2, nothing sent', async () => {
    const env = adminEnv(sim.url);
    const before = posts();
    const line = "% '| graph' needs the interactive shell: it draws a live pane until q (leave it out)";
    const c = await runCommand(['-c', 'ping 10.0.0.1 | graph'], env);
    expect([c.code, c.stdout, c.stderr.trim()]).toEqual([2, '', `${line} (command 1)`]);
    const stdin = await runCommand([], env, 'ping 10.0.0.1 | graph\n');
    expect([stdin.code, stdin.stderr.trim()]).toEqual([2, `${line} (line 1)`]);
    const file = join(mkdtempSync(join(tmpdir(), 'routersh-graph-f-')), 'script.txt');
    writeFileSync(file, 'help pipe graph\nping 10.0.0.1 count 3 | graph\n');
    const f = await runCommand(['-f', file], env);
    expect([f.code, f.stderr.trim()]).toEqual([2, `${line} (line 2)`]);
    expect(f.stdout).toMatch(/^COMMAND \| graph\n/); // the line before it ran
    const dry = await runCommand(['--dry-run', '-c', 'ping 10.0.0.1 | graph'], env);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain(`${line} (command 1)`);
    expect(posts()).toBe(before);
  });
});

describe('ping … | graph against a router whose ping answers differently (node:http)', () => {
  let router: PingRouter;
  let other: Session;
  beforeAll(async () => {
    router = await startPingRouter([
      ciscoPing('10.0.0.1', 2),
      ciscoPing('10.0.0.1', undefined),
      `%SYS-3-GARBAGE: ${EVIL}\r\n`,
      ciscoPing('10.0.0.1', 7),
      '',
    ]);
    other = await testSession(simConfig(router.url), { interactive: true });
  });
  afterAll(async () => {
    await other.close();
    await router.close();
  });

  it('reads Cisco’s RTTs and losses; garbage and control sequences are shown as a line, sanitized, never a crash', async () => {
    const spec = specOf(await run('ping 10.0.0.1 count 5 | graph', other.services));
    const results = await pingAll(other.services, spec);
    expect(results).toMatchObject([
      { seq: 1, kind: 'reply', rttMs: 2 },
      { seq: 2, kind: 'lost', why: 'success rate 0 percent' },
      { seq: 3, kind: 'unparsed', text: expect.stringContaining('%SYS-3-GARBAGE') },
      { seq: 4, kind: 'reply', rttMs: 7 },
      { seq: 5, kind: 'unparsed', text: '(an empty answer)' },
    ]);
    expect(router.pings()).toBe(5);
    const upTo = (n: number) =>
      results.slice(0, n).reduce((s, result) => pingReducer(s, { type: 'result', result }), initPingState());
    const frame = pingFrame(upTo(3), {
      line: spec.line,
      intervalMs: 1000,
      count: 5,
      width: 100,
      height: 24,
      color: false,
    });
    const text = frame.join('\n');
    expect(text).toContain('#3 answer not read: %SYS-3-GARBAGE: ');
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e\u200b]/);
    expect(
      pingFrame(upTo(5), { line: spec.line, intervalMs: 1000, width: 100, height: 24, color: false }).join(
        '\n',
      ),
    ).toContain('rtt min 2.00 avg 4.50 max 7.00 jitter 5.00 ms · loss 1/3 (33.3%) · 2 unread · last 7.00 ms');
  });
});
