// `match-list import` typed in the interactive shell, in a real terminal: a progress line
// (count, rate, ETA) on the live region while it runs, Ctrl-C stops the sending and the
// summary says how many were sent; `-` (stdin: the keyboard here) is refused in one line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux;
const dir = mkdtempSync(join(tmpdir(), 'routersh-ml-shell-'));
const feed = join(dir, 'feed.txt');
const TOTAL = 600;

beforeAll(async () => {
  sim = await startRouterSim();
  writeFileSync(feed, Array.from({ length: TOTAL }, (_, i) => `10.20.${i >> 8}.${i & 255}\n`).join(''));
});
afterAll(() => sim.close());
afterEach(() => {
  term?.kill();
  sim.faults.set({});
});

const PROMPT = /admin@127\.0\.0\.1>\s*$/m;
const sets = () =>
  sim.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/match-list/blacklist/action/match'))
    .length;

describe.skipIf(!hasTmux())('match-list import in the shell (tmux)', () => {
  it('shows count, rate and ETA while it runs; Ctrl-C stops it and says how many were sent', async () => {
    term = new Tmux(120, 30);
    term.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CONFIG_HOME: join(dir, 'config'),
    });
    await term.waitFor(PROMPT);
    sim.faults.set({ latencyMs: 25 }); // 600 entries one at a time: ~15 s, time to watch and cancel
    term.type(`match-list import blacklist ${feed} --concurrency 1`);
    term.keys('Enter');
    const running = await term.waitFor(/\] \d+\/600 \d+%\s+\d+\/s\s+ETA \d/);
    expect(running).toMatch(/Ctrl-C cancels/);
    await term.waitFor(/\] [1-9]\d+\/600/); // it moves
    term.keys('C-c');
    const done = await term.waitFor(/cancelled after \d+ of 600 entries sent/);
    const sent = Number(/cancelled after (\d+) of 600/.exec(done)![1]);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(TOTAL);
    await term.waitFor(PROMPT);
    // Nothing more goes out after the summary: one request in flight when cut may still reach
    // the (in-process, on a busy machine late) simulator, then none.
    const pause = () => new Promise((r) => setTimeout(r, 300));
    const atPrompt = sets();
    await pause();
    const after = sets();
    expect(after - atPrompt).toBeLessThanOrEqual(1);
    await pause();
    expect(sets()).toBe(after);
    expect(after - sent).toBeLessThanOrEqual(1 + 2); // + the list's metadata reads are GETs, not counted
  });

  it("'-' is refused in one line that says what to do instead", async () => {
    term = new Tmux(160, 20);
    term.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CONFIG_HOME: join(dir, 'config'),
    });
    await term.waitFor(PROMPT);
    term.type('match-list import blacklist -');
    term.keys('Enter');
    const s = await term.waitFor(/stdin/);
    expect(s).toMatch(/give a FILE, or pipe into `routersh match-list import LIST -`/);
  });
});
