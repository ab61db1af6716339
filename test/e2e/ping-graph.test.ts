// `ping ADDRESS | graph` in a real terminal with the built binary and `--demo`: the pane draws
// the round-trip times, counts what was sent, `p` pauses and resumes, `q` returns to the prompt;
// `| graph` after a show is refused in one line. (Needs `npm run build`.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, hasTmux, Tmux } from './tmux.js';

let term: Tmux | undefined;
afterEach(() => {
  term?.kill();
  term = undefined;
});

const PROMPT_TEXT = 'admin@127.0.0.1> ';
const atPrompt = (s: string) => s.trimEnd().split('\n').at(-1) === PROMPT_TEXT.trimEnd();
const sentOf = (s: string) => Number(/· (\d+) of 50 sent/.exec(s)?.[1] ?? Number.NaN);

describe.skipIf(!hasTmux())('ping … | graph (tmux, --demo)', () => {
  it('draws the round trips live; p pauses and resumes; q goes back; after a show it is refused', async () => {
    const home = mkdtempSync(join(tmpdir(), 'routersh-ping-'));
    const t = new Tmux(100, 30);
    term = t;
    t.start(`node ${BIN} --demo`, {
      XDG_STATE_HOME: join(home, 'state'),
      XDG_CONFIG_HOME: join(home, 'config'),
    });
    await t.waitFor(atPrompt, 15_000);

    t.type('ping 10.0.0.1 count 50 | graph');
    t.keys('Enter');
    let s = await t.waitFor(
      (x) => sentOf(x) >= 2 && /rtt min [\d.]+ avg [\d.]+ max [\d.]+ jitter [\d.]+ ms/.test(x),
    );
    expect(s).toMatch(/^ping 10\.0\.0\.1 count 50 \| graph · every 1s · \d+ of 50 sent · round trip \(s\)$/m);
    expect(s).toMatch(/loss 0\/\d+ \(0\.0%\)/);
    expect(s).toMatch(/^\s+\d+(\.\d+)?µ ┤/m); // the sim's connected net answers in under a millisecond
    expect(s).toMatch(/live · a ping every 1s · p pause {2}q back\s*$/);

    t.type('p');
    s = await t.waitFor(/paused · p resume {2}q back\s*$/);
    const paused = sentOf(s);
    t.type('p');
    s = await t.waitFor((x) => /live · a ping every 1s/.test(x) && sentOf(x) > paused);

    t.type('q');
    s = await t.waitFor(atPrompt);
    expect(s).not.toMatch(/round trip \(s\)/);

    t.type('show interface | graph');
    t.keys('Enter');
    s = await t.waitFor(/% '\| graph' draws only a ping: ping ADDRESS \[options\] \| graph/);
    await t.waitFor(atPrompt);
  });
});
