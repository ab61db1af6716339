// The built binary in a real terminal (tmux) against the router simulator: what a user
// sees on the screen and what the router received.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { loadingEnv, preloadAt } from '../helpers/loaded-files.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux;

beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1> ?$/m;
const sent = () => sim.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

function launch(): Tmux {
  term = new Tmux(120, 40);
  term.start(`node ${BIN} --router ${sim.url} --user admin`, {
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: '/tmp/routersh-e2e-state',
  });
  return term;
}

describe.skipIf(!hasTmux())('shell in tmux', () => {
  it('completes, lists, validates, configures and exits', async () => {
    const t = launch();
    await t.waitFor(PROMPT);

    t.type('int');
    t.keys('Tab');
    await t.waitFor(/admin@127\.0\.0\.1> interface\s*\n<ifname\.vlanid>/);

    t.keys('Tab');
    await t.waitFor(/eth0\s+\*/);
    t.keys('C-u');

    t.type('ping 10.0.0.1 ?');
    const menu = await t.waitFor(/numeric/);
    expect(menu).toMatch(/count\s+option/);
    t.keys('Escape');
    await t.waitFor((s) => !/numeric/.test(s));
    t.keys('C-u');
    await t.waitFor(PROMPT);

    const before = sent().length;
    t.type('ping 10.0.0.300');
    t.keys('Enter');
    const err = await t.waitFor(/% invalid value '10\.0\.0\.300'/);
    expect(err).toMatch(/\^{10}/);
    expect(sent().length).toBe(before);

    t.type('interface eth5');
    t.keys('Enter');
    await t.waitFor(() => sent().includes('POST /api/interface/eth5'));
    t.type('interface eth5 mtu 1400');
    t.keys('Enter');
    await t.waitFor(() => sent().includes('POST /api/interface/eth5/mtu/1400'));
    t.type('show interface');
    t.keys('Enter');
    await t.waitFor(/eth5\s+UP\s+1400/);

    t.type('no interface eth5');
    t.keys('Enter');
    await t.waitFor(() => sent().includes('DELETE /api/interface/eth5'));

    t.type('edit ipv4 firewall match-list blacklist');
    t.keys('Enter');
    await t.waitFor(/admin@127\.0\.0\.1\(ipv4 firewall match-list blacklist\)>\s*$/m);
    t.type('action match net 192.0.2.99');
    t.keys('Enter');
    await t.waitFor(() => sent().includes('POST /api/ipv4/firewall/match-list/blacklist/action/match'));
    t.type('show');
    t.keys('Enter');
    await t.waitFor(/192\.0\.2\.99\s+timeout/);
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(PROMPT);
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(/\[exited 0\]/);
  });

  it('a wrong password ends the shell at once with one line and exit 3', async () => {
    term = new Tmux(120, 40);
    term.start(`node ${BIN} --router ${sim.url} --user admin`, { ROUTERSH_PASSWORD: 'wrong' });
    const screen = await term.waitFor(/\[exited 3\]/);
    expect(screen).toMatch(/^% authentication failed for user admin/m);
    expect(screen).not.toContain('wrong');
  });

  it('Ctrl-L clears the screen and keeps the line; Ctrl-D exits', async () => {
    const t = launch();
    await t.waitFor(PROMPT);
    t.type('show hostname');
    t.keys('Enter');
    await t.waitFor(/^router$/m);
    t.type('int');
    t.keys('C-l');
    // Ink redraws its last frame after the clear, then the frame with `int` (under load the
    // capture can fall between the two): wait for the settled screen.
    const cleared = await t.waitFor(
      (s) => !/^router$/m.test(s) && /^admin@127\.0\.0\.1> int/.test(s.split('\n')[0] ?? ''),
    );
    expect(cleared).not.toMatch(/^router$/m);
    t.keys('C-u');
    t.keys('C-d');
    await t.waitFor(/\[exited 0\]/);
  });

  it('Ctrl-R finds a line, Ctrl-C clears one and cancels a slow request', async () => {
    const t = launch();
    await t.waitFor(PROMPT);
    t.type('show hostname');
    t.keys('Enter');
    await t.waitFor(/^router$/m);
    t.keys('C-r');
    t.type('hostn');
    await t.waitFor(/\(reverse-i-search\)'hostn': show hostname/);
    t.keys('Enter');
    await t.waitFor(/admin@127\.0\.0\.1> show hostname\s*$/m);
    t.keys('C-c');
    await t.waitFor(/show hostname\^C/);
    sim.faults.set({ latencyMs: 5000 });
    try {
      t.type('show interface');
      t.keys('Enter');
      await t.waitFor(/waiting for the router/);
      t.keys('C-c');
      await t.waitFor(/% cancelled/);
      await t.waitFor(PROMPT);
    } finally {
      sim.faults.clear();
    }
  });

  it('exits at once on Ctrl-D though a read a cancelled Tab left is never answered (its timeout is 60 s)', async () => {
    term = new Tmux(120, 40);
    term.start(`node ${BIN} --router ${sim.url} --user admin --timeout 60`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: '/tmp/routersh-e2e-state',
    });
    const t = term;
    await t.waitFor(PROMPT);
    sim.faults.set({ hang: 100 });
    try {
      const asked = sim.requests.length;
      t.type('interface eth0 ');
      t.keys('Tab');
      await t.waitFor(() => sim.requests.length > asked);
      t.keys('C-c');
      await t.waitFor(PROMPT);
      t.keys('C-d');
      // The transport ends what is still in flight 1 s into its close (CLOSE_GRACE_MS).
      await t.waitFor(/\[exited 0\]/);
    } finally {
      sim.faults.clear();
    }
  });
});

