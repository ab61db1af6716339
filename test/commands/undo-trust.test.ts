// `routersh undo --journal FILE` does not trust FILE (issue 17): what the plan shows is what is
// sent; a change whose line and request disagree is refused, nothing sent; credentials go only
// to a router the user named; a missing password is said as such (exit 2), never sent empty.
// Against the router simulator and plain node:http servers on 127.0.0.1, through the product's
// entry (runCommand), and with a pretend terminal where a question is asked.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../src/commands/index.js';
import type { CommandIo } from '../../src/contract/command-io.js';
import { exitStatus } from '../../src/exit-status.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runCommand } from '../helpers/command-io.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

let sim: RouterSim;
/** A router nobody named: a journal may point at it; it must never see our credentials. */
let stranger: TestServer;
beforeAll(async () => {
  sim = await startRouterSim();
  stranger = await startServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"RequestStatus":"ERROR","ErrorStatus":"unauthorized"}');
  });
});
afterAll(async () => {
  await sim.close();
  await stranger.close();
});

const creds = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const writes = (from: number) => sim.requests.slice(from).filter((r) => r.method !== 'GET');
const tmp = (what: string) => mkdtempSync(join(tmpdir(), `routersh-trust-${what}-`));

/** A journal made by the product itself: a script's changes against `router`. */
async function scriptJournal(router: string, lines: string[]) {
  const state = tmp('state');
  const env = { ROUTERSH_ROUTER: router, ...creds, XDG_STATE_HOME: state };
  const r = await runCommand(
    lines.flatMap((l) => ['-c', l]),
    env,
  );
  expect(r.err).toBe('');
  const dir = join(state, 'routersh', 'journal');
  return { state, file: join(dir, readdirSync(dir)[0]!) };
}

interface Crafted {
  line: string;
  requests: unknown[];
  words: string[];
  before?: unknown;
  after?: unknown;
}

/** A journal written by hand (by anyone who can write the file). */
function craftedJournal(router: string, changes: Crafted[]): string {
  const file = join(tmp('crafted'), 'crafted.jsonl');
  const at = Date.now();
  const lines: unknown[] = [{ t: 'session', session: 'c0ffee', router, user: 'admin', at }];
  changes.forEach((c, i) => {
    const id = `c0ffee.${i + 1}`;
    const { after, ...rest } = c;
    lines.push({ t: 'change', id, seq: i + 1, at, ...rest });
    lines.push({ t: 'answer', id, answer: { ok: true, status: 'OK' } });
    lines.push({ t: 'after', id, ...(after ? { after } : {}) });
  });
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { mode: 0o600 });
  return file;
}

/** A Value-node setting as the journal stores one (`interface eth1`). */
const valueSetting = (path: string[]) => ({
  path,
  options: {},
  id: [...path.slice(0, -1), '<%IF>', path.at(-1)].join('\u001f'),
  slot: [...path.slice(0, -1), '<%IF>'].join('\u001f'),
  multi: true,
  settable: true,
  unsettable: true,
  setOptions: [],
});

/** A profile file naming `router`, its password in a file of its own. */
function profileFor(router: string, o: { user?: string; password?: string } = {}) {
  const home = tmp('config');
  mkdirSync(join(home, 'routersh'), { recursive: true });
  const profile: Record<string, string> = { router, user: o.user ?? 'admin' };
  if (o.password !== undefined) {
    const pw = join(home, 'pw');
    writeFileSync(pw, `${o.password}\n`, { mode: 0o600 });
    profile['passwordFile'] = pw;
  }
  writeFileSync(join(home, 'routersh', 'config.json'), JSON.stringify({ profiles: { r: profile } }));
  return home;
}

/**
 * Runs routersh on a pretend terminal: stdin and stderr say they are TTYs; each question that
 * appears on stderr matching a pattern is answered (once) with its text.
 */
