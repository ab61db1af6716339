// The simulator's match-list at its full capacity (a size test: seconds, so in the end-to-end
// group, vitest.config.ts; its cost is measured in npm run bench).
import { describe, expect, it } from 'vitest';
import { MatchList } from '../../../sim/router/match-list.js';

const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

describe('router sim: match-lists at real size', () => {
  it('holds 65,536 entries; adds, refreshes, removes and expires at full size', () => {
    const l = new MatchList('big', 100, 'net');
    // Entries added 1 ms apart: each add after the first expiry prunes only what is due.
    for (let i = 0; i < 65_536; i++) l.add({ net: ip(i) }, i);
    for (let i = 0; i < 65_536; i += 2) l.remove({ net: ip(i) }, 65_536);
    for (let i = 1; i < 65_536; i += 2) l.add({ net: ip(i) }, 65_536 + i);
    expect(l.size(131_072)).toBe(32_768);
    // The refreshed entries expire by their new times, oldest first.
    expect(l.size(100_000 + 65_536 + 2)).toBe(32_767);
    expect(l.members(100_000 + 65_536 + 2)[0]?.net).toBe(ip(3));
  });
});
