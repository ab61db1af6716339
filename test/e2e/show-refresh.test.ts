// `show … | refresh N` in a real terminal against the router simulator: the output is drawn in
// place and updated (a change made through the API between refreshes appears), `q` returns to
// the prompt; in a script (-c) `| refresh` is refused in one line, exit 2.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const run = promisify(execFile);
let sim: RouterSim;
let term: Tmux | undefined;
const dir = mkdtempSync(join(tmpdir(), 'routersh-refresh-'));
const env = {
  ROUTERSH_PASSWORD: 'admin',
  XDG_STATE_HOME: join(dir, 'state'),
  XDG_CONFIG_HOME: join(dir, 'config'),
};

beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1>\s*$/m;
/** routersh -c LINE…: its exit status, stdout and stderr (a failure is an answer, not a throw). */
async function routersh(...lines: string[]) {
  const args = [BIN, '--router', sim.url, '--user', 'admin', ...lines.flatMap((l) => ['-c', l])];
  try {
    const r = await run('node', args, { env: { ...process.env, ...env }, encoding: 'utf8' });
    return { status: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { status: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

describe('| refresh in a script', () => {
  it('is refused in one line, exit 2, and nothing else runs', async () => {
    const r = await routersh('show interface | refresh 1');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      "% '| refresh' needs the interactive shell: a script runs each line once (leave it out) (command 1)",
    ]);
  });

  it('a dry run says the same (exit 2), and sends nothing', async () => {
    const r = await routersh('show interface | refresh');
    const dry = await (async () => {
      const args = [
        BIN,
        '--router',
        sim.url,
        '--user',
        'admin',
        '--dry-run',
        '-c',
        'show interface | refresh',
      ];
      try {
        await run('node', args, { env: { ...process.env, ...env }, encoding: 'utf8' });
        return { status: 0, stderr: '' };
      } catch (e) {
        return e as { code: number; stderr: string };
      }
    })();
    expect('code' in dry ? dry.code : dry.status).toBe(2);
    expect(dry.stderr).toContain(r.stderr.trim());
  });

  it('refuses a line that is not show or describe, and SECONDS out of range', async () => {
    const change = await routersh('interface eth0 mtu 1400 | refresh');
    expect(change.stderr).toMatch(/'\| refresh' repeats only show and describe lines/);
    const zero = await routersh('show interface | refresh 0');
    expect(zero.stderr).toMatch(/'refresh': expected seconds, 1-3600, not '0'/);
  });
});

describe.skipIf(!hasTmux())('show … | refresh in the shell (tmux)', () => {
  it('updates in place as the router changes; q returns to the prompt', async () => {
    term = new Tmux(120, 30);
    term.start(`node ${BIN} --router ${sim.url} --user admin`, env);
    await term.waitFor(PROMPT);
    term.type('show interface | refresh 1');
    term.keys('Enter');
    const first = await term.waitFor(/every 1s: show interface/);
    expect(first).toMatch(/eth0\s+UP/);
    expect(first).not.toMatch(/eth1\.100/);
    // A change through the API, by another client: the pane shows it at a later refresh.
    const made = await routersh('interface eth1.100');
    expect(made.status).toBe(0);
    const later = await term.waitFor(/eth1\.100/);
    expect(later).toMatch(/every 1s: show interface/); // still the pane, redrawn in place
    expect(later.match(/every 1s: show interface/g)).toHaveLength(1);
    // A failing refresh is shown in place; the pane stays and the output before it too.
    sim.faults.set({ status: { code: 500, count: 2 } });
    const failing = await term.waitFor(/% router rejected the request \(HTTP 500\)/);
    expect(failing).toMatch(/eth1\.100/);
    expect(failing).toMatch(/every 1s: show interface/);
    await term.waitFor(/q back · r refresh now/); // and it recovers by itself
    term.keys('q');
    const back = await term.waitFor(PROMPT);
    expect(back).not.toMatch(/every 1s: show interface/);
  });
});
