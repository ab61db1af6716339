// A router whose Value node sends a catastrophic InputRe: the built binary answers a line at
// once (batch) and keeps echoing keys (tmux) instead of freezing at 100 % CPU.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const EVIL_WORD = `${'a'.repeat(34)}!`;
const PROMPT = /admin@127\.0\.0\.1> ?$/m;

let evil: HostileRouter;
let lookahead: HostileRouter;
let term: Tmux | undefined;

beforeAll(async () => {
  evil = await startHostileRouter({ inputRe: '^(a+)+$' });
  // Not RE2: runs on V8 under the time bound, and overruns it on the same word.
  lookahead = await startHostileRouter({ inputRe: '^(?=(a+)+$)a*$' });
});
afterAll(async () => {
  await evil.close();
  await lookahead.close();
});
afterEach(() => term?.kill());

const posts = (r: HostileRouter) => r.requests.filter((q) => q.method !== 'GET').map((q) => q.url);

describe('batch', () => {
  it('refuses the word at once with a one-line validation error, sending nothing', async () => {
    // A match that ran away would take minutes: the run's deadline is the check.
    const r = await runBin(['--router', evil.url, '--user', 'admin', '-c', `interface ${EVIL_WORD}`], {
      env: { ROUTERSH_PASSWORD: 'admin' },
      timeoutMs: 10_000,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/invalid value 'a{34}!': expected <ifname>/);
    expect(posts(evil)).toEqual([]);
  });
});

/**
 * Types `text` one key at a time, each once the line so far is on the screen (a shell frozen by a
 * match echoes nothing: the wait fails after 3 s). Returns each key's time to the screen, for the
 * log only (read on the pane's output, at most every 20 ms: no timed assertion).
 */
async function typeTimed(t: Tmux, before: string, text: string): Promise<number[]> {
  const lags: number[] = [];
  let line = before;
  for (const ch of text) {
    line += ch;
    const t0 = performance.now();
    t.type(ch);
    const shown = `> ${line.trimEnd()}`; // capture-pane trims trailing blanks
    await t.waitFor((s) => s.includes(shown));
    lags.push(performance.now() - t0);
  }
  return lags;
}

function launch(router: HostileRouter): Tmux {
  term = new Tmux(120, 30);
  term.start(`node ${BIN} --router ${router.url} --user admin`, {
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: '/tmp/routersh-e2e-state',
  });
  return term;
}

const summary = (lags: number[]) => {
  const s = [...lags].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, max: s.at(-1)! };
};

describe.skipIf(!hasTmux())('typing in tmux', () => {
  it('echoes every key of the word while ^(a+)+$ is in play, then refuses it on Enter', async () => {
    const t = launch(evil);
    await t.waitFor(PROMPT);
    t.type('interface ');
    await t.waitFor(/> interface *$/m); // capture-pane trims trailing blanks
    // The keys after the word too: a shell frozen by the match would echo none of them.
    const lags = await typeTimed(t, 'interface ', `${EVIL_WORD} mtu`);
    const { median, max } = summary(lags);
    console.log(`keystroke → screen with ^(a+)+$: median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
    await t.waitFor(/invalid value 'a{34}!'/); // the live hint
    t.keys('Enter');
    await t.waitFor(/% invalid value 'a{34}!'/);
    expect(posts(evil)).toEqual([]);
  });

  it('a lookahead pattern that overruns its bound: keys keep echoing, the hint says it was not checked', async () => {
    const t = launch(lookahead);
    await t.waitFor(PROMPT);
    t.type('interface ');
    await t.waitFor(/> interface *$/m); // capture-pane trims trailing blanks
    const lags = await typeTimed(t, 'interface ', EVIL_WORD);
    const { median, max } = summary(lags);
    console.log(
      `keystroke → screen with a lookahead: median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
    await t.waitFor(/not checked here: its pattern took over 50 ms \(the router will check it\)/);
    t.keys('Enter');
    await t.waitFor(/done: POST interface\/a{34}!/); // sent: the router is the judge
    expect(posts(lookahead)).toEqual([`/api/interface/${'a'.repeat(34)}%21`]);
  });
});
