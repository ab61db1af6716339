// Profiles written by hand are checked field by field: a wrong type, an unknown field or a
// prototype name is one configuration error (exit 2) naming the profile and the field.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMainArgs } from '../../src/cli/args.js';
import { resolveConfig } from '../../src/config/config.js';
import { isRoutershError } from '../../src/errors.js';
import { exitStatusOf } from '../../src/exit-status.js';

function withProfiles(profiles: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-profiles-'));
  mkdirSync(join(dir, 'routersh'));
  writeFileSync(join(dir, 'routersh', 'config.json'), JSON.stringify({ profiles }));
  return { XDG_CONFIG_HOME: dir };
}

function configError(argv: string[], env: Record<string, string>): string {
  try {
    resolveConfig(parseMainArgs(argv), { env, isTTY: false });
  } catch (e) {
    if (!isRoutershError(e)) throw e;
    expect(exitStatusOf(e)).toBe(2);
    return e.message;
  }
  throw new Error('no error');
}

describe('profile schema', () => {
  it.each([
    [{ router: [] }, "'router' must be a string, not an array"],
    [{ router: 'http://r', passwordFile: 5 }, "'passwordFile' must be a string, not a number"],
    [{ router: 'http://r', insecure: 'yes' }, "'insecure' must be a boolean, not a string"],
    [{ router: 'http://r', timeout: '5' }, "'timeout' must be a number, not a string"],
    [{ router: 'http://r', pasword: 'x' }, "unknown field 'pasword'"],
    [{ router: 'http://r', password: 'x' }, "holds 'password' inline"],
    ['lab', "profile 'lab' in"],
  ])('%j → %s', (profile, message) => {
    const msg = configError(['--profile', 'lab'], withProfiles({ lab: profile }));
    expect(msg).toContain(message);
    expect(msg).toContain("profile 'lab'");
  });

  it('finds only profiles the file names, never prototype members', () => {
    const env = withProfiles({ lab: { router: 'http://r' } });
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(configError(['--profile', name], env)).toContain(`no profile '${name}'`);
    }
  });

  it('checks a profile chosen by router URL too', () => {
    const env = withProfiles({ lab: { router: 'http://r1:8080', user: 7 } });
    expect(configError(['--router', 'http://r1:8080'], env)).toContain(
      "'user' must be a string, not a number",
    );
  });
});

describe('environment', () => {
  it('an empty ROUTERSH_PASSWORD (or any empty ROUTERSH_ variable) counts as unset', () => {
    const cfg = resolveConfig(parseMainArgs(['--router', 'http://r1', '--user', 'ops']), {
      env: { ROUTERSH_PASSWORD: '', ROUTERSH_TOKEN: '', ROUTERSH_AUTH: '' },
      isTTY: false,
    });
    expect(cfg.password).toBeUndefined();
    expect(cfg.token).toBeUndefined();
    expect(cfg.auth).toBe('basic');
  });
});
