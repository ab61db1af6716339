// `monitor match-list LIST` without a terminal (`-c`, built binary): the parsed monitor output
// once, as text (header line, text not understood, a table of members), and --json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { runBin } from '../../helpers/run-bin.js';

let sim: RouterSim;
let env: Record<string, string>;
beforeAll(async () => {
  sim = await startRouterSim();
  env = { ROUTERSH_ROUTER: sim.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
});
afterAll(() => sim.close());

describe('routersh -c "monitor match-list blacklist"', () => {
  it('prints the header and the members table once', async () => {
    const r = await runBin(['-c', 'monitor match-list blacklist'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^entries 2 · references 1 · memory \d+ bytes · max elements 65536 · default timeout 3600 s$/,
    );
    expect(lines[1]).toBe('Key: net');
    expect(lines[2]).toMatch(/^address\s+timeout\s+packets\s+bytes$/);
    expect(lines.slice(-2).map((l) => l.split(/\s+/)[0])).toEqual(['198.51.100.0/24', '203.0.113.7']);
    expect(lines.at(-1)).toMatch(/^203\.0\.113\.7\s+\d+\s+\d+\s+\d+$/);
  });

  it('a missing list is an error, not a crash', async () => {
    const r = await runBin(['-c', 'monitor match-list nosuch'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/nosuch/);
  });
});
