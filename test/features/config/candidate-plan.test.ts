// A candidate's plan against the router simulator, through the product's own wiring (lines
// typed through the runner in candidate mode): sending its steps makes the router what the
// plan's `-`/`+` lines say, and sending every step's inverse, last step first, gives the
// configuration before back exactly (the whole tree, walked). A staged node that someone else
// changed since it was staged is named in the plan.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import type { HandlerEnv } from '../../../src/contract/handler.js';
import { planCandidate } from '../../../src/features/config/candidate-plan.js';
import { lineText } from '../../../src/features/config/line-text.js';
import { readConfig } from '../../../src/features/config/walk.js';
import { runLine } from '../../../src/run/runner.js';
import type { Session } from '../../../src/session/session.js';
import { simConfig } from '../../helpers/sim-config.js';
import { testSession } from '../../helpers/session.js';

let sim: RouterSim;
let session: Session;
beforeAll(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url), {
    journal: 'file',
    env: { ...process.env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-cand-plan-')) },
  });
});
afterAll(async () => {
  await session.close();
  await sim.close();
});

const signal = new AbortController().signal;
// Each case leaves nothing staged, whatever it did.
afterEach(async () => {
  await runLine('discard', { context: [] }, session.services, signal);
});
const env = (): HandlerEnv => ({ state: { context: [] }, services: session.services, io: {}, signal });
const whole = async () => (await readConfig(env(), { under: [], members: true })).lines.map(lineText);

async function type(...lines: string[]): Promise<void> {
  for (const line of lines) {
    const o = await runLine(line, { context: [] }, session.services, signal);
    expect(o.kind === 'error' ? o.error.message : o.kind, line).not.toBe('error');
    if (o.kind === 'error') throw o.error;
  }
}

const send = async (r: Parameters<Session['services']['router']['send']>[0]) => {
  const e = await session.services.router.send(r, { signal });
  expect(e.ok, `${r.method} ${r.words.join('/')}: ${e.message}`).toBe(true);
};

describe('the plan of a candidate', () => {
  it('its steps make the router what its lines say; their inverses, last first, give it back', async () => {
    const before = await whole();
    await type(
      'configure',
      'interface eth1 mtu 9000',
      'interface eth9',
      'interface eth9 mtu 1400',
      'interface eth9 description "new one"',
      'no interface eth0 description',
      'interface eth1 description "lan #2"',
      'ipv4 firewall match-list blacklist action match net 10.1.2.3',
      'no ipv4 firewall match-list blacklist action match net 203.0.113.7',
      'interface eth1 shutdown',
      'interface eth1 mtu 9100',
    );
    const staged = session.services.candidate?.lines() ?? [];
    expect(staged).toHaveLength(10);
    // Nothing was sent by staging.
    expect(await whole()).toEqual(before);
    const plan = await planCandidate(staged, session.services, signal);
    expect(plan.drift).toEqual([]);
    expect(plan.unrevertable).toEqual([]);
    expect(plan.diff).toEqual([
      '- interface eth1 mtu 1500',
      '+ interface eth1 mtu 9000',
      '+ interface eth9',
      '+ interface eth9 mtu 1400',
      '+ interface eth9 description "new one"',
      '- interface eth0 description uplink',
      '- interface eth1 description lan',
      '+ interface eth1 description "lan #2"',
      '+ ipv4 firewall match-list blacklist action match net 10.1.2.3',
      '- ipv4 firewall match-list blacklist action match net 203.0.113.7',
      '+ interface eth1 shutdown',
      '- interface eth1 mtu 9000',
      '+ interface eth1 mtu 9100',
    ]);
    for (const s of plan.steps) await send(s.request);
    const after = await whole();
    const added = after.filter((l) => !before.includes(l));
    const removed = before.filter((l) => !after.includes(l));
    expect(added.sort()).toEqual(
      [
        'interface eth1 mtu 9100',
        'interface eth9',
        'interface eth9 mtu 1400',
        'interface eth9 description "new one"',
        'interface eth1 description "lan #2"',
        'ipv4 firewall match-list blacklist action match net 10.1.2.3',
        'interface eth1 shutdown',
      ].sort(),
    );
    expect(removed.sort()).toEqual(
      [
        'interface eth1 mtu 1500',
        'interface eth0 description uplink',
        'interface eth1 description lan',
        'ipv4 firewall match-list blacklist action match net 203.0.113.7',
      ].sort(),
    );
    for (const s of [...plan.steps].reverse()) for (const r of s.inverse) await send(r);
    expect(await whole()).toEqual(before);
  });

  it('a deleted entry is put back with everything under it by its inverse', async () => {
    const before = await whole();
    await type('no interface eth1');
    const plan = await planCandidate(session.services.candidate?.lines() ?? [], session.services, signal);
    expect(plan.diff).toContain('- interface eth1 mtu 1500');
    for (const s of plan.steps) await send(s.request);
    const gone = await whole();
    expect(gone.filter((l) => l.startsWith('interface eth1'))).toEqual([]);
    for (const s of [...plan.steps].reverse()) for (const r of s.inverse) await send(r);
    // The same configuration (the router lists a re-created entry last).
    expect((await whole()).sort()).toEqual([...before].sort());
  });

  it('commit check checks the staged lines on the metadata as it is now: an entry deleted since fails it', async () => {
    await type('interface eth1 mtu 9000');
    const router = (method: 'POST' | 'DELETE', ...words: string[]) =>
      send({ method, words, ...(method === 'POST' ? { actions: ['SET'] } : {}) });
    // Someone else deletes the interface the staged line is under.
    await router('DELETE', 'interface', 'eth1');
    const o = await runLine('commit check', { context: [] }, session.services, signal);
    expect(o.kind).toBe('text');
    if (o.kind !== 'text') return;
    expect(o.text).toContain("staged line 1 (interface eth1 mtu 9000): 'interface eth1' does not exist");
    expect(o.failure?.message).toBe('commit check: 1 staged line cannot be sent; nothing sent');
    await router('POST', 'interface', 'eth1');
    await router('POST', 'interface', 'eth1', 'description', 'lan');
    await router('POST', 'interface', 'eth1', 'ip', 'address', '192.168.1.1/24');
    // Put back by someone else too: what the session cached is forgotten (as `refresh` does).
    session.services.cache.clear();
  });

  it('a staged node someone else changed since it was staged is named in the plan', async () => {
    await type('interface eth1 mtu 9000');
    // Someone else, at the router.
    await send({ method: 'POST', words: ['interface', 'eth1', 'mtu', '1400'], actions: ['SET'] });
    const plan = await planCandidate(session.services.candidate?.lines() ?? [], session.services, signal);
    expect(plan.drift).toEqual([
      'interface eth1 mtu 9000: its node changed on the router since it was staged (was interface eth1 mtu 1500, now interface eth1 mtu 1400)',
    ]);
    expect(plan.steps[0]?.inverse).toEqual([
      { method: 'POST', words: ['interface', 'eth1', 'mtu', '1400'], actions: ['SET'] },
    ]);
    await send({ method: 'POST', words: ['interface', 'eth1', 'mtu', '1500'], actions: ['SET'] });
  });
});

