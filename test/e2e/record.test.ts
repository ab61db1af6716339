// `--record FILE.cast` in a real terminal (tmux) against the router simulator: the file is an
// asciicast v2 recording written as the session runs, replays to the screen tmux shows, plays
// in asciinema when it is installed, and never holds a password typed on a command line.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { readCast, replayScreen } from '../helpers/asciicast.js';
import { runBin } from '../helpers/run-bin.js';
import { RawTmux } from '../helpers/tmux-raw.js';
import { BIN, hasTmux } from './tmux.js';

let sim: RouterSim;
let term: RawTmux;

beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1> ?$/m;
const SECRET = 'S3cretPw9x';
const has = (cmd: string[]) => {
  try {
    execFileSync(cmd[0] as string, cmd.slice(1), { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const rows = (screen: string) =>
  screen
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => l.trimEnd());

function launch(file: string): RawTmux {
  term = new RawTmux(100, 30);
  term.start(`node ${BIN} --router ${sim.url} --user admin --record ${file}`, {
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'rec-state-')),
  });
  return term;
}

describe.skipIf(!hasTmux())('--record in tmux', () => {
  it('records an asciicast v2 file that replays to the screen, without the password typed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rec-')), 'session.cast');
    const t = launch(file);
    await t.waitFor(PROMPT);
    t.type('system user bob');
    t.keys('Enter');
    await t.waitFor(/User bob created/);
    // The secret, typed with the cursor moved into it (the inverse cursor cuts it in two).
    t.type(`system user bob password ${SECRET}`);
    t.keys('Left', 'Left', 'Left');
    await t.waitFor(/password \S{10}/);
    t.keys('End', 'Enter');
    await t.waitFor(/Password of bob changed/);
    // Masked on the command line as typed and as echoed: no part of it is in the file.
    const typed = readFileSync(file).toString('latin1');
    for (const part of [SECRET, SECRET.slice(0, 4), SECRET.slice(-4)]) expect(typed).not.toContain(part);
    expect(t.screen()).toMatch(/password \*{10}\n/);

    t.type('show interface');
    t.keys('Enter');
    await t.waitFor(/lo\s+UP[^\n]*\n[^\n]*admin@127\.0\.0\.1> ?\n/);
    await new Promise((r) => setTimeout(r, 300));
    // Written as the session runs: the file already replays to what the terminal shows.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const cast = readCast(file);
    expect(cast.header).toMatchObject({
      version: 2,
      width: 100,
      height: 30,
      env: { TERM: 'xterm-256color' },
    });
    expect(await replayScreen(cast)).toEqual(rows(t.screen()));

    // The secret's text in later output (here a description the router shows back) is masked too.
    t.type(`interface lo description ${SECRET}`);
    t.keys('Enter');
    await t.waitFor(/admin@127\.0\.0\.1> interface lo description \S+\n(?:.*\n)*admin@127/);
    t.type('show interface lo');
    t.keys('Enter');
    await t.waitFor(new RegExp(`description: ${SECRET}`));

    t.resize(90, 25);
    await t.waitFor(() => readCast(file).events.some(([, k, d]) => k === 'r' && d === '90x25'));
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(/\[exited 0\]/);

    const raw = readFileSync(file).toString('latin1');
    expect(raw).not.toContain(SECRET);
    expect(raw).toContain('description: **********');
    expect(raw).toContain('Password of bob changed');

    if (has(['asciinema', '--version']) && has(['script', '-V'])) {
      // asciinema reads /dev/tty: `script` gives it a terminal.
      const played = execFileSync('script', ['-qec', `asciinema cat ${file}`, '/dev/null'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(played).toContain('Password of bob changed');
      expect(played).not.toContain(SECRET);
    }
  }, 180_000);

  it('records the password prompt, never the password typed at it', async () => {
    const pw = 'Zq9pass77';
    const made = await runBin(
      [
        '--router',
        sim.url,
        '--user',
        'admin',
        '-c',
        'system user dave',
        '-c',
        `system user dave password ${pw}`,
      ],
      {
        env: { ROUTERSH_PASSWORD: 'admin' },
      },
    );
    expect(made.code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), 'rec-')), 'login.cast');
    term = new RawTmux(100, 30);
    term.start(`node ${BIN} --router ${sim.url} --user dave --record ${file}`, {
      XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'rec-state-')),
    });
    await term.waitFor(/Password for dave: ?$/m);
    term.type(pw);
    term.keys('Enter');
    await term.waitFor(/dave@127\.0\.0\.1> ?$/m);
    term.type('exit');
    term.keys('Enter');
    await term.waitFor(/\[exited 0\]/);
    const raw = readFileSync(file).toString('latin1');
    expect(raw).toContain('Password for dave: ');
    expect(raw).not.toContain(pw);
  }, 180_000);
});
