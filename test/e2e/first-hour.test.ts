// Issue 10, what a new user meets at the prompt, in a real terminal (tmux) with the built binary:
// the welcome, `?` then one Enter, a menu as tall as the window, `field:` completion, `?` in
// the middle of a line and inside quotes, Ctrl-L keeping the scrollback, visible type-ahead,
// and the password asked again like ssh. (Needs `npm run build`.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { RawTmux } from '../helpers/tmux-raw.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux | undefined;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => {
  term?.kill();
  term = undefined;
});

const PROMPT = /admin@127\.0\.0\.1> ?$/m;
const ENV = {
  XDG_STATE_HOME: '/tmp/routersh-e2e-first-state',
  XDG_CONFIG_HOME: '/tmp/routersh-e2e-first-config',
};

function demo(extra = '', rows = 40): Tmux {
  term = new Tmux(120, rows);
  term.start(`node ${BIN} --demo${extra}`, ENV);
  return term;
}

/** The prompt line with the text typed (the last prompt on the screen). */
const promptLine = (s: string) =>
  s
    .split('\n')
    .filter((l) => /^admin@127\.0\.0\.1> /.test(l))
    .at(-1) ?? '';

describe.skipIf(!hasTmux())('the first hour at the prompt (tmux)', () => {
  it('welcomes with where it is connected, that it is a simulator, and what to try', async () => {
    const t = demo();
    const s = await t.waitFor(PROMPT);
    expect(s).toMatch(
      /Connected as admin@127\.0\.0\.1 to http:\/\/127\.0\.0\.1:\d+, telemetry http:\/\/127\.0\.0\.1:\d+/,
    );
    expect(s).toMatch(/\(simulator, --demo/);
    expect(s).toMatch(/Tab completes, \? lists what can follow, help shows the commands/);
  });

  it('no welcome in batch mode or with --json', async () => {
    const t = demo(` -c 'show hostname'`);
    const s = await t.waitFor(/\[exited 0\]/);
    expect(s).toMatch(/^router$/m);
    expect(s).not.toMatch(/Connected as/);
    t.kill();
    const j = demo(' --json');
    await j.waitFor(PROMPT);
    expect(j.screen()).not.toMatch(/Connected as/);
  });

  it('`?` then one Enter runs the line; a Tab menu left alone does too', async () => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type('ping 10.0.0.1 count 1 ?');
    await t.waitFor(/size\s+option/);
    t.keys('Enter');
    await t.waitFor(/1 packets transmitted/);
    t.type('show hostn');
    t.keys('Tab');
    await t.waitFor(/> show hostname\s*$/m);
    t.keys('Tab');
    await t.waitFor(/<Enter>/);
    t.keys('Enter');
    await t.waitFor(/^router$/m);
  });

  it('the top-level menu shows every entry a 50-row window has room for', async () => {
    // 50 rows: issue 38's built-ins (config, checkpoint(s), configure, discard, end) made the
    // top level longer than a 40-row window's menu.
    const t = demo('', 50);
    await t.waitFor(PROMPT);
    t.keys('Tab');
    const s = await t.waitFor(/^ {2}help\s/m);
    for (const word of ['metrics', 'logs', 'describe', 'edit', 'interface']) {
      expect(s).toMatch(new RegExp(`^ {2}${word}\\s`, 'm'));
    }
    expect(s).not.toMatch(/more ·/);
  });

  it('`logs search lev<Tab>` gives `level:` with no blank; the next Tab lists its values', async () => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type('logs search lev');
    t.keys('Tab');
    await t.waitFor((s) => promptLine(s) === 'admin@127.0.0.1> logs search level:');
    t.keys('Tab');
    const s = await t.waitFor(/^ {2}error\s+value/m);
    expect(s).toMatch(/^ {2}info\s+value/m);
  });

  it('`?` in the middle of a line lists for the word at the cursor and keeps the line; `?` in quotes is text', async () => {
    const t = demo();
    await t.waitFor(PROMPT);
    t.type('ping 10.0.0.1 count 1');
    // The cursor at the end of `ping`, the line going on after it: `?` is help for `ping`.
    t.keys('C-a', 'M-f');
    t.type('?');
    const s = await t.waitFor(/^ {2}ping\s+token\s+Send ICMP/m);
    expect(promptLine(s)).toBe('admin@127.0.0.1> ping 10.0.0.1 count 1');
    t.keys('Escape');
    await t.waitFor((x) => !/Send ICMP/.test(x));
    t.keys('C-e', 'C-u');
    t.type('interface eth0 description "why?"');
    t.keys('Enter');
    await t.waitFor(/Description of eth0 set/);
    t.type('show interface eth0');
    t.keys('Enter');
    await t.waitFor(/description: why\?$/m);
  });

  it('Ctrl-L clears the screen and keeps the scrollback (no ESC[3J)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-ctrl-l-'));
    const file = join(dir, 'pane.raw');
    const t = new RawTmux(120, 20);
    term = t;
    t.start('bash --norc --noprofile', { PS1: 'bash$ ', ...ENV });
    await t.waitFor(/^bash\$/m);
    t.pipeTo(file);
    t.type(`for i in $(seq 1 60); do echo early-$i; done; node ${BIN} --demo`);
    t.keys('Enter');
    await t.waitFor(PROMPT);
    t.type('show hostname');
    t.keys('Enter');
    await t.waitFor(/^router$/m);
    const history = () => Number(t.run(['display', '-p', '-t', 'app', '#{history_size}']).trim());
    const before = history();
    expect(before).toBeGreaterThan(30);
    t.type('int');
    t.keys('C-l');
    await t.waitFor((s) => !/^router$/m.test(s) && /^admin@127\.0\.0\.1> int/.test(s.split('\n')[0] ?? ''));
    expect(history()).toBeGreaterThanOrEqual(before);
    expect(t.history(200)).toMatch(/^early-1$/m);
    expect(RawTmux.raw(file)).not.toContain('\u001b[3J');
  });

  it('keys typed while a request runs are shown on the prompt line and become the next line', async () => {
    term = new Tmux(120, 40);
    const t = term;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, { ROUTERSH_PASSWORD: 'admin', ...ENV });
    await t.waitFor(PROMPT);
    sim.faults.set({ latencyMs: 2500 });
    try {
      t.type('show hostname');
      t.keys('Enter');
      await t.waitFor(/waiting for the router/);
      t.type('show ver');
      const s = await t.waitFor((x) => promptLine(x) === 'admin@127.0.0.1> show ver');
      expect(s).toMatch(/waiting for the router/);
      sim.faults.clear();
      await t.waitFor(/^router$/m);
      await t.waitFor((x) => !/waiting for the router/.test(x) && /> show ver\s*$/m.test(x));
    } finally {
      sim.faults.clear();
    }
  });

  it('a wrong password at the prompt is asked again, like ssh; the right one goes on', async () => {
    term = new Tmux(120, 20);
    const t = term;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, ENV);
    await t.waitFor(/Password for admin: ?$/m);
    t.type('wrong');
    t.keys('Enter');
    await t.waitFor(/Permission denied, please try again\.\nPassword for admin: ?$/m);
    t.type('admin');
    t.keys('Enter');
    await t.waitFor(PROMPT);
  });

  it('three wrong passwords end with the auth error and exit 3', async () => {
    term = new Tmux(120, 20);
    const t = term;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, ENV);
    for (const pw of ['one', 'two', 'three']) {
      await t.waitFor(
        (s) => (s.match(/Password for admin:/g) ?? []).length === ['one', 'two', 'three'].indexOf(pw) + 1,
      );
      t.type(pw);
      t.keys('Enter');
    }
    const s = await t.waitFor(/\[exited 3\]/);
    expect(s.match(/Permission denied, please try again\./g)).toHaveLength(2);
    expect(s).toMatch(/^% authentication failed for user admin/m);
  });
});