describe('the plan of a candidate on the shaped router', () => {
  let shaped: RouterSim;
  let s: Session;
  beforeAll(async () => {
    shaped = await startRouterSim({ variant: 'shaped' });
    s = await testSession(simConfig(shaped.url), {
      journal: 'file',
      env: { ...process.env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-cand-shaped-')) },
    });
  });
  afterAll(async () => {
    await s.close();
    await shaped.close();
  });

  it('multi-value slots, flags, options with Count > 1, entries named by two keys: there and back', async () => {
    const e: HandlerEnv = { state: { context: [] }, services: s.services, io: {}, signal };
    const all = async () => (await readConfig(e, { under: [], members: true })).lines.map(lineText).sort();
    const before = await all();
    for (const line of [
      'configure',
      'interfaces ethernet eth1 address 10.1.2.1/24',
      'no interfaces ethernet eth1 address 10.1.1.1/24',
      'interfaces ethernet eth1 mtu 1400',
      'no interfaces ethernet eth2 disable',
      'interfaces ethernet eth0 disable',
      'nat port-forward protocol udp port 53 to 10.1.0.12',
      'no nat port-forward protocol tcp port 443',
      'protocols static route 10.30.0.0/16',
      'protocols static route 10.30.0.0/16 next-hop 10.1.0.4 distance 5',
      'nat rule 200 source-address 10.21.0.0/16 source-address 10.22.0.0/16',
      'system host-name edge-2',
      'system name-server 192.0.2.54',
    ]) {
      const o = await runLine(line, { context: [] }, s.services, signal);
      expect(o.kind === 'error' ? `${line}: ${o.error.message}` : 'ok').toBe('ok');
    }
    const plan = await planCandidate(s.services.candidate?.lines() ?? [], s.services, signal);
    expect(plan.unrevertable).toEqual([]);
    for (const step of plan.steps) {
      const a = await s.services.router.send(step.request, { signal });
      expect(a.ok, a.message).toBe(true);
    }
    const after = await all();
    const plus = plan.diff.filter((l) => l.startsWith('+ ')).map((l) => l.slice(2));
    const minus = plan.diff.filter((l) => l.startsWith('- ')).map((l) => l.slice(2));
    // What the plan said is what the router did.
    expect(after.filter((l) => !before.includes(l)).sort()).toEqual([...plus].sort());
    expect(before.filter((l) => !after.includes(l)).sort()).toEqual([...minus].sort());
    for (const step of [...plan.steps].reverse())
      for (const r of step.inverse) {
        const a = await s.services.router.send(r, { signal });
        expect(a.ok, a.message).toBe(true);
      }
    expect(await all()).toEqual(before);
    await runLine('discard', { context: [] }, s.services, signal);
  });

  it('commit sends them as one transaction; the router then shows exactly the staged lines', async () => {
    const e: HandlerEnv = { state: { context: [] }, services: s.services, io: {}, signal };
    const all = async () => (await readConfig(e, { under: [], members: true })).lines.map(lineText);
    const before = await all();
    const run = (line: string) => runLine(line, { context: [] }, s.services, signal);
    for (const line of [
      'nat port-forward protocol udp port 53 to 10.1.0.12',
      'no interfaces ethernet eth1 address 10.1.1.1/24',
      'system name-server 192.0.2.54',
    ])
      expect((await run(line)).kind).toBe('text');
    const o = await run('commit comment shaped');
    expect(o.kind === 'text' && o.failure === undefined ? o.text : o).toMatch(
      /commit complete: 3 staged lines, 3 requests sent/,
    );
    const after = await all();
    expect(after.filter((l) => !before.includes(l))).toEqual([
      'nat port-forward protocol udp port 53 to 10.1.0.12',
      'system name-server 192.0.2.54',
    ]);
    expect(before.filter((l) => !after.includes(l))).toEqual([
      'interfaces ethernet eth1 address 10.1.1.1/24',
    ]);
    expect(s.services.candidate?.lines()).toEqual([]);
  });
});
