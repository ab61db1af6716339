// `routersh __complete` (what the scripts of `routersh completion` call on Tab), in-process
// through execute: commands, flags and their values from the parsers' tables, profiles and
// lessons, and the words of -c from the router — only a saved profile's router, with that
// profile's credentials, and never a prompt. Those words are answered from the router's metadata
// kept on disk (completion/word-store.ts): the tests keep them first with the refresh's own code
// (refreshWords, no deadline), then ask __complete with the router hung, so nothing here races
// a deadline. The deadline against a router that never answers, the detached refresh and a
// slow router are in test/e2e/completion.test.ts (processes of their own).
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { execute } from '../../src/commands/index.js';
import { COMMAND_NAMES } from '../../src/commands/command-names.js';
import { walk } from '../../src/commands/completion/argv-slot.js';
import { mainFlags } from '../../src/commands/completion/flag-specs.js';
import { profileLogin } from '../../src/commands/completion/profile-login.js';
import { refreshWords } from '../../src/commands/completion/refresh.js';
import { loadSnapshot, saveSnapshot, storeFile } from '../../src/commands/completion/word-store.js';
import { exitStatus } from '../../src/exit-status.js';
import { captureIo, runCommand } from '../helpers/command-io.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-complete-'));
const xdg = join(dir, 'xdg');
/** The kept router words of this file's runs (never the user's own cache). */
const cacheHome = join(dir, 'cache');
const secret = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, `${text}\n`, { mode: 0o600 });
  return p;
};
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let sim: RouterSim;
/** A: the router of profile `a` (answers 401: only what reaches it matters); B: someone else's. */
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  sim = await startRouterSim();
  const refuse = (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"RequestStatus":"Error","ErrorStatus":"unauthorized"}');
  };
  [a, b] = await Promise.all([startServer(refuse), startServer(refuse)]);
  mkdirSync(join(xdg, 'routersh'), { recursive: true });
  writeFileSync(
    join(xdg, 'routersh', 'config.json'),
    JSON.stringify({
      profiles: {
        lab: { router: sim.url, user: 'admin', passwordFile: secret('lab.pw', 'admin') },
        a: { router: a.url, user: 'profile-user', passwordFile: secret('a.pw', 'profile-secret') },
        nopass: { router: a.url, user: 'admin' },
        // A name that would drive the terminal it is printed on.
        'evil\u001b]0;owned\u0007': { router: a.url },
      },
    }),
  );
});
afterAll(async () => {
  await Promise.all([sim.close(), a.close(), b.close()]);
});
beforeEach(() => {
  a.requests.length = 0;
  b.requests.length = 0;
});

interface Answer {
  values: string[];
  directive: string;
  code: number;
  err: string;
}

async function complete(argv: string[], env: Record<string, string> = {}): Promise<Answer> {
  const r = await runCommand(['__complete', ...argv], {
    XDG_CONFIG_HOME: xdg,
    XDG_CACHE_HOME: cacheHome,
    ...env,
  });
  const lines = r.out.split('\n').slice(0, -1);
  const directive = lines.pop() ?? '';
  return { values: lines.map((l) => l.split('\t')[0]!), directive, code: r.code, err: r.err };
}
const words = (argv: string[], env?: Record<string, string>) =>
  complete(['--', ...argv], env).then((x) => x.values);