// A preload that writes the V8 flags a run set (through v8.setFlagsFromString, as
// bin/code-cache.cjs sets them).
const flagsPreload = preloadAt(
  'v8-flags.cjs',
  "const v8 = require('node:v8'); const set = v8.setFlagsFromString; const flags = []; v8.setFlagsFromString = (f) => { flags.push(f); return set(f); }; process.on('exit', () => require('node:fs').writeFileSync(process.env.ROUTERSH_TEST_FLAGS, JSON.stringify(flags)));\n",
);

describe('V8 flags per kind of run (src/commands/v8-flags.ts)', () => {
  const flagsDir = mkdtempSync(join(tmpdir(), 'routersh-flags-'));
  const env = (file: string) => ({
    NODE_OPTIONS: `--require=${flagsPreload}`,
    ROUTERSH_TEST_FLAGS: file,
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: flagsDir,
  });
  const HEAP = ['--semi-space-growth-factor=1', '--heap-growing-percent=50'];

  it.skipIf(!hasTmux())(
    'the shell: WebAssembly optimised late, and a heap that grows in small steps',
    async () => {
      const file = join(flagsDir, 'shell.json');
      term = new Tmux(100, 30);
      const t = term;
      t.start(`node ${BIN} --router ${sim.url} --user admin`, env(file));
      await t.waitFor(PROMPT);
      t.keys('C-d');
      await t.waitFor(/\[exited 0\]/);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(['--wasm-tiering-budget=50000000', ...HEAP]);
    },
  );

  it('-c: WebAssembly unoptimised, the heap as V8 sets it', async () => {
    const file = join(flagsDir, 'c.json');
    const r = await runBin(['--router', sim.url, '--user', 'admin', '-c', 'show interface'], {
      env: env(file),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(['--liftoff-only']);
  });

  it('-i INV -c: as -c, and a function optimised only once it is hot', async () => {
    const file = join(flagsDir, 'fleet.json');
    const inventory = join(flagsDir, 'fleet.yml');
    const password = join(flagsDir, 'admin.password');
    writeFileSync(password, 'admin\n', { mode: 0o600 });
    writeFileSync(
      inventory,
      `all:\n  hosts:\n    r1:\n      routersh_router: "${sim.url}"\n      routersh_user: admin\n      routersh_password_file: "${password}"\n`,
    );
    const r = await runBin(['-i', inventory, '-c', 'show hostname'], { env: env(file) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(['--liftoff-only', '--interrupt-budget=300000']);
  });
});

// A preload that writes how many Intl.Segmenters a run made.
const segmentersPreload = preloadAt(
  'segmenters.cjs',
  "const S = Intl.Segmenter; let made = 0; Intl.Segmenter = class extends S { constructor(...a) { super(...a); made++; } }; process.on('exit', () => require('node:fs').writeFileSync(process.env.ROUTERSH_TEST_SEGMENTERS, String(made)));\n",
);

describe.skipIf(!hasTmux())('what a shell costs before its first line (issue 19)', () => {
  it('no Intl.Segmenter (~22 ms: ICU break rules) and no node:crypto, child_process, fs/promises or assert, to its prompt, just after, and while a line is typed', async () => {
    const made = join(mkdtempSync(join(tmpdir(), 'routersh-start-')), 'segmenters');
    const loading = loadingEnv(segmentersPreload);
    term = new Tmux(100, 30);
    const t = term;
    t.start(`node ${BIN} --router ${sim.url} --user admin`, {
      ...loading.env,
      ROUTERSH_TEST_SEGMENTERS: made,
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-start-state-')),
    });
    await t.waitFor(PROMPT);
    // What the shell does just after its prompt: the journal opens (100 ms in, its session id),
    // RE2 loads, the history is read.
    await new Promise((r) => setTimeout(r, 600));
    // The first keys typed (each key parsed, the line drawn with its hint): a Segmenter here
    // cost the first key ~20 ms.
    for (const ch of 'show ') t.type(ch);
    await t.waitFor(/> show/);
    t.keys('C-u', 'C-d');
    await t.waitFor(/\[exited 0\]/);
    const { builtins } = loading.read();
    expect(builtins).toContain('tty'); // the control: the list is read
    expect(readFileSync(made, 'utf8')).toBe('0');
    for (const m of ['crypto', 'child_process', 'fs/promises', 'assert']) expect(builtins).not.toContain(m);
  });
});
