// `routersh completion bash|zsh|fish` in the real shells (tmux), against the router simulator
// through a saved profile: `routersh --pro<Tab>` and `routersh -c 'int<Tab>`; the scripts'
// syntax; and `routersh __complete` as its own process: its deadline against a router that
// never answers, and the router words it keeps on disk (answered at once while the router takes
// 2 s, refreshed by a detached process). zsh and fish are checked where they are installed
// (skipped with a note). Nothing here races the deadline: a first Tab may answer or not (a
// loaded machine), and the test waits for the words to be kept before it relies on them.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { walk } from '../../src/commands/completion/argv-slot.js';
import { mainFlags } from '../../src/commands/completion/flag-specs.js';
import { profileLogin } from '../../src/commands/completion/profile-login.js';
import { storeFile } from '../../src/commands/completion/word-store.js';
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
/** The router of the kept-words tests (made slow, changed): its own, so the shells' words stay. */
let slow: RouterSim;
/** A router that takes requests and never answers. */
let silent: TestServer;
let term: Tmux | undefined;

beforeAll(async () => {
  [sim, slow] = await Promise.all([startRouterSim(), startRouterSim()]);
  silent = await startServer(() => {});
  mkdirSync(join(xdg, 'routersh'), { recursive: true });
  const pw = join(home, 'admin.pw');
  writeFileSync(pw, 'admin\n', { mode: 0o600 });
  writeFileSync(
    join(xdg, 'routersh', 'config.json'),
    JSON.stringify({
      profiles: {
        lab: { router: sim.url, user: 'admin', passwordFile: pw },
        slow: { router: slow.url, user: 'admin', passwordFile: pw },
        // Its requests' own timeout far past the run's hang guard: only the deadline ends them.
        silent: { router: silent.url, user: 'admin', passwordFile: pw, timeout: 3600 },
      },
    }),
  );
});
afterAll(async () => {
  await Promise.all([sim.close(), slow.close(), silent.close()]);
});
afterEach(() => term?.kill());

const env = { XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: join(home, '.cache'), HOME: home };
/** Where __complete keeps a profile's router words. */
function keptFile(profile: string): string {
  const login = profileLogin(walk(['--profile', profile], mainFlags()), env);
  return storeFile(login!.cfg.router ?? '', login!.cfg.user, env)!;
}

/** Waits (a hang guard only) until `ok()` holds, looking again every 50 ms. */
async function until(ok: () => boolean, what: string, guardMs = 60_000) {
  const end = Date.now() + guardMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`still waiting after ${guardMs} ms: ${what}`);
    await sleep(50);
  }
}
/** No refresh running for the profile, and its words kept. */
const settled = (profile: string) =>
  existsSync(keptFile(profile)) && !existsSync(`${keptFile(profile)}.lock`);

/**
 * `__complete ARGV` until its words are kept: the first Tab answers from the router within the
 * deadline and keeps them, or misses it (a busy machine) and a detached refresh keeps them.
 */
async function kept(profile: string, line: string) {
  const r = await runBin(['__complete', '--', '--profile', profile, '-c', line], { env, timeoutMs: 60_000 });
  expect(r).toMatchObject({ code: 0, stderr: '' });
  await until(() => settled(profile), `the words of '${line}' kept`);
}
/**
 * `routersh completion SHELL`, once per shell (a routersh start is ~0.3 s of CPU): kept in a
 * file that `SHELL -n` parses and the shell in tmux sources.
 */
const scripts = new Map<string, Promise<string>>();
const script = (shell: string): Promise<string> => {
  let s = scripts.get(shell);
  if (!s) {
    s = runBin(['completion', shell], { env }).then((r) => {
      expect(r).toMatchObject({ code: 0, stderr: '' });
      const file = join(home, `routersh.${shell}`);
      writeFileSync(file, r.stdout);
      return file;
    });
    scripts.set(shell, s);
  }
  return s;
};
/** `SHELL -n FILE`: the script parsed, not run. */
const syntax = (shell: string, file: string) => spawnSync(shell, ['-n', file], { encoding: 'utf8' });

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
  it('a router that never answers: nothing printed, exit 0 (its deadline ends it)', async () => {
    const t0 = performance.now();
    // The profile's request timeout is an hour: without its own deadline it would wait on the
    // silent router past this run's hang guard, and fail.
    const r = await runBin(['__complete', '--', '--profile', 'silent', '-c', 'int'], {
      env,
      timeoutMs: 60_000,
    });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    // It did reach the router: the connection is counted when this process accepts it, which a
    // busy test process may do after the child has gone (its request then never reads).
    await vi.waitFor(() => expect(silent.connections()).toBeGreaterThan(0), { timeout: 30_000 });
    console.info(`__complete against a silent router: ${Math.round(performance.now() - t0)} ms`);
  });

  it('kept words: answered while the router takes 2 s, then refreshed beside the answer', async () => {
    const argv = ['--profile', 'slow', '-c', 'interface e'];
    await kept('slow', 'interface e');
    const path = keptFile('slow');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // The router gets an interface of its own, and from now on takes 2 s per request: a Tab
    // that asked it could not answer within its deadline of about a second.
    const made = await runBin(['--router', slow.url, '--user', 'admin', '-c', 'interface eth9'], {
      env: { ...env, ROUTERSH_PASSWORD: 'admin' },
      timeoutMs: 60_000,
    });
    expect(made).toMatchObject({ code: 0, stdout: 'Interface eth9 created\n' });
    slow.faults.set({ latencyMs: 2_000 });
    const asked = slow.requests.length;
    const t0 = performance.now();
    const cached = await runBin(['__complete', '--', ...argv], { env, timeoutMs: 60_000 });
    const ms = Math.round(performance.now() - t0);
    expect(cached.stdout).toMatch(/^interface eth0\t.*\ninterface eth1\t.*\n:nospace\n$/);
    expect(slow.requests.length).toBe(asked);
    console.info(`__complete from kept words, the router taking 2 s: ${ms} ms`);

    // Kept a minute ago: answered as kept (no eth9), and a detached refresh reads them again.
    const old = Date.now() / 1000 - 120;
    utimesSync(path, old, old);
    const stale = await runBin(['__complete', '--', ...argv], { env, timeoutMs: 60_000 });
    expect(stale.stdout).toBe(cached.stdout);
    await until(() => statSync(path).mtimeMs / 1000 > old + 60 && settled('slow'), 'the refresh');
    expect(slow.requests.length).toBeGreaterThan(asked);
    const fresh = await runBin(['__complete', '--', ...argv], { env, timeoutMs: 60_000 });
    expect(fresh.stdout).toMatch(/^interface eth0\t.*\ninterface eth1\t.*\ninterface eth9\t.*\n:nospace\n$/);
    slow.faults.clear();
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
    await kept('lab', 'int');
    await kept('lab', 'interface e');
    const t = shell('bash --norc --noprofile');
    t.type(`PS1="$ "; source ${await script('bash')}; echo sourced`);
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
    await kept('lab', 'int');
    const t = shell('zsh -f');
    t.type(`PS1="$ "; autoload -U compinit && compinit -u && source ${await script('zsh')}; echo sourced`);
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
    t.type(`source ${await script('fish')}; echo sourced`);
    t.keys('Enter');
    await t.waitFor(/^sourced$/m);
    t.type('routersh --pro');
    t.keys('Tab');
    await t.waitFor(/routersh --profile\s*$/m);
  });
});
