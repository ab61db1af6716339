// One host's configuration (src/session/fleet.ts hostConfig): the base's defaults under the
// host's own values. A host that names its own password or token file uses it and none of the
// base's secrets; the auth follows the secret it ends with; the host's telemetry URL wins.
import { describe, expect, it } from 'vitest';
import { BASE_CONFIG } from '../helpers/sim-config.js';
import type { Config } from '../../src/config/config.js';
import type { FleetHost } from '../../src/contract/fleet.js';
import { hostConfig } from '../../src/session/fleet.js';

const base = BASE_CONFIG;
const host = (more: Partial<FleetHost> = {}): FleetHost => ({
  name: 'edge-1',
  router: 'http://127.0.0.1:9/',
  groups: ['all'],
  vars: {},
  origin: {},
  ...more,
});
// The secret files' texts, by path (hostConfig's read seam: no file is touched).
const files: Record<string, string> = { '/pw': 'own-pw\n', '/tk': 'own-tk\n' };
const read = (p: string): string => {
  const text = files[p];
  if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  return text;
};
/** The fields hostConfig decides, absent ones left out. */
const decided = (c: Readonly<Config>) => ({
  router: c.router,
  user: c.user,
  password: c.password,
  token: c.token,
  auth: c.auth,
  telemetryUrl: c.telemetryUrl,
  profile: c.profile,
});

describe('hostConfig', () => {
  it.each([
    {
      why: 'the base password and user when the host names no file',
      base: { user: 'dflt', password: 'base-pw' },
      host: {},
      want: { user: 'dflt', password: 'base-pw', auth: 'basic' },
    },
    {
      why: "the host's own password file and user, never the base's token",
      base: { user: 'dflt', password: 'base-pw', token: 'base-tk' },
      host: { user: 'ua', passwordFile: '/pw' },
      want: { user: 'ua', password: 'own-pw', auth: 'basic' },
    },
    {
      why: "the host's token file alone: token auth, no password",
      base: { password: 'base-pw' },
      host: { tokenFile: '/tk' },
      want: { token: 'own-tk', auth: 'token' },
    },
    {
      why: 'the base token alone: token auth',
      base: { token: 'base-tk' },
      host: {},
      want: { token: 'base-tk', auth: 'token' },
    },
    {
      why: "both of the host's files: both kept, the base's auth (a password is there)",
      base: {},
      host: { passwordFile: '/pw', tokenFile: '/tk' },
      want: { password: 'own-pw', token: 'own-tk', auth: 'basic' },
    },
    {
      why: "the host's telemetry URL over the base's; the profile's name dropped",
      base: { telemetryUrl: 'http://base:1', profile: 'p' },
      host: { telemetryUrl: 'http://own:2' },
      want: { telemetryUrl: 'http://own:2', auth: 'basic' },
    },
    {
      why: "the base's telemetry URL when the host has none",
      base: { telemetryUrl: 'http://base:1' },
      host: {},
      want: { telemetryUrl: 'http://base:1', auth: 'basic' },
    },
  ])('$why', ({ base: b, host: h, want }) => {
    const cfg = hostConfig({ ...base, ...b }, host(h), read);
    expect(decided(cfg)).toEqual({
      router: 'http://127.0.0.1:9',
      user: undefined,
      password: undefined,
      token: undefined,
      telemetryUrl: undefined,
      profile: undefined,
      ...want,
    });
    expect(Object.isFrozen(cfg)).toBe(true);
    // What the host does not decide is the base's.
    expect(cfg.timeoutMs).toBe(30_000);
  });

  it('refuses a router URL with credentials in it, naming the host', () => {
    expect(() => hostConfig(base, host({ router: 'http://u:p@127.0.0.1:9' }), read)).toThrow(
      /host edge-1: its router URL must not carry credentials/,
    );
  });
});
