// Lessons as a new user meets them (issue 18's first hour), in tmux with the built binary:
// `learn` alone lists the lessons (it was an error); Tab after `learn ` offers their names,
// the user's own lessons (~/.config/routersh/lessons/NAME.md) included; `routersh learn
// --progress` reports the user's own lessons too; and when a step's command opens a
// full-screen pane, the next step's instruction is printed once the pane closes.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const PROMPT = /admin@127\.0\.0\.1> ?$/m;
let term: Tmux | undefined;
afterEach(() => {
  term?.kill();
  term = undefined;
});

const OWN = `---
title: My own lesson
---
Say hello to the router.

## Its name

Show the hostname.

hint: \`show hostname\`
check: ran ^show hostname
`;

function home() {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-lessons-'));
  const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CONFIG_HOME: join(dir, 'config') };
  mkdirSync(join(env.XDG_CONFIG_HOME, 'routersh', 'lessons'), { recursive: true });
  writeFileSync(join(env.XDG_CONFIG_HOME, 'routersh', 'lessons', 'mine.md'), OWN);
  return env;
}

describe('the user’s own lessons', () => {
  it('are listed, started by name, and reported by learn --progress', async () => {
    const env = home();
    const list = await runBin(['learn'], { env });
    expect(list.stdout).toMatch(/^mine\s+not started\s+My own lesson$/m);
    const run = await runBin(['learn', 'mine', '-c', 'show hostname'], { env, timeoutMs: 20_000 });
    expect(run.code, run.stderr).toBe(0);
    const progress = await runBin(['learn', '--progress', '--json'], { env });
    const report = JSON.parse(progress.stdout) as { lessons: Array<{ lesson: string }> };
    expect(report.lessons.map((l) => l.lesson)).toContain('mine');
  });
});

describe.skipIf(!hasTmux())('lessons in the shell (tmux)', () => {
  it('`learn` alone lists the lessons; Tab after `learn ` offers their names', async () => {
    term = new Tmux(120, 40);
    term.start(`node ${BIN} --demo`, home());
    await term.waitFor(PROMPT);
    term.type('learn');
    term.keys('Enter');
    const s = await term.waitFor(/telemetry\s+not started/);
    expect(s).not.toMatch(/incomplete command/);
    expect(s).toMatch(/^mine\s+not started\s+My own lesson$/m);
    term.type('learn int');
    term.keys('Tab');
    await term.waitFor(/learn interfaces ?$/m);
    term.keys('C-u');
    term.type('learn ');
    term.keys('Tab', 'Tab');
    const menu = await term.waitFor(/firewall/);
    expect(menu).toMatch(/discover/);
    expect(menu).toMatch(/mine/);
  });

  it('a step whose command opens a pane: its next step is printed when the pane closes', async () => {
    term = new Tmux(120, 40);
    term.start(`node ${BIN} --demo`, home());
    await term.waitFor(PROMPT);
    term.type('learn telemetry');
    term.keys('Enter');
    await term.waitFor(/List the metric names/);
    term.type('metrics names');
    term.keys('Enter');
    await term.waitFor(/Chart the downstream packet rate/);
    term.type("metrics range 'sum by (grp) (rate(pkts_down[5m]))' since 6h");
    term.keys('Enter');
    // The chart pane is full screen; q returns to the prompt.
    await term.waitFor(/q back/);
    term.keys('q');
    const s = await term.waitFor(/Find the firewall's log records of the last hour/);
    expect(s).toMatch(PROMPT);
  });
});
