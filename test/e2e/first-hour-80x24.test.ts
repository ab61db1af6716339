// Issue 18, what a person sees at 80×24 (tmux, the built binary against --demo): every pane's
// footer ends in `q back` — nothing cut off at the right edge — and `help` is broken at blanks,
// never in the middle of a word. (Needs `npm run build`.)
import { afterEach, describe, expect, it } from 'vitest';
import { helpText } from '../../src/run/help.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let term: Tmux | undefined;
afterEach(() => {
  term?.kill();
  term = undefined;
});

const PROMPT = /admin@127\.0\.0\.1> ?$/m;

function demo(): Tmux {
  term = new Tmux(80, 24);
  term.start(`node ${BIN} --demo`, { XDG_STATE_HOME: '/tmp/routersh-e2e-80x24-state' });
  return term;
}

/** The last line with text on it (a pane's footer). */
const footer = (s: string) =>
  s
    .split('\n')
    .filter((l) => l.trim() !== '')
    .at(-1) ?? '';

describe.skipIf(!hasTmux())('the first hour at 80×24 (tmux)', () => {
  it.each([
    ['metrics range sum by (grp) (rate(pkts_down[5m])) since 6h', /1:grp=business/, ''],
    ['logs search level:error since 1h', / ERROR /, ''],
    // Filtered, the monitor's status is longest.
    ['monitor match-list blacklist', /203\.0\.113\.7/, '/203'],
  ])('%s: the footer ends in `q back`', async (line, drawn, keys) => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type(line);
    t.keys('Enter');
    await t.waitFor(drawn);
    if (keys) {
      t.type(keys);
      t.keys('Enter');
      await t.waitFor(/matching "203"/);
    }
    const s = await t.waitFor((x) => / q back$/.test(footer(x).trimEnd()));
    expect(footer(s).trimEnd()).toMatch(/ q back$/);
    t.type('q');
    await t.waitFor(PROMPT);
  });

  it('help is broken at blanks: every word on the screen is a word of the help', async () => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type('help');
    t.keys('Enter');
    const s = await t.waitFor(/^Words come from the router/m);
    const words = new Set(helpText([]).split(/\s+/));
    const lines = s.split('\n');
    const from = lines.findIndex((l) => l.startsWith('Words come from the router'));
    const shown = lines
      .slice(from)
      // Prompt lines (the cursor's inverse cell may follow the prompt: not a word of the help).
      .filter((l) => !l.startsWith('--More--') && !/^admin@127\.0\.0\.1>/.test(l))
      .flatMap((l) => l.split(/\s+/))
      .filter((w) => w !== '');
    expect(from, s).toBeGreaterThanOrEqual(0);
    expect(shown.filter((w) => !words.has(w))).toEqual([]);
  });
});
