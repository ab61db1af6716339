// FORCE_COLOR, NO_COLOR and TERM=dumb as the ecosystem reads them (issue 18), through the built
// binary: `compare` into a pipe is coloured only with FORCE_COLOR; the interactive shell in tmux
// draws no colour under NO_COLOR or TERM=dumb (the raw bytes the pane received carry no SGR
// colour), and does under a plain xterm.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { RawTmux } from '../helpers/tmux-raw.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux } from './tmux.js';

let sim: RouterSim;
const dir = mkdtempSync(join(tmpdir(), 'routersh-color-'));
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

let n = 0;
const env = (more: Record<string, string> = {}) => ({
  ROUTERSH_ROUTER: sim.url,
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
  XDG_STATE_HOME: join(dir, `s${++n}`),
  ...more,
});
const RED = '\u001b[31m';
const GREEN = '\u001b[32m';
// A new MTU each run: the simulator is shared, and compare shows only what this run changed.
let mtu = 9100;
const compare = () => ['-c', `interface eth1 mtu ${++mtu}`, '-c', 'compare'];

describe('compare into a pipe', () => {
  it('is plain by default and under NO_COLOR', async () => {
    for (const e of [env(), env({ NO_COLOR: '1' })]) {
      const r = await runBin(compare(), { env: e });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^\+ .*mtu \d+/m);
      expect(r.stdout).not.toContain('\u001b[');
    }
  });
  it('is coloured with FORCE_COLOR=1, plain with FORCE_COLOR=0 and with --no-color', async () => {
    const forced = await runBin(compare(), { env: env({ FORCE_COLOR: '1' }) });
    expect(forced.stdout).toContain(`${GREEN}+ `);
    expect(forced.stdout).toContain(`${RED}- `);
    const off = await runBin(compare(), { env: env({ FORCE_COLOR: '0' }) });
    expect(off.stdout).not.toContain('\u001b[');
    const flag = await runBin(['--no-color', ...compare()], { env: env({ FORCE_COLOR: '1' }) });
    expect(flag.stdout).not.toContain('\u001b[');
  });
});

describe.skipIf(!hasTmux())('the interactive shell', () => {
  let term: RawTmux | undefined;
  afterEach(() => {
    term?.kill();
    term = undefined;
  });
  const colours = async (more: Record<string, string>) => {
    term = new RawTmux(120, 30);
    const raw = join(dir, `raw${++n}`);
    term.start(`node ${BIN}`, env(more));
    term.pipeTo(raw);
    await term.waitFor(/admin@127\.0\.0\.1> ?$/m);
    // A known word, an option and a wrong one: the prompt line is syntax-coloured when colour is on.
    term.type('show interface nosuchword');
    // The line as the shell (Ink) draws it, not the plain prompt's echo before Ink has loaded: a
    // frame holding it after the key source turned bracketed paste on, or in Ink's synchronized
    // output (on a loaded machine the pipe can start after bracketed paste was turned on).
    const deadline = Date.now() + 15_000;
    const drawnByInk = (bytes: string) =>
      ['\u001b[?2004h', '\u001b[?2026h'].some((mark) => {
        const at = bytes.indexOf(mark);
        return at >= 0 && bytes.slice(at).includes('nosuchword');
      });
    while (!drawnByInk(RawTmux.raw(raw))) {
      if (Date.now() > deadline) throw new Error(`the shell never drew the line:\n${RawTmux.raw(raw)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 100));
    return RawTmux.raw(raw);
  };
  it('colours the line on a plain xterm', async () => {
    expect(await colours({})).toMatch(/\u001b\[3[1-6]m/);
  });
  it.each([[{ NO_COLOR: '1' }], [{ TERM: 'dumb' }]])('draws no colour under %j', async (more) => {
    expect(await colours(more)).not.toMatch(/\u001b\[(3[0-7]|9[0-7]|38;)/);
  });
});