describe('routersh __complete: commands and flags from the parsers’ tables', () => {
  it('offers the commands a user types, never the hidden ones', async () => {
    const r = await complete(['--', '']);
    expect(r).toMatchObject({ code: 0, err: '', directive: ':' });
    expect(r.values).toEqual([...COMMAND_NAMES]);
  });

  it('completes flags: --pro → --profile; a command’s own; match-list’s by sub-command', async () => {
    expect(await words(['--pro'])).toEqual(['--profile']);
    expect(await words(['sim', '--'])).toEqual([
      '--host',
      '--port',
      '--telemetry-port',
      '--variant',
      '--seed-interfaces',
      '--seed-members',
      '--no-save',
      '--routers',
      '--inventory-out',
      '--help',
    ]);
    expect(await words(['api', '--d'])).toEqual(['--delete', '--debug']);
    expect(await words(['match-list', 'export', 'L', '--'])).toContain('--json');
    expect(await words(['match-list', 'export', 'L', '--'])).not.toContain('--csv');
    expect(await words(['match-list', 'sync', 'L', 'f', '--k'])).toEqual(['--keep-going', '--keep', '--key']);
    expect(await words(['undo', '--journal', 'j', '--ro'])).toEqual(['--router']);
  });

  it('after main flags, a command and then its own flags (`routersh --yes undo --journal F`)', async () => {
    expect(await words(['--router', 'http://r', '--yes', 'un'])).toEqual(['undo']);
    expect(await words(['--yes', 'undo', '--jo'])).toEqual(['--journal']);
    expect(await words(['--timeout', '5', 'match-list', 'export', 'L', '--'])).toContain('--json');
    // -c's value is the router's commands, not routersh's: none of them is offered there.
    expect(await words(['-c', 'un'])).not.toContain('undo');
  });

  it('completes values by what the help says they are', async () => {
    expect(await words(['--auth', ''])).toEqual(['basic', 'token']);
    expect(await words(['api', '--output', 'j'])).toEqual(['json']);
    expect(await words(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(await words(['match-list', ''])).toEqual(['import', 'sync', 'export']);
    expect(await words(['help', 'un'])).toEqual(['undo']);
    for (const argv of [
      ['--ca', ''],
      ['-f', 's'],
      ['--record', ''],
      ['--password-file', ''],
      ['undo', '--journal', ''],
      ['play', ''],
      ['match-list', 'import', 'blacklist', ''],
      ['learn', '--validate', 'x.md', ''],
    ])
      expect((await complete(['--', ...argv])).directive, argv.join(' ')).toBe(':files');
  });

  it('profiles from the configuration file, also after --profile=; never one with escapes', async () => {
    const r = await runCommand(['__complete', '--', '--profile', ''], { XDG_CONFIG_HOME: xdg });
    expect(r.out).toBe('lab\na\nnopass\n:\n');
    expect(await words(['api', '--profile', 'l'])).toEqual(['lab']);
    expect(await words(['--profile=n'])).toEqual(['--profile=nopass']);
  });

  it('lessons: the built-in names, and files (a lesson of your own)', async () => {
    const r = await complete(['--', 'learn', '']);
    expect(r.values).toEqual(['discover', 'interfaces', 'ping', 'users', 'firewall', 'telemetry']);
    expect(r.directive).toBe(':files');
    expect(await words(['learn', 'interfaces', '--pro'])).toEqual(['--profile']);
    // `learn --test NAME|FILE…`: the names and files for each.
    const t = await complete(['--', 'learn', '--test', 'ping', '']);
    expect(t.values).toEqual(['discover', 'interfaces', 'ping', 'users', 'firewall', 'telemetry']);
    expect(t.directive).toBe(':files');
  });

  it('dash: import, the built-in dashboards and files; then --var and the main flags; --validate files', async () => {
    const r = await complete(['--', 'dash', '']);
    expect(r.values).toEqual(['import', 'overview']);
    expect(r.directive).toBe(':files');
    expect(await words(['dash', '--'])).toEqual(['--validate', '--var', '--help']);
    expect(await words(['dash', 'overview', '--va'])).toEqual(['--var']);
    expect(await words(['dash', 'my.yaml', '--pro'])).toEqual(['--profile']);
    for (const argv of [
      ['dash', '--validate', ''],
      ['dash', 'import', ''],
    ])
      expect((await complete(['--', ...argv])).directive, argv.join(' ')).toBe(':files');
  });

  it('lessons: the user’s own, from ~/.config/routersh/lessons/', async () => {
    const own = join(dir, 'own-lessons');
    mkdirSync(join(own, 'routersh', 'lessons'), { recursive: true });
    writeFileSync(join(own, 'routersh', 'lessons', 'mine.md'), '---\ntitle: Mine\n---\n');
    const r = await complete(['--', 'learn', 'mi'], { XDG_CONFIG_HOME: own });
    expect(r.values).toEqual(['mine']);
  });

  it('--line: the shell’s raw line, split as the shell does; --word cuts to what bash replaces', async () => {
    expect((await complete(['--line', 'routersh --auth t'])).values).toEqual(['token']);
    expect((await complete(['--line', "FOO=1 routersh --router 'x y' --pro"])).values).toEqual(['--profile']);
    // bash breaks words at `=`: it replaces only what follows it.
    expect((await complete(['--line', 'routersh --profile=l', '--word', 'l'])).values).toEqual(['lab']);
  });
});

describe('routersh __complete --line … --word (bash): candidates quoted for where they land', () => {
  // Profiles named to run a command if inserted as typed (issue 37: `--profile r$(touch PWNED7)` ran).
  const hostile = ['r$(touch PWNED7)', "s'$(touch PWNED8)'", 't"$(touch PWNED9)"', 'u`touch PWNED10` !x'];
  const own = join(dir, 'hostile-profiles');
  mkdirSync(join(own, 'routersh'), { recursive: true });
  writeFileSync(
    join(own, 'routersh', 'config.json'),
    JSON.stringify({
      profiles: Object.fromEntries(hostile.map((n) => [n, { router: 'http://127.0.0.1:9' }])),
    }),
  );
  const bash = (line: string, word: string) =>
    complete(['--line', line, '--word', word], { XDG_CONFIG_HOME: own }).then((r) => r.values);

  it.each([
    ['bare', 'routersh --profile ', '', ['r\\$\\(touch\\ PWNED7\\)', "s\\'\\$\\(touch\\ PWNED8\\)\\'"]],
    ["'…'", "routersh --profile '", '', ['r$(touch PWNED7)', `s'\\''$(touch PWNED8)'\\''`]],
    ['"…"', 'routersh --profile "', '', ['r\\$(touch PWNED7)', "s'\\$(touch PWNED8)'"]],
  ])('profile names, %s', async (_, line, word, want) => {
    expect((await bash(line, word)).slice(0, 2)).toEqual(want);
  });

  it('every context: `!`, a backtick, a double quote; after --profile= only the end bash replaces', async () => {
    expect(await bash('routersh --profile "t', 't')).toEqual(['t\\"\\$(touch PWNED9)\\"']);
    expect(await bash('routersh --profile "u', 'u')).toEqual([`u\\\`touch PWNED10\\\` "'!'"x`]);
    expect(await bash('routersh --profile u', 'u')).toEqual(['u\\`touch\\ PWNED10\\`\\ \\!x']);
    // bash breaks the word at `=`: it replaces (and is given) only what follows.
    expect(await bash('routersh --profile=r', 'r')).toEqual(['r\\$\\(touch\\ PWNED7\\)']);
    expect(await bash("routersh --profile='r", 'r')).toEqual(['r$(touch PWNED7)']);
    // Started in a quote closed and opened again: the part before the open quote is not replaced.
    expect(await bash(`routersh --profile 's'\\''$`, '$')).toEqual([`$(touch PWNED8)'\\''`]);
  });

  it('zsh and fish (no --word) get the values as they are: they quote what they insert', async () => {
    const r = await complete(['--line', 'routersh --profile r'], { XDG_CONFIG_HOME: own });
    expect(r.values).toEqual(['r$(touch PWNED7)']);
  });
});

const cacheEnv = { XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: cacheHome };
const loginOf = (profile: string) => {
  const login = profileLogin(walk(['--profile', profile], mainFlags()), cacheEnv);
  if (!login) throw new Error(`no login for ${profile}`);
  return login;
};
/** The words of these lines kept for `profile`, as a refresh keeps them (no deadline). */
async function keep(profile: string, ...lines: string[]) {
  for (const line of lines) await refreshWords(loginOf(profile), cacheEnv, line, AbortSignal.timeout(60_000));
}
const keptFile = (profile: string) => {
  const { cfg } = loginOf(profile);
  return storeFile(cfg.router ?? '', cfg.user, cacheEnv)!;
};
/** Every request the simulator gets from now on is held, unanswered. */
const hangRouter = () => sim.faults.set({ hang: 1_000_000 });

describe('routersh __complete: the words of -c from the router', () => {
  afterEach(() => {
    sim.faults.clear();
    sim.faults.releaseAll();
  });

  it("-c 'int → interface, kept from the profile's router (its credentials), answered with the router hung", async () => {
    const before = sim.requests.length;
    await keep('lab', 'int');
    const sent = sim.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const q of sent) expect(q.headers.authorization).toBe(basic('admin', 'admin'));
    hangRouter();
    const asked = sim.requests.length;
    const r = await complete(['--', '--profile', 'lab', '-c', 'int']);
    expect(r).toEqual({ values: ['interface '], directive: ':nospace', code: 0, err: '' });
    // Answered from the kept words: nothing was asked of the router.
    expect(sim.requests.length).toBe(asked);
  });

  it('the default profile (ROUTERSH_PROFILE), the shell’s own completion (several words, pipes)', async () => {
    await keep('lab', 'interface e', 'show interface eth0 | cou', 'interface eth0 mt');
    hangRouter();
    const env = { ROUTERSH_PROFILE: 'lab' };
    expect(await words(['-c', 'interface e'], env)).toEqual(['interface eth0', 'interface eth1']);
    expect(await words(['-c', 'show interface eth0 | cou'], env)).toEqual(['show interface eth0 | count ']);
    expect((await complete(['--line', "routersh -c 'interface eth0 mt"], env)).values).toEqual([
      'interface eth0 mtu ',
    ]);
  });

  it('the kept words: 0600 in 0700 folders, no password, no secret value, no show output', async () => {
    await keep('lab', 'system user admin pa', 'show interface eth0 | cou');
    const file = keptFile('lab');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(cacheHome, 'routersh')).mode & 0o777).toBe(0o700);
    expect(statSync(join(cacheHome, 'routersh', 'complete')).mode & 0o777).toBe(0o700);
    // A router whose metadata lists secrets (a community's value, an option named key): kept
    // without them; a path through a secret's value is not kept at all.
    const kept = loadSnapshot(file)!;
    const root = kept.nodes.get('')!.node;
    const value = { ...structuredClone(root), name: 'community-value', type: 'Value' as const, subNodes: [] };
    const community = {
      ...structuredClone(root),
      name: 'community',
      setValues: ['Public-S3cret'],
      setOptions: [{ key: ['Option-S3cret'], view: ['all'] }],
      subNodes: [{ ...value, setValues: ['Value-S3cret'] }],
    };
    kept.nodes.set('snmp', { words: ['snmp'], node: { ...structuredClone(root), subNodes: [community] } });
    kept.nodes.set('snmp\u0000community\u0000Path-S3cret', {
      words: ['snmp', 'community', 'Path-S3cret'],
      node: value,
    });
    saveSnapshot(file, kept.nodes);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"interface"');
    expect(text).toContain('"view"');
    for (const secret of ['S3cret', 'admin.pw', 'Basic ', 'showOutput', '"raw"'])
      expect(text).not.toContain(secret);
  });

  it('kept words are server data: a control character never reaches a candidate', async () => {
    const file = keptFile('lab');
    const kept = loadSnapshot(file)!;
    const root = kept.nodes.get('')!.node;
    const evil = structuredClone(root);
    evil.subNodes = [
      ...evil.subNodes,
      {
        ...structuredClone(root.subNodes[0]!),
        name: 'inter\u001b]0;owned\u0007x',
        description: 'a\u001b[2Jb',
      },
      { ...structuredClone(root.subNodes[0]!), name: 'interval', description: 'c\u001b[31md\u0007' },
    ];
    kept.nodes.set('', { words: [], node: evil });
    saveSnapshot(file, kept.nodes);
    hangRouter();
    const r = await runCommand(['__complete', '--', '--profile', 'lab', '-c', 'inte'], cacheEnv);
    expect(r.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(r.out.split('\n').map((l) => l.split('\t')[0])).toContain('interval');
    expect(r.out).not.toContain('owned');
  });

  it('a kept file someone else could write, or one not as written, is not read', async () => {
    const file = keptFile('lab');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"Token"', '"Bogus"'));
    expect(loadSnapshot(file)).toBeUndefined();
    writeFileSync(file, text);
    expect(loadSnapshot(file)).toBeDefined();
    chmodSync(join(cacheHome, 'routersh', 'complete'), 0o777);
    try {
      expect(loadSnapshot(file)).toBeUndefined();
    } finally {
      chmodSync(join(cacheHome, 'routersh', 'complete'), 0o700);
    }
    expect(readdirSync(join(cacheHome, 'routersh', 'complete')).filter((f) => f.endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('the line’s --router names another router: no request at all, to either', async () => {
    expect(await words(['--profile', 'a', '--router', b.url, '-c', 'int'])).toEqual([]);
    expect(await words(['--router', b.url, '-c', 'int'], { ROUTERSH_PROFILE: 'a' })).toEqual([]);
    expect(await words(['-c', 'int'], { ROUTERSH_PROFILE: 'a', ROUTERSH_ROUTER: b.url })).toEqual([]);
    expect([a.requests, b.requests]).toEqual([[], []]);
  });

  it('credentials from the environment or the line never go anywhere', async () => {
    const env = { ROUTERSH_USER: 'env-user', ROUTERSH_PASSWORD: 'env-secret' };
    // No profile named: nothing is sent, not even to the router the environment names.
    expect(await words(['-c', 'int'], { ...env, ROUTERSH_ROUTER: b.url })).toEqual([]);
    const pw = secret('typed.pw', 'typed-secret');
    expect(await words(['--router', b.url, '--user', 'u', '--password-file', pw, '-c', 'int'])).toEqual([]);
    expect(b.requests).toEqual([]);
    // Profile `a`: its router gets its own login, not the environment's (refused: nothing kept).
    expect(await words(['--profile', 'a', '-c', 'int'], env)).toEqual([]);
    await keep('a', 'int');
    expect(a.requests.length).toBeGreaterThan(0);
    for (const q of a.requests) expect(q.headers.authorization).toBe(basic('profile-user', 'profile-secret'));
    expect(loadSnapshot(keptFile('a'))).toBeUndefined();
  });

  it('the same router written host:port on the line is the profile’s: answered', async () => {
    await keep('lab', 'int');
    hangRouter();
    expect(await words(['--profile', 'lab', '--router', `127.0.0.1:${sim.port}`, '-c', 'int'])).toEqual([
      'interface ',
    ]);
  });

  it('never prompts: a profile without a password sends nothing, even on a terminal', async () => {
    const c = captureIo({ XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: cacheHome });
    Object.assign(c.io.stdin, { isTTY: true });
    Object.assign(c.io.stderr, { isTTY: true });
    const code = exitStatus(await execute(['__complete', '--', '--profile', 'nopass', '-c', 'int'], c.io));
    expect({ code, out: c.out(), err: c.err() }).toEqual({ code: 0, out: ':nospace\n', err: '' });
    expect(a.requests).toEqual([]);
  });

  it('--demo: no simulator is started, nothing is sent', async () => {
    expect(await words(['--demo', '--profile', 'lab', '-c', 'int'])).toEqual([]);
  });
});
