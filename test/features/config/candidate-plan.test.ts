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
