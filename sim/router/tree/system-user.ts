// `system user <name>` with password, token-expiration and `api create-token`; plus the
// read-only `system uptime` and `system version`.
import { SimApiError, bad } from '../api-error.js';
import { DEFAULT_TOKEN_EXPIRATION, type User } from '../state.js';
import { NAME_RE, NUM_RE, STR_RE, arg, numberIn, token, value } from './helpers.js';
import type { Ctx, NodeDef } from './types.js';

export const SIM_VERSION = 'routersim 1.4.2 (routersh router simulator)';

function user(c: Ctx): User {
  const name = arg(c, 'user');
  const u = c.state.users.get(name);
  if (!u) throw bad(`User ${name} does not exist`);
  return u;
}

const removePassword = (c: Ctx) => {
  const u = user(c);
  if (u.name === 'admin') throw bad('The password of admin cannot be removed');
  delete u.password;
  return `Password of ${u.name} removed; the user can only use tokens`;
};

const password = token('password', 'Login password (SSH, console, HTTP Basic, GET /token)', {
  unset: removePassword,
  children: [
    value('%STR', 'password', '<str>', STR_RE, 'New password', {
      set: (c) => {
        user(c).password = arg(c, 'password');
        return `Password of ${arg(c, 'user')} changed`;
      },
      unset: removePassword,
    }),
  ],
});

const resetExpiration = (c: Ctx) => {
  user(c).tokenExpiration = DEFAULT_TOKEN_EXPIRATION;
  return `Token expiration of ${arg(c, 'user')} reset to ${DEFAULT_TOKEN_EXPIRATION} s`;
};

const tokenExpiration = token('token-expiration', 'Lifetime of issued tokens in seconds (default 1800)', {
  unset: resetExpiration,
  children: [
    value('%NUM', 'seconds', '<num>', NUM_RE, 'Seconds, 60-31536000', {
      setValues: (c) => {
        const u = c.state.users.get(c.args['user'] ?? '');
        return u ? { values: [String(u.tokenExpiration)] } : null;
      },
      set: (c) => {
        const u = user(c);
        u.tokenExpiration = numberIn(arg(c, 'seconds'), 60, 31_536_000, 'Token expiration');
        return `Token expiration of ${u.name} set to ${u.tokenExpiration} s`;
      },
      unset: resetExpiration,
    }),
  ],
});

const api = token('api', 'API access of the user', {
  children: [
    token('create-token', 'Issue a new access token (JWT) for this user', {
      set: async (c) => {
        const u = user(c);
        if (c.user !== u.name && c.user !== 'admin') {
          throw new SimApiError(`User ${c.user} may not create tokens for ${u.name}`, 403);
        }
        return await c.issueToken(u.name);
      },
    }),
  ],
});

const userNode = token('user', 'Local users', {
  show: (c) => ({
    format: 'table',
    output: [...c.state.users.values()].map((u) => ({
      Name: u.name,
      Password: u.password === undefined ? 'none (token only)' : 'set',
      'Token expiration': u.tokenExpiration,
    })),
  }),
  children: [
    value('%STR', 'user', '<str>', NAME_RE, 'User name', {
      multiValue: true,
      setValues: (c) => ({ values: [...c.state.users.keys()] }),
      set: (c) => {
        const name = arg(c, 'user');
        if (c.state.users.has(name)) return `User ${name} already exists, nothing changed`;
        c.state.users.set(name, { name, tokenExpiration: DEFAULT_TOKEN_EXPIRATION });
        return `User ${name} created (no password: token access only)`;
      },
      unset: (c) => {
        const u = user(c);
        if (u.name === 'admin') throw bad('User admin cannot be deleted');
        if (u.name === c.user) throw bad(`User ${u.name} cannot delete itself`);
        c.state.users.delete(u.name);
        return `User ${u.name} deleted`;
      },
      children: [password, tokenExpiration, api],
    }),
  ],
});

function uptime(ms: number): string {
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86400);
  const hh = String(Math.floor((s % 86400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  return `up ${days} day${days === 1 ? '' : 's'}, ${hh}:${mm}`;
}

export const systemNode: NodeDef = token('system', 'System settings and status', {
  children: [
    userNode,
    token('uptime', 'Time since boot', {
      show: (c) => ({ format: 'text', output: uptime(c.now - c.state.bootAt) }),
    }),
    token('version', 'Software version', {
      show: () => ({ format: 'text', output: SIM_VERSION }),
    }),
  ],
});
