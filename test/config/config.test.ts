// Configuration: defaults < profile < environment < flags; secrets only from files or the
// environment; bad input is one clear error (exit 2).
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMainArgs, splitConnectionArgs } from '../../src/cli/args.js';
import { resolveConfig } from '../../src/config/config.js';
import { isRoutershError } from '../../src/errors.js';
import { exitStatusOf } from '../../src/exit-status.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-config-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
mkdirSync(join(dir, 'xdg', 'routersh'), { recursive: true });
const pw = file('pw', 'from-file\n');
file(
  'xdg/routersh/config.json',
  JSON.stringify({
    profiles: {
      lab: { router: 'https://r1.lab:8443/', user: 'ops', auth: 'token', passwordFile: pw, timeout: 5 },
      leaky: { router: 'http://x', password: 'inline' },
    },
  }),
);
const env = { XDG_CONFIG_HOME: join(dir, 'xdg') };

const cfg = (argv: string[], e: Record<string, string> = {}) =>
  resolveConfig(parseMainArgs(argv), { env: { ...env, ...e }, isTTY: false });

function usage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isRoutershError(e)) {
      expect(exitStatusOf(e)).toBe(2);
      return e.message;
    }
    throw e;
  }
  throw new Error('no error');
}

describe('precedence', () => {
  it('takes the profile, then the environment, then flags', () => {
    const p = cfg(['--profile', 'lab']);
    expect(p).toMatchObject({
      router: 'https://r1.lab:8443',
      user: 'ops',
      auth: 'token',
      password: 'from-file',
      timeoutMs: 5000,
    });
    const e = cfg(['--profile', 'lab'], { ROUTERSH_USER: 'envuser', ROUTERSH_PASSWORD: 'envpw' });
    expect(e).toMatchObject({ user: 'envuser', password: 'envpw' });
    const f = cfg(['--profile', 'lab', '--user', 'flaguser', '--router', 'http://127.0.0.1:1'], {
      ROUTERSH_USER: 'envuser',
    });
    expect(f).toMatchObject({ user: 'flaguser', router: 'http://127.0.0.1:1' });
  });

  it('defaults: basic auth, 30 s, no colour without a terminal', () => {
    expect(cfg([])).toMatchObject({ auth: 'basic', timeoutMs: 30_000, color: false, json: false });
  });

  it('like ~/.netrc: no credentials given, the profile for this router supplies them', () => {
    expect(cfg(['--router', 'https://r1.lab:8443'])).toMatchObject({
      user: 'ops',
      password: 'from-file',
      auth: 'token',
    });
    // Any credential given on the command line or in the environment: no matching.
    expect(cfg(['--router', 'https://r1.lab:8443', '--user', 'me']).password).toBeUndefined();
    expect(cfg(['--router', 'https://r2.lab:8443']).user).toBeUndefined();
  });

  it('a token alone selects the token route', () => {
    expect(cfg([], { ROUTERSH_TOKEN: 'abc' }).auth).toBe('token');
  });

  it('NO_COLOR and --no-color turn colour off on a terminal', () => {
    const tty = (argv: string[], e: Record<string, string>) =>
      resolveConfig(parseMainArgs(argv), { env: e, isTTY: true }).color;
    expect(tty([], {})).toBe(true);
    expect(tty([], { NO_COLOR: '1' })).toBe(false);
    expect(tty(['--no-color'], {})).toBe(false);
  });
});

describe('secrets and bad input', () => {
  it('refuses secrets on argv, naming the safe form', () => {
    expect(usage(() => parseMainArgs(['--password', 'x']))).toMatch(/--password-file/);
    expect(usage(() => parseMainArgs(['--token=abc']))).toMatch(/secrets never go on the command line/);
  });

  it('refuses a profile with an inline secret and a URL with credentials', () => {
    expect(usage(() => cfg(['--profile', 'leaky']))).toMatch(/inline/);
    expect(usage(() => cfg(['--router', 'http://u:p@host']))).not.toContain('p@host');
  });

  it('names unreadable files and unknown profiles without their contents', () => {
    expect(usage(() => cfg(['--password-file', join(dir, 'missing')]))).toMatch(
      /cannot read password file .*ENOENT/,
    );
    expect(usage(() => cfg(['--profile', 'nope']))).toMatch(/no profile 'nope'.*lab, leaky/);
  });

  it('rejects bad values and combinations', () => {
    expect(usage(() => cfg(['--auth', 'kerberos']))).toMatch(/basic or token/);
    expect(usage(() => cfg(['--timeout', '-1']))).toMatch(/--timeout/);
    expect(usage(() => cfg(['--router', 'ftp://x']))).toMatch(/http/);
    expect(usage(() => parseMainArgs(['-c', 'x', '-f', 'y']))).toMatch(/cannot be combined/);
    expect(usage(() => parseMainArgs(['show', 'interface']))).toMatch(/unexpected argument 'show'/);
  });

  it('splits connection flags from a subcommand', () => {
    const { connection, rest } = splitConnectionArgs([
      '-s',
      'h:1',
      '--user',
      'admin',
      '-n',
      '5',
      '--insecure',
      'interface',
    ]);
    expect(connection).toMatchObject({ user: 'admin', insecure: true });
    expect(rest).toEqual(['-s', 'h:1', '-n', '5', 'interface']);
  });
});
