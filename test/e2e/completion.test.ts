// `routersh completion bash|zsh|fish` in the real shells (tmux), against the router simulator
// through a saved profile: `routersh --pro<Tab>` and `routersh -c 'int<Tab>`; the scripts'
// syntax; and `routersh __complete`'s deadline as its own process, against a router that
// never answers. zsh and fish are checked where they are installed (skipped with a note).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { BIN, runBin } from '../helpers/run-bin.js';
import { hasTmux, Tmux } from './tmux.js';

const has = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined;
const HAS_ZSH = has('zsh');
const HAS_FISH = has('fish');
for (const [shell, here] of [
  ['zsh', HAS_ZSH],
  ['fish', HAS_FISH],
] as const)
  if (!here) console.warn(`note: ${shell} is not installed: its completion script is not checked`);

const home = mkdtempSync(join(tmpdir(), 'routersh-completion-'));
const xdg = join(home, '.config');
// `routersh` on PATH, as a user has it: the built binary.
const bin = join(home, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'routersh'), `#!/bin/sh\nexec ${process.execPath} ${BIN} "$@"\n`);
chmodSync(join(bin, 'routersh'), 0o755);

let sim: RouterSim;
/** A router that takes requests and never answers. */
let silent: TestServer;
let term: Tmux | undefined;

beforeAll(async () => {
  sim = await startRouterSim();
  silent = await startServer(() => {});
  mkdirSync(join(xdg, 'routersh'), { recursive: true });
  const pw = join(home, 'admin.pw');
  writeFileSync(pw, 'admin\n', { mode: 0o600 });
  writeFileSync(
    join(xdg, 'routersh', 'config.json'),
    JSON.stringify({
      profiles: {
        lab: { router: sim.url, user: 'admin', passwordFile: pw },
        silent: { router: silent.url, user: 'admin', passwordFile: pw },
      },
    }),
  );
});
afterAll(async () => {
  await Promise.all([sim.close(), silent.close()]);
});
afterEach(() => term?.kill());

const env = { XDG_CONFIG_HOME: xdg, HOME: home };
const script = async (shell: string) => {
  const r = await runBin(['completion', shell], { env });
  expect(r).toMatchObject({ code: 0, stderr: '' });
  return r.stdout;
};
/** `SHELL -n FILE`: the script parsed, not run. */
function syntax(shell: string, text: string) {
  const file = join(home, `routersh.${shell}`);
  writeFileSync(file, text);
  return spawnSync(shell, ['-n', file], { encoding: 'utf8' });
}

describe('the scripts', () => {
  it('bash: bash -n accepts it', async () => {
    expect(syntax('bash', await script('bash'))).toMatchObject({ status: 0, stderr: '' });
  });
  it.skipIf(!HAS_ZSH)('zsh: zsh -n accepts it', async () => {
    expect(syntax('zsh', await script('zsh'))).toMatchObject({ status: 0, stderr: '' });
  });
  it.skipIf(!HAS_FISH)('fish: fish -n accepts it', async () => {
    expect(syntax('fish', await script('fish'))).toMatchObject({ status: 0, stderr: '' });
  });
  it('an unknown shell is a usage error', async () => {
    const r = await runBin(['completion', 'tcsh'], { env });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: "% no completion for 'tcsh': bash, zsh, fish\n" });
  });
});

describe('routersh __complete as its own process', () => {
  it('a router that never answers: nothing printed, exit 0, within about a second', async () => {
    const t0 = performance.now();
    // Its own deadline is 0.9 s from its start; without one it would wait on the silent router
    // until this run's 5 s (a loaded machine's slack beside it), and fail.
    const r = await runBin(['__complete', '--', '--profile', 'silent', '-c', 'int'], {
      env,
      timeoutMs: 5_000,
    });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(silent.requests.length).toBeGreaterThan(0);
    console.info(`__complete against a silent router: ${Math.round(performance.now() - t0)} ms`);
  });

  it('against the simulator: the words, well within the deadline', async () => {
    const t0 = performance.now();
    const r = await runBin(['__complete', '--', '--profile', 'lab', '-c', 'interface e'], { env });
    const ms = performance.now() - t0;
    expect(r.stdout).toMatch(/^interface eth0\t.*\ninterface eth1\t.*\n:nospace\n$/);
    console.info(`__complete -c 'interface e' against the simulator: ${Math.round(ms)} ms`);
  });
});

/** A shell in tmux with `routersh` on PATH, the profiles above and a home of its own. */
function shell(command: string): Tmux {
  term = new Tmux(140, 20);
  term.start(command, {
    ...env,
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    XDG_DATA_HOME: join(home, 'data'),
  });
  return term;
}
const lastLine = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => l.trim() !== '')
    .at(-1) ?? '';

describe.skipIf(!hasTmux())('completion in a real shell (tmux)', () => {
  it("bash: routersh --pro<Tab> → --profile; routersh -c 'int<Tab> → interface, from the router", async () => {
    const t = shell('bash --norc --noprofile');
    t.type('PS1="$ "; source <(routersh completion bash); echo sourced');
    t.keys('Enter');
    await t.waitFor(/^sourced$/m);
    t.type('routersh --pro');
    t.keys('Tab');
    await t.waitFor((s) => lastLine(s) === '$ routersh --profile');
    t.type("lab -c 'int");
    t.keys('Tab');
    // The quote stays open for the next word of the command.
    await t.waitFor((s) => lastLine(s) === "$ routersh --profile lab -c 'interface");
    t.type('e');
    t.keys('Tab');
    await t.waitFor((s) => lastLine(s) === "$ routersh --profile lab -c 'interface eth");
    t.type("0 mtu 1400'");
    t.keys('Enter');
    // The completed line runs: the profile logs in, the MTU is set.
    await t.waitFor(/^MTU of eth0 set to 1400$/m);
    // The default profile (ROUTERSH_PROFILE): no --profile on the line.
    t.type('export ROUTERSH_PROFILE=lab; clear');
    t.keys('Enter');
    await t.waitFor((s) => lastLine(s) === '$');
    t.type("routersh -c 'int");
    t.keys('Tab');
    await t.waitFor((s) => lastLine(s) === "$ routersh -c 'interface");
  });

  it.skipIf(!HAS_ZSH)('zsh: routersh --pro<Tab> → --profile, and -c words from the router', async () => {
    const t = shell('zsh -f');
    t.type(
      'PS1="$ "; autoload -U compinit && compinit -u && source <(routersh completion zsh); echo sourced',
    );
    t.keys('Enter');
    await t.waitFor(/^sourced$/m);
    t.type('routersh --pro');
    t.keys('Tab');
    await t.waitFor((s) => lastLine(s) === '$ routersh --profile');
    t.type("lab -c 'int");
    t.keys('Tab');
    await t.waitFor((s) => lastLine(s) === "$ routersh --profile lab -c 'interface");
  });

  it.skipIf(!HAS_FISH)('fish: routersh --pro<Tab> → --profile', async () => {
    const t = shell('fish -N');
    t.type('routersh completion fish | source; echo sourced');
    t.keys('Enter');
    await t.waitFor(/^sourced$/m);
    t.type('routersh --pro');
    t.keys('Tab');
    await t.waitFor(/routersh --profile\s*$/m);
  });
});
