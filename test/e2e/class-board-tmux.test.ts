// `routersh class board` in tmux against a real `routersh class serve` (both the built binary):
// the board draws a row per trainee, shows a step a trainee passes (`class join … -c`) without
// a key pressed, opens the trainee (their command, read only) and comes back, resets their
// router with `r` (the interface they made is gone: the server's own snapshot), and `q` quits 0.
// The other keys against the server too (a class of two lessons): the token asked without echo,
// `--stuck 1s` marking a trainee, `m` a message the trainees' event stream carries, `R` (after
// its y/N) both routers back at the start, `n` (after its y/N) the next lesson, then none.
// A class served over TLS with a certificate of its own CA: `class grades` names the fix (Node's
// NODE_EXTRA_CA_CERTS: the instructor's commands take no TLS flags) and works with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin } from '../helpers/run-bin.js';
import { testPki } from '../helpers/test-pki.js';
import { hasTmux, shellQuote, Tmux } from './tmux.js';

interface Served {
  child: ChildProcess;
  url: string;
  tokenFile: string;
  codes: Map<string, string>;
}

/** `class serve` as a child process, resolved once its screen is printed. */
function serve(args: string[], env: Record<string, string>): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'class', 'serve', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`class serve exited ${code}: ${out}${err}`)));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('Ctrl-C ends the class')) return;
      const codes = new Map<string, string>();
      for (const m of out.matchAll(/^ {2}(\S+) +([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})$/gm))
        codes.set(m[1]!, m[2]!);
      resolve({
        child,
        url: /^class (\S+)/m.exec(out)![1]!,
        tokenFile: /also in (\S+), 0600/.exec(out)![1]!,
        codes,
      });
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'class-board-e2e-'));
const env = { HOME: dir, XDG_STATE_HOME: join(dir, 'state'), XDG_CONFIG_HOME: join(dir, 'config') };
let served: Served;
const tmux = new Tmux(100, 30);

beforeAll(async () => {
  if (!hasTmux()) return;
  served = await serve(['--trainees', '2', '--lesson', 'interfaces'], env);
});
afterAll(() => {
  tmux.kill();
  served?.child.kill('SIGINT');
});

/** Trainee NAME of class `s` runs LINE (a scripted `class join`): its exit status and output. */
function join1(name: string, line: string, s: Served = served) {
  const codeFile = join(dir, `${name}-${new URL(s.url).port}.code`);
  writeFileSync(codeFile, s.codes.get(name)!, { mode: 0o600 });
  return runBin(['class', 'join', s.url, '--name', name, '--code-file', codeFile, '-c', line], { env });
}

/** Trainee NAME runs LINE in the class, exit 0. */
async function trainee(name: string, line: string, s: Served = served): Promise<void> {
  const r = await join1(name, line, s);
  expect(r.stderr, r.stdout).toBe('');
  expect(r.code).toBe(0);
}