async function onTerminal(argv: string[], env: NodeJS.ProcessEnv, answers: Array<[RegExp, string]>) {
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream & PassThrough;
  const stderr = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  const stdout = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  Object.assign(stdin, { isTTY: true });
  Object.assign(stderr, { isTTY: true, columns: 200, rows: 50 });
  let screen = '';
  let out = '';
  const pending = [...answers];
  stderr.on('data', (b: Buffer) => {
    screen += b.toString('utf8');
    const i = pending.findIndex(([re]) => re.test(screen));
    if (i >= 0) {
      const [, answer] = pending.splice(i, 1)[0]!;
      setImmediate(() => stdin.write(answer));
    }
  });
  stdout.resume();
  const io: CommandIo = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      screen += t;
    },
    stdout,
    stderr,
    stdin,
    env: { XDG_CONFIG_HOME: '/nonexistent-routersh-test', ...env },
    onInterrupt: () => () => {},
  };
  const code = exitStatus(await execute(argv, io));
  return { code, out, screen, unanswered: pending.length };
}

describe('what is shown is what is sent', () => {
  it('the plan lists each request as METHOD /api/path {body}; exactly those are sent, in that order', async () => {
    const { file } = await scriptJournal(sim.url, [
      'interface eth1 mtu 9001',
      'ipv4 firewall match-list blacklist action match net 192.0.2.77',
    ]);
    const n = sim.requests.length;
    const r = await runCommand(['undo', '--journal', file, '2', '--yes'], {
      ROUTERSH_ROUTER: sim.url,
      ...creds,
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const shown = r.out
      .split('\n')
      .filter((l) => /^ {2}(POST|DELETE) /.test(l))
      .map((l) => l.trim());
    expect(shown).toEqual([
      'POST /api/ipv4/firewall/match-list/blacklist/action/match {"Actions":["UNSET"],"Options":{"net":["192.0.2.77"]}}',
      expect.stringMatching(/^POST \/api\/interface\/eth1\/mtu\/\d+ \{"Actions":\["SET"\]\}$/),
    ]);
    const sent = writes(n).map((q) => `${q.method} ${q.url}${q.body ? ` ${q.body}` : ''}`);
    expect(sent).toEqual(shown);
  });

  it('a change whose line and request disagree is refused as inconsistent; its DELETE is never sent', async () => {
    const file = craftedJournal(sim.url, [
      {
        line: 'interface eth9 description harmless',
        requests: [{ method: 'DELETE', words: ['interface', 'eth1'] }],
        words: ['interface', 'eth1'],
        before: { settings: [] },
        after: { settings: [valueSetting(['interface', 'eth1'])] },
      },
    ]);
    const n = sim.requests.length;
    const r = await runCommand(['undo', '--journal', file, '--yes'], { ROUTERSH_ROUTER: sim.url, ...creds });
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `% change #1 of ${file} is inconsistent: its line says 'interface eth9 description harmless' but its request is DELETE /api/interface/eth1; not undone\n`,
    );
    // Nothing at all reached the router: refused before any read.
    expect(sim.requests.slice(n)).toEqual([]);
    const eth1 = await runCommand(['--json', '-c', 'describe interface'], {
      ROUTERSH_ROUTER: sim.url,
      ...creds,
    });
    expect(eth1.out).toMatch(/"eth1"/);
  });

  it('a change whose line fits its request but whose recorded settings lie elsewhere is refused too', async () => {
    const file = craftedJournal(sim.url, [
      {
        line: 'interface eth9 description harmless',
        requests: [
          { method: 'POST', words: ['interface', 'eth9', 'description', 'harmless'], actions: ['SET'] },
        ],
        words: ['interface', 'eth9', 'description', 'harmless'],
        before: { settings: [] },
        after: { settings: [valueSetting(['interface', 'eth1'])] },
      },
    ]);
    const n = sim.requests.length;
    const r = await runCommand(['undo', '--journal', file, '--yes'], { ROUTERSH_ROUTER: sim.url, ...creds });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^% change #1 of .* is inconsistent: its line says 'interface eth9 description harmless' but undoing it would send DELETE \/api\/interface\/eth1, off the node of its request POST \/api\/interface\/eth9\/description\/harmless \{"Actions":\["SET"\]\}; not undone\n$/,
    );
    expect(sim.requests.slice(n)).toEqual([]);
  });

  it("the question on a terminal does not print a hostile journal's escape sequences", async () => {
    const { file } = await scriptJournal(sim.url, ['interface eth0 mtu 1301']);
    // Still consistent (the pipe is not part of the request), but the line drives a terminal.
    const text = readFileSync(file, 'utf8').replace(
      '"line":"interface eth0 mtu 1301"',
      `"line":${JSON.stringify('interface eth0 mtu 1301 | match "\u001b]0;pwned\u0007\u001b[2J\u009b31m"')}`,
    );
    writeFileSync(file, text);
    const n = sim.requests.length;
    const t = await onTerminal(['undo', '--journal', file], { ROUTERSH_ROUTER: sim.url, ...creds }, [
      [/send 1 request\? \[y\/N\]/, 'n\r'],
    ]);
    expect(t.unanswered).toBe(0);
    expect(t.code).toBe(1);
    expect(t.screen).toMatch(/undo #1 interface eth0 mtu 1301 \| match/);
    expect(t.screen).toMatch(/POST \/api\/interface\/eth0\/mtu\/\d+ \{"Actions":\["SET"\]\}/);
    expect(t.screen).not.toContain('\u001b]0;pwned');
    expect(t.screen).not.toContain('\u001b[2J');
    expect(t.screen).not.toContain('\u009b');
    expect(writes(n)).toEqual([]);
  });
});

describe('credentials go only to a router the user named', () => {
  const stranger401 = () => stranger.requests.length;

  it('a journal naming another router: ROUTERSH_USER/PASSWORD are not sent there; one line says what to add', async () => {
    const file = craftedJournal(stranger.url, [
      {
        line: 'interface eth1 mtu 9000',
        requests: [{ method: 'POST', words: ['interface', 'eth1', 'mtu', '9000'], actions: ['SET'] }],
        words: ['interface', 'eth1', 'mtu', '9000'],
      },
    ]);
    const before = stranger401();
    const r = await runCommand(['undo', '--journal', file, '--yes'], { ...creds });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `% ${file} names router ${stranger.url}, which neither --router nor a profile names: the password for admin is not sent there (add --router ${stranger.url}, or a profile for it)\n`,
    );
    // Nor from flags: --user and --password-file without --router.
    const pw = join(tmp('pw'), 'pw');
    writeFileSync(pw, 'admin\n');
    const f = await runCommand(
      ['undo', '--journal', file, '--yes', '--user', 'admin', '--password-file', pw],
      {},
    );
    expect(f.code).toBe(2);
    expect(f.err).toMatch(/is not sent there \(add --router/);
    expect(stranger.requests.slice(before)).toEqual([]);
  });

  it('--router naming another router than the journal: refused, one line; neither router hears of it', async () => {
    const file = craftedJournal(stranger.url, [
      {
        line: 'interface eth1 mtu 9000',
        requests: [{ method: 'POST', words: ['interface', 'eth1', 'mtu', '9000'], actions: ['SET'] }],
        words: ['interface', 'eth1', 'mtu', '9000'],
      },
    ]);
    const [s0, n0] = [stranger401(), sim.requests.length];
    const r = await runCommand(['undo', '--journal', file, '--yes', '--router', sim.url], { ...creds });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `% the changes of ${file} were made on ${stranger.url}, not ${sim.url}: not undone (use --router ${stranger.url}, or confirm on a terminal)\n`,
    );
    // ROUTERSH_ROUTER names a router as --router does.
    const e = await runCommand(['undo', '--journal', file, '--yes'], { ROUTERSH_ROUTER: sim.url, ...creds });
    expect(e.code).toBe(2);
    expect(e.err).toMatch(/were made on .* not /);
    expect(stranger.requests.slice(s0)).toEqual([]);
    expect(sim.requests.slice(n0)).toEqual([]);
  });

  it('--router naming the same router (another spelling: case, default port, trailing slash) sends the credentials', async () => {
    const { file } = await scriptJournal(sim.url, ['interface eth1 mtu 1401']);
    const url = new URL(sim.url);
    const spelled = `HTTP://${url.hostname.toUpperCase()}:${url.port}/`;
    const r = await runCommand(['undo', '--journal', file, '--yes', '--router', spelled], { ...creds });
    expect(r.err).toBe('');
    expect(r.out).toMatch(/undone #1 interface eth1 mtu 1401/);
  });

  it('only the journal names the router: a profile for exactly that router logs in, never the environment', async () => {
    const { file } = await scriptJournal(sim.url, ['interface eth0 mtu 1402']);
    const home = profileFor(`${sim.url}/`, { password: 'admin' });
    const n = sim.requests.length;
    const r = await runCommand(['undo', '--journal', file, '--yes'], {
      XDG_CONFIG_HOME: home,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'env-secret-not-for-this-router',
    });
    expect(r.err).toBe('');
    expect(r.out).toMatch(/undone #1 interface eth0 mtu 1402/);
    const auth = sim.requests.slice(n).map((q) => q.headers['authorization']);
    expect(auth.length).toBeGreaterThan(0);
    expect(new Set(auth)).toEqual(new Set([`Basic ${Buffer.from('admin:admin').toString('base64')}`]));
  });

  it('on a terminal the user may send the credentials to the journal\'s router: asked first, "n" sends nothing', async () => {
    const file = craftedJournal(stranger.url, [
      {
        line: 'interface eth1 mtu 9000',
        requests: [{ method: 'POST', words: ['interface', 'eth1', 'mtu', '9000'], actions: ['SET'] }],
        words: ['interface', 'eth1', 'mtu', '9000'],
      },
    ]);
    const before = stranger401();
    const no = await onTerminal(['undo', '--journal', file], { ...creds }, [
      [/send the password for admin to http:\/\/127\.0\.0\.1:\d+ \(named only by .*\)\? \[y\/N\]/, 'n\r'],
    ]);
    expect(no.unanswered).toBe(0);
    expect(no.code).toBe(2);
    expect(stranger.requests.slice(before)).toEqual([]);

    const { file: real } = await scriptJournal(sim.url, ['interface eth1 mtu 1403']);
    const n = sim.requests.length;
    const yes = await onTerminal(['undo', '--journal', real], { ...creds }, [
      [/send the password for admin to /, 'y\r'],
      [/send 1 request\? \[y\/N\]/, 'y\r'],
    ]);
    expect(yes.unanswered).toBe(0);
    expect(yes.code).toBe(0);
    expect(yes.out).toMatch(/undone #1 interface eth1 mtu 1403/);
    expect(writes(n)).toHaveLength(1);
  });
});

describe('a missing login is said as such', () => {
  it('a profile for the journal\'s router without a password: "no password for admin at URL", exit 2, nothing sent', async () => {
    const { file } = await scriptJournal(sim.url, ['interface eth0 mtu 1404']);
    const home = profileFor(sim.url);
    const n = sim.requests.length;
    const r = await runCommand(['undo', '--journal', file, '--yes'], { XDG_CONFIG_HOME: home });
    expect(r.code).toBe(2);
    expect(r.err).toBe(`% no password for admin at ${sim.url}: add --profile or --password-file\n`);
    expect(r.err).not.toMatch(/cannot be read now/);
    expect(sim.requests.slice(n)).toEqual([]);
  });

  it("no credentials at all for the journal's router: one line naming it and what to add", async () => {
    const { file } = await scriptJournal(sim.url, ['interface eth0 mtu 1405']);
    const r = await runCommand(['undo', '--journal', file, '--yes'], {});
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `% no login for ${sim.url}, the router ${file} names: add --router ${sim.url} with --user and --password-file, or a profile for it\n`,
    );
  });

  it('-c with a user and no password, no terminal: a configuration error (exit 2); no empty Basic password is sent', async () => {
    const n = sim.requests.length;
    const r = await runCommand(['--router', sim.url, '--user', 'admin', '-c', 'show interface'], {});
    expect(r.code).toBe(2);
    expect(r.err).toBe(`% no password for admin at ${sim.url}: add --profile or --password-file\n`);
    const empty = `Basic ${Buffer.from('admin:').toString('base64')}`;
    expect(sim.requests.slice(n).filter((q) => q.headers['authorization'] === empty)).toEqual([]);
    expect(sim.requests.slice(n)).toEqual([]);
    // The same for the shell reading its commands from a pipe.
    const piped = await runCommand(['--router', sim.url, '--user', 'admin'], {}, 'show interface\n');
    expect(piped.code).toBe(2);
    expect(piped.err).toMatch(/^% no password for admin at /);
    expect(sim.requests.slice(n)).toEqual([]);
  });
});
