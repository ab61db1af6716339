// The order a transaction's steps go in (tx-send.ts): unrelated steps at once, a step after the
// steps in flight on its node, above it or below it, entries of one list at once, and nothing
// started after the first failure or a cancel.
import { describe, expect, it } from 'vitest';
import type { RouterRequest } from '../../../src/api/router/types.js';
import type { TxStep } from '../../../src/contract/config.js';
import { related, sendSteps } from '../../../src/features/config/tx-send.js';

const set = (w: string, options?: RouterRequest['options']): RouterRequest => ({
  method: 'POST',
  words: w.split(' '),
  actions: ['SET'],
  ...(options ? { options } : {}),
});
const del = (w: string): RouterRequest => ({ method: 'DELETE', words: w.split(' ') });
const step = (request: RouterRequest): TxStep => ({
  request,
  inverse: [],
  text: request.words.join(' '),
  words: request.words,
});

/** Sends each step after a turn of the event loop, logging starts and ends. */
function recorder(failAt?: number) {
  const log: string[] = [];
  let now = 0;
  let most = 0;
  const send = async (_s: TxStep, i: number) => {
    most = Math.max(most, ++now);
    log.push(`start ${i}`);
    await new Promise((r) => setTimeout(r, 5));
    log.push(`end ${i}`);
    now--;
    return i === failAt ? { changeId: `c${i}`, failed: 'refused' } : { changeId: `c${i}` };
  };
  return { log, send, most: () => most };
}

describe('sendSteps', () => {
  it('sends unrelated steps at once, and a node before what lies under it', async () => {
    const steps = [
      set('interface eth5'),
      set('interface eth5 mtu 9000'),
      set('interface eth6'),
      set('interface eth6 description up'),
      set('ipv4 firewall match-list blacklist action match', { net: ['192.0.2.1'] }),
      set('ipv4 firewall match-list blacklist action match', { net: ['192.0.2.2'] }),
    ].map(step);
    const r = recorder();
    const out = await sendSteps(steps, r.send, new AbortController().signal);
    expect(out.every((o) => o?.failed === undefined)).toBe(true);
    expect(r.most()).toBeGreaterThan(1);
    const at = (e: string) => r.log.indexOf(e);
    expect(at('start 1')).toBeGreaterThan(at('end 0'));
    expect(at('start 3')).toBeGreaterThan(at('end 2'));
    // Unrelated: eth6 and both entries start before eth5 ends.
    for (const i of [2, 4, 5]) expect(at(`start ${i}`)).toBeLessThan(at('end 0'));
  });

  it('deletes what lies under a node before the node', async () => {
    const steps = [del('ip route 0.0.0.0/0 via 10.0.0.254'), del('ip route 0.0.0.0/0')].map(step);
    const r = recorder();
    await sendSteps(steps, r.send, new AbortController().signal);
    expect(r.log).toEqual(['start 0', 'end 0', 'start 1', 'end 1']);
  });

  it('starts nothing after the first failure; what was in flight ends', async () => {
    const steps = Array.from({ length: 40 }, (_, i) => step(set(`interface eth${i} mtu 9000`)));
    const r = recorder(3);
    const out = await sendSteps(steps, r.send, new AbortController().signal, 4);
    const started = out.filter((o) => o !== undefined).length;
    expect(out[3]?.failed).toBe('refused');
    expect(started).toBeLessThan(40);
    expect(r.log.filter((l) => l.startsWith('start')).length).toBe(started);
  });

  it('a cancel starts nothing more', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = recorder();
    const out = await sendSteps([step(set('interface eth0 mtu 9000'))], r.send, ac.signal);
    expect(out[0]).toBeUndefined();
  });

  it('related: the same node or one above the other, never two entries of one list', () => {
    expect(related(set('interface eth1'), set('interface eth1 mtu 9000'))).toBe(true);
    expect(related(set('interface eth1 mtu 9000'), set('interface eth2'))).toBe(false);
    const e = (n: string) => set('ipv4 firewall match-list blacklist action match', { net: [n] });
    expect(related(e('192.0.2.1'), e('192.0.2.2'))).toBe(false);
    expect(related(e('192.0.2.1'), del('ipv4 firewall match-list blacklist'))).toBe(true);
  });
});