describe.skipIf(!hasTmux())('class board in tmux against class serve', () => {
  it('rows, a passed step live, Enter/Esc, r resets the router, q quits', async () => {
    tmux.start(
      `node ${shellQuote(BIN)} class board ${served.url} --token-file ${shellQuote(served.tokenFile)}`,
      env,
    );
    await tmux.waitFor(/lesson 1\/1 interfaces/);
    let s = await tmux.waitFor(/> t1 +▸ · · · ·/);
    expect(s).toMatch(/ {2}t2 +▸ · · · · +- not joined/);
    await trainee('t1', 'interface eth1.100');
    s = await tmux.waitFor(/> t1 +✓ ▸ · · ·/);
    expect(s).toContain('interface eth1.100');
    tmux.keys('Enter');
    s = await tmux.waitFor(/\d\d:\d\d:\d\d ✓ interface eth1\.100/);
    expect(s).toContain('t1: recent commands and checks (read only)');
    tmux.keys('Escape');
    await tmux.waitFor(/TRAINEE +STEPS/);
    // Before the reset the interface is there; after it, a read of it fails.
    expect((await join1('t1', 'show interface eth1.100')).code).toBe(0);
    tmux.type('r');
    await tmux.waitFor(/t1's router is at the lesson's start/);
    const gone = await join1('t1', 'show interface eth1.100');
    expect(gone.code, gone.stdout).not.toBe(0);
    tmux.type('q');
    await tmux.waitFor(/\[exited 0\]/);
  });

  it('the token asked without echo; --stuck; m, R and n reach the server; the last lesson says so', async () => {
    const two = await serve(['--trainees', '2', '--lesson', 'interfaces', '--lesson', 'users'], {
      ...env,
      XDG_STATE_HOME: join(dir, 'two-state'),
    });
    const term = new Tmux(100, 30);
    try {
      const token = readFileSync(two.tokenFile, 'utf8').trim();
      term.start(`node ${shellQuote(BIN)} class board ${two.url} --stuck 1s`, env);
      await term.waitFor(/^instructor token:/m);
      term.type(token);
      term.keys('Enter');
      let s = await term.waitFor(/lesson 1\/2 interfaces/);
      expect(s).not.toContain(token);
      await trainee('t1', 'interface eth1.100', two);
      await trainee('t2', 'interface eth1.100', two);
      // Both on step 2 for over a second: marked, and counted in the header.
      s = await term.waitFor(/· 2 stuck/);
      expect(s).toMatch(/>!t1 +✓ ▸/);
      expect(s).toMatch(/ !t2 +✓ ▸/);

      term.type('m');
      await term.waitFor(/message to every trainee:/);
      term.type('Break until 10:30');
      term.keys('Enter');
      await term.waitFor(/message sent to every trainee/);
      // What the server holds, read over HTTP as the trainee (no routersh started for it).
      const as = (name: string) => ({
        headers: {
          authorization: `Basic ${Buffer.from(`${name}:${two.codes.get(name)}`).toString('base64')}`,
        },
      });
      const events = await fetch(`${two.url}/class/events?after=0`, as('t2'));
      expect(await events.json()).toMatchObject({ events: [{ kind: 'message', text: 'Break until 10:30' }] });

      const vlan = async (name: string) =>
        (await (await fetch(`${two.url}/t/${name}/api/interface`, as(name))).text()).includes('eth1.100');
      expect(await vlan('t2')).toBe(true);
      term.type('R');
      await term.waitFor(/Reset every trainee's router to the lesson's start\? y\/N/);
      term.type('y');
      s = await term.waitFor(/every trainee's router is at the lesson's start/);
      expect(s).toMatch(/> t1 +▸ · · · ·/);
      for (const name of ['t1', 't2']) expect(await vlan(name), name).toBe(false);

      term.type('n');
      await term.waitFor(/Move the class to lesson 2\/2, every router reset\? y\/N/);
      term.type('y');
      await term.waitFor(/lesson 2\/2 users/);
      const moved = (await (await fetch(`${two.url}/class/events?after=0`, as('t1'))).json()) as {
        events: Array<Record<string, unknown>>;
      };
      expect(moved.events.at(-1)).toMatchObject({ kind: 'lesson', lesson: 'users', step: 0 });
      term.type('n');
      await term.waitFor(/this is the last lesson of the class/);
      term.type('q');
      await term.waitFor(/\[exited 0\]/);
    } finally {
      term.kill();
      two.child.kill('SIGINT');
    }
  });
});

describe('class grades over TLS', () => {
  it('a certificate no system CA signed: the fix named, exit 3; with NODE_EXTRA_CA_CERTS the grades', async () => {
    const pki = testPki();
    const tlsEnv = { ...env, XDG_STATE_HOME: join(dir, 'tls-state') };
    const tls = await serve(
      [
        '--trainees',
        '1',
        '--lesson',
        'interfaces',
        '--cert',
        pki.files.serverCert,
        '--key',
        pki.files.serverKey,
      ],
      tlsEnv,
    );
    try {
      expect(tls.url).toMatch(/^https:/);
      const grades = ['class', 'grades', tls.url, '--csv', '--token-file', tls.tokenFile];
      const refused = await runBin(grades, { env });
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /^% TLS failed with the class server at 127\.0\.0\.1:\d+: .*use NODE_EXTRA_CA_CERTS=FILE/,
      );
      expect(refused.code).toBe(3);
      const trusted = await runBin(grades, { env: { ...env, NODE_EXTRA_CA_CERTS: pki.files.ca } });
      expect(trusted.stderr).toBe('');
      expect(trusted.stdout).toMatch(
        /^trainee,lesson,step,title,passed,hint,skipped,seconds,failed_checks,percent\r\nt1,interfaces,1,/,
      );
      expect(trusted.code).toBe(0);
    } finally {
      tls.child.kill('SIGINT');
    }
  });
});
