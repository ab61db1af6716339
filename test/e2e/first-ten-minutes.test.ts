// Issue 10's "done when": a new user's first ten minutes, as one script in a real terminal
// (tmux) with the built binary and `--demo` (what `npm start` runs): the welcome, Tab at the
// empty prompt, `?` then Enter, the `<Enter>` row, `help metrics`, a change, a show through a
// pipe, a chart and back, a log search and back, `exit`. Each step checks the screen.
// (Needs `npm run build`.)
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
/** The prompt, empty, on the last line written: the shell is waiting for a line. */
const atPrompt = (s: string) => s.trimEnd().split('\n').at(-1) === PROMPT_TEXT.trimEnd();
/** The screen below the last time `line` was typed at the prompt. */
const after = (s: string, line: string) => {
  const at = s.lastIndexOf(`${PROMPT_TEXT}${line}`);
  return at < 0 ? '' : s.slice(at + PROMPT_TEXT.length + line.length);
};

describe.skipIf(!hasTmux())("a new user's first ten minutes (tmux, --demo)", () => {
  it('start, Tab, ?, help, a change, a show with a pipe, a chart, a log search, exit', async () => {
    const home = mkdtempSync(join(tmpdir(), 'routersh-ten-'));
    const t = new Tmux(120, 40);
    term = t;
    t.start(`node ${BIN} --demo`, {
      XDG_STATE_HOME: join(home, 'state'),
      XDG_CONFIG_HOME: join(home, 'config'),
      TZ: 'UTC',
    });

    // The welcome: where it is connected, that it is the simulator, what to try.
    let s = await t.waitFor(atPrompt);
    expect(s).toMatch(/Connected as admin@127\.0\.0\.1 to http:\/\/127\.0\.0\.1:\d+/);
    expect(s).toMatch(/\(simulator, --demo/);
    expect(s).toMatch(/Tab completes, \? lists what can follow, help shows the commands/);

    // Tab at the empty prompt: the whole top level, built-ins included, as the window allows.
    t.keys('Tab');
    s = await t.waitFor(/^ {2}help\s+builtin/m);
    for (const word of ['metrics', 'logs', 'describe', 'edit', 'interface', 'show']) {
      expect(s).toMatch(new RegExp(`^ {2}${word}\\s`, 'm'));
    }
    t.keys('Escape');
    await t.waitFor((x) => !/^ {2}help\s+builtin/m.test(x));

    // `?` after a word lists what can follow (the line is complete: `<Enter>`); Enter runs it.
    t.type('show hostname ?');
    s = await t.waitFor(/^ {2}<Enter>\s+placeholder\s+run the command as typed/m);
    t.keys('Enter');
    s = await t.waitFor((x) => atPrompt(x) && /^router$/m.test(after(x, 'show hostname')));

    // The `<Enter>` row chosen (↑ from nothing selected lands on the last row) runs the line too.
    t.type('ping 10.0.0.1 count 1 ?');
    await t.waitFor(/^ {2}<Enter>\s+placeholder/m);
    t.keys('Up');
    await t.waitFor(/^> <Enter>\s+placeholder/m);
    t.keys('Enter');
    s = await t.waitFor(/1 packets transmitted, 1 received/);
    await t.waitFor(atPrompt);

    // help on a built-in: its syntax, its sub-commands, examples.
    t.keys('C-l');
    t.type('help metrics');
    t.keys('Enter');
    s = await t.waitFor((x) => atPrompt(x) && /^Examples:$/m.test(after(x, 'help metrics')));
    expect(after(s, 'help metrics')).toMatch(/^ {2}metrics range EXPR/m);
    expect(after(s, 'help metrics')).toMatch(/^ {2}metrics range rate\(pkts_down\[5m\]\) since 6h$/m);

    // A change: create an interface, set its MTU.
    t.keys('C-l');
    t.type('interface eth5');
    t.keys('Enter');
    await t.waitFor(/^Interface eth5 created$/m);
    t.type('interface eth5 mtu 1400');
    t.keys('Enter');
    await t.waitFor(/^MTU of eth5 set to 1400$/m);

    // A show through a pipe: only the matching row, no table header, nothing else.
    t.keys('C-l');
    t.type('show interface | match eth5');
    t.keys('Enter');
    s = await t.waitFor((x) => atPrompt(x) && /eth5/.test(after(x, 'show interface | match eth5')));
    const shown = after(s, 'show interface | match eth5').trim().split('\n').slice(0, -1);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^eth5\s+UP\s+1400\b/);

    // The README's chart: the pane takes the screen; `q` brings the prompt back.
    const chart = 'metrics range sum by (grp) (rate(pkts_down[5m])) since 6h';
    t.type(chart);
    t.keys('Enter');
    // The whole pane: a screen read while tmux is still taking in the frame can hold its status
    // line without the legend and key hints below it (a fresh clone's CI run, under load).
    s = await t.waitFor(
      (x) =>
        /· last 6h \(live\) · step \S+ · refreshed/.test(x) &&
        x.includes('1:grp=business') &&
        /q back/.test(x),
    );
    t.type('q');
    s = await t.waitFor(atPrompt);
    expect(s).not.toMatch(/q back/);

    // A log search: the log pane with records; `q` back.
    t.type('logs search level:error since 1h');
    t.keys('Enter');
    s = await t.waitFor(/^logs level:error · \d+ records/m);
    await t.waitFor(/ ERROR /);
    t.type('q');
    s = await t.waitFor(atPrompt);
    expect(s).not.toMatch(/q back/);

    // exit: the shell ends, status 0.
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(/^\[exited 0\]$/m);
  }, 180_000);
});
