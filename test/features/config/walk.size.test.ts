// The whole configuration's walk at real size (a size test: seconds, so in the end-to-end group,
// vitest.config.ts): a match-list of 65,536 members read with and without its members.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/features/config/walk.js';
import { startRouterSim } from '../../../sim/router/index.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';
import { envOf } from './handler-env.js';

describe('readConfig at size', () => {
  it('65,536 members: all of them with members, none without, from the same GETs', async () => {
    const big = await startRouterSim({
      seed: { interfaces: 0, members: { list: 'blacklist', count: 65_536 } },
    });
    const s = await testSession(simConfig(big.url));
    try {
      const from = big.requests.length;
      const without = await readConfig(envOf(s), { under: [], members: false });
      const gets = big.requests.length - from;
      const all = await readConfig(envOf(s), { under: [], members: true });
      expect(big.requests.length - from - gets).toBe(gets);
      expect(all.lines.length - without.lines.length).toBe(65_536);
      expect(all.lines.filter((l) => l.member)).toHaveLength(65_536);
      expect(without.lines.some((l) => l.member)).toBe(false);
      const list = ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'];
      expect((await readConfig(envOf(s), { under: list, members: true })).lines).toHaveLength(65_536);
    } finally {
      await s.close();
      await big.close();
    }
  });
});
