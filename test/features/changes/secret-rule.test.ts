// THE secret rule (lang/secrets.ts), one for history, the journal, `compare`
// and the screen: a value named like a secret is a secret unless the metadata shows a number
// (`token-expiration 600`) or one of a fixed list of words (`key net-port`); a password is one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { plainValues } from '../../../src/lang/plain-values.js';
import { redact } from '../../../src/lang/redact.js';
import { runPiped } from '../../../src/run/output-pipes.js';
import type { Session } from '../../../src/session/session.js';
import { memorySink } from '../../helpers/memory-sink.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let session: Session;
const sink = memorySink();
const signal = AbortSignal.timeout(20_000);
beforeAll(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url), { journal: sink, yes: true });
});
afterAll(async () => {
  await session.close();
  await sim.close();
});

const run = async (line: string) => (await runPiped(line, { context: [] }, session.services, signal)).outcome;
const journaled = () => sink.events.filter((e) => e.t === 'change').map((e) => (e as { line: string }).line);

describe('one rule for what is a secret', () => {
  it('the journal keeps `key net-port` and `token-expiration 600`, hides a password; the list can be undone', async () => {
    expect((await run('ipv4 firewall match-list feeds key net-port')).kind).toBe('router');
    expect((await run('system user bob')).kind).toBe('router');
    expect((await run('system user bob password hunter2hunter2')).kind).toBe('router');
    expect((await run('system user bob token-expiration 600')).kind).toBe('router');
    expect(journaled()).toEqual([
      'ipv4 firewall match-list feeds key net-port',
      'system user bob',
      'system user bob password ***',
      'system user bob token-expiration 600',
    ]);
    const body = JSON.stringify(sink.events);
    expect(body).not.toContain('hunter2');
    expect(body).toContain('"key":["net-port"]');
    // The match-list is undoable: undo deletes it (newest undoable first: the password is not).
    const changes = await run('changes');
    expect(changes.kind).toBe('text');
    const undo = await run('undo 4');
    expect(undo.kind, JSON.stringify(undo)).toBe('text');
    if (undo.kind === 'text')
      expect(undo.text).toMatch(/undone #1 ipv4 firewall match-list feeds key net-port/);
  });

  it('history and the screen judge by the same rule', async () => {
    const view = { cache: session.cache, context: [] as string[] };
    for (const line of [
      'ipv4 firewall match-list feeds2 key net-port',
      'system user bob token-expiration 900',
    ]) {
      await session.services.resolve(line, [], signal);
      expect(redact(line, plainValues(line, view))).toBe(line);
    }
    const pw = 'system user bob password s3cret';
    await session.services.resolve(pw, [], signal);
    expect(redact(pw, plainValues(pw, view))).toBe('system user bob password ***');
  });
});
