// The interactive shell against a router that is slow (300 ms, 1 s) or silent (20 s): a request
// and a Tab that wait, the keys typed meanwhile, Ctrl-C. A wait test (*.wait.test.tsx): its time
// is the router's delays and the shell's own hold of keys behind a Tab (tab-hold.ts), so it runs
// in the end-to-end group, not in the inner loop. The harness clears the router's faults after
// each test.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/ink.js';
import { shellAppHarness } from './shell-app-harness.js';

const h = shellAppHarness();
const { start, screen, live, typed } = h;

/** A shell whose `show hostname` is on its way to a router that answers after `latencyMs`. */
async function waitingFor(latencyMs: number) {
  const a = await start();
  await typed(a, 'show hostname', 'show hostname');
  h.sim.faults.set({ latencyMs });
  a.stdin.write('\r');
  // Hang guard below the router's delay, far above the typical time.
  await waitFor(() => expect(live(a)).toMatch(/waiting for the router/), 15_000);
  return a;
}

describe('ShellApp against a slow router', () => {
  it('Ctrl-C cancels a slow request and returns to the prompt', async () => {
    const a = await waitingFor(20_000);
    a.stdin.write('\u0003');
    await waitFor(() => expect(screen(a)).toMatch(/% cancelled/));
  });

  it('keys typed while a request runs are kept and appear at the prompt afterwards', async () => {
    // The spinner shows after 150 ms and goes with the answer: a second to see it, on a loaded machine.
    const a = await waitingFor(1000);
    a.stdin.write('show ver');
    a.stdin.write('\u0001'); // Ctrl-A, replayed too
    await waitFor(() => expect(screen(a)).toMatch(/^router$/m));
    await waitFor(() => expect(live(a)).toMatch(/> show ver\s*$/m));
    await typed(a, 'X', '> Xshow ver');
  });

  it('keys typed while Tab waits for a slow router act after its answer: sh Tab int is show int', async () => {
    const a = await start();
    await waitFor(() => expect(live(a)).toContain('admin@127.0.0.1>'));
    h.sim.faults.set({ latencyMs: 300 });
    a.stdin.write('sh');
    a.stdin.write('\t');
    a.stdin.write('int');
    await waitFor(() => expect(live(a)).toMatch(/> show int\s*$/m), 15_000);
  });

  it('a silent router does not swallow the keys typed after Tab; Ctrl-C ends the wait and clears the line', async () => {
    const a = await start();
    await waitFor(() => expect(live(a)).toContain('admin@127.0.0.1>'));
    h.sim.faults.set({ latencyMs: 20_000 });
    a.stdin.write('sh');
    a.stdin.write('\t');
    a.stdin.write('ow');
    // Held, then given back when the wait ends (tab-hold.ts HOLD_MS): typed as they came.
    await waitFor(() => expect(live(a)).toMatch(/> show\s*$/m), 15_000);
    a.stdin.write('\t');
    a.stdin.write('x');
    a.stdin.write('\u0003');
    await waitFor(() => expect(screen(a)).toMatch(/> showx\^C/), 15_000);
    await typed(a, 'y', /> y\s*$/m);
  });
});
