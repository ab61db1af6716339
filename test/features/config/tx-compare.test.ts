// `compare` (this session) shows a transaction's steps (issue 38): a step is journaled without
// reads of its node, so its lines come from its request and its inverse — what the inverse sets
// back was there before (`-`), what the step set is there now (`+`); a step undone shows nothing.
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../src/contract/journal.js';
import { compareLines } from '../../../src/features/changes/journal/text.js';

const step = (id: string, over: Partial<Change>): Change => ({
  id,
  seq: 1,
  session: 's',
  router: 'r',
  at: 1,
  line: '',
  requests: [],
  words: [],
  status: 'done',
  tx: 's.t1',
  inverse: [],
  ...over,
});

describe('compare of a transaction', () => {
  it('shows each step as the lines before and after it', () => {
    const mtu = (v: string) => ({
      method: 'POST' as const,
      words: ['interface', 'eth0', 'mtu', v],
      actions: ['SET' as const],
    });
    const route = {
      method: 'POST' as const,
      words: ['ip', 'route', '0.0.0.0/0', 'via', '10.0.0.254'],
      actions: ['SET' as const],
    };
    const added = {
      method: 'POST' as const,
      words: ['interface', 'eth1', 'description', 'up'],
      actions: ['SET' as const],
    };
    const lines = compareLines([
      step('s.1', { requests: [mtu('9000')], inverse: [mtu('1500')] }),
      step('s.2', { requests: [{ method: 'DELETE', words: route.words }], inverse: [route] }),
      step('s.3', { requests: [added], inverse: [{ method: 'DELETE', words: added.words }] }),
      step('s.4', { requests: [mtu('1400')], inverse: [mtu('1500')], status: 'undone' }),
    ]);
    expect(lines).toEqual([
      { sign: '-', text: 'interface eth0 mtu 1500' },
      { sign: '+', text: 'interface eth0 mtu 9000' },
      { sign: '-', text: 'ip route 0.0.0.0/0 via 10.0.0.254' },
      { sign: '+', text: 'interface eth1 description up' },
    ]);
  });
});
