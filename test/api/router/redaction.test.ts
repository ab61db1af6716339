// Our own credentials never come back out of the router's answers: a router that echoes the
// password, the Basic header or the Bearer token has them replaced by [redacted] in error
// messages, error details, Messages, show output and the raw body behind --json. A token's
// `sub` is server text and is sanitized wherever it is shown.
import { afterEach, describe, expect, it } from 'vitest';
import { RouterClient, type RouterClientConfig, responseBodyOf } from '../../../src/api/router/client.js';
import { Credentials } from '../../../src/api/router/credentials.js';
import type { Envelope } from '../../../src/api/router/types.js';
import { failure } from '../../helpers/expect-error.js';
import { startServer } from '../../helpers/http-server.js';
import { EVIL, type RouterModes, startHostileRouter } from '../../hostile/router.js';

const closers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c.close()));
});

const PASSWORD = 'Secr3t-pw';
const BASIC = Buffer.from(`admin:${PASSWORD}`).toString('base64');
const RAW_CONTROLS = /[\u001b\u0007\u009b\u202e\u200b]/;

async function setup(modes: RouterModes, cfg: Partial<RouterClientConfig> = {}) {
  const router = await startHostileRouter(modes);
  const client = new RouterClient({
    baseUrl: router.url,
    user: 'admin',
    password: PASSWORD,
    auth: 'basic',
    timeoutMs: 3000,
    ...cfg,
  });
  closers.push(client, router);
  return { router, client };
}

const bearerSent = (r: { requests: Array<{ headers: Record<string, string | undefined> }> }) =>
  (r.requests.find((q) => q.headers.authorization?.startsWith('Bearer '))?.headers.authorization ?? '').slice(
    'Bearer '.length,
  );

const setHostname = (c: RouterClient) =>
  c.post(['hostname'], { Actions: ['SET'], Options: { name: ['r1'] } });

function leaks(text: string, ...secrets: string[]): string[] {
  return secrets.filter((s) => s !== '' && text.includes(s));
}

describe('a router that echoes our credentials in ErrorStatus', () => {
  it('Basic: the password and the base64 header are redacted from message, details and body', async () => {
    const { client } = await setup({ echoAuth: true });
    const e = await failure(setHostname(client));
    expect(e.code).toBe('rejected');
    expect(e.message).toBe('denied (you sent [redacted])');
    const all = `${e.message} ${JSON.stringify(e.toJSON())} ${JSON.stringify(responseBodyOf(e))}`;
    expect(leaks(all, PASSWORD, BASIC)).toEqual([]);
  });

  it('token from /token: the Bearer token is redacted', async () => {
    const { router, client } = await setup({ echoAuth: true, token: { ttlSeconds: 600 } }, { auth: 'token' });
    const e = await failure(setHostname(client));
    const token = bearerSent(router);
    expect(token).not.toBe('');
    expect(e.message).toBe('denied (you sent Bearer [redacted])');
    const all = `${JSON.stringify(e.toJSON())} ${JSON.stringify(responseBodyOf(e))}`;
    expect(leaks(all, token, PASSWORD)).toEqual([]);
  });

  it('a pre-issued token is redacted, and so is the one create-token gave in its place', async () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'HS256' })}.${b64({ sub: 'automation', iat: now - 100, exp: now + 1 })}.c2ln`;
    const { router, client } = await setup(
      { echoAuth: true, token: { ttlSeconds: 600, sub: 'automation' } },
      { user: undefined, password: undefined, token },
    );
    const e = await failure(setHostname(client)); // renewed first (over 80 % of its life gone)
    expect(router.requests[0]?.url).toMatch(/create-token$/);
    expect(e.message).toBe('denied (you sent Bearer [redacted])');
    expect(leaks(JSON.stringify(e.toJSON()), token, bearerSent(router))).toEqual([]);
  });

  it('a secret spelled with JSON escapes is redacted too', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      // "\u0053ecr3t-pw" is the password once parsed
      res.end('{"RequestStatus":"ERROR","ErrorStatus":"bad password \\u0053ecr3t-pw"}');
    });
    closers.push(server);
    const client = new RouterClient({
      baseUrl: server.url,
      user: 'admin',
      password: PASSWORD,
      auth: 'basic',
      timeoutMs: 3000,
    });
    closers.push(client);
    const e = await failure(client.get(['x']));
    expect(e.message).toBe('bad password [redacted]');
  });
});

describe('a router that echoes our credentials in a successful answer', () => {
  it('redacts Message and show output (and the raw envelope)', async () => {
    const { client } = await setup({ echoAuthOk: true });
    const set: Envelope = await setHostname(client);
    expect(set.message).toBe('done: POST hostname (you sent [redacted])\n');
    const show = await client.post(['interface'], { Actions: ['SHOW'] });
    expect(show.nodeInfo?.showOutput).toBe('state of interface (you sent [redacted])\n');
    expect(leaks(JSON.stringify([set.raw, show.raw]), PASSWORD, BASIC)).toEqual([]);
  });
});

describe('a token whose sub holds terminal escapes', () => {
  it('is sanitized in the auth error and in the user shown', async () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'HS256' })}.${b64({ sub: `ops${EVIL}`, iat: now, exp: now + 600 })}.c2ln`;
    const { client } = await setup(
      { unauthorized: true, controls: true },
      { user: undefined, password: undefined, token },
    );
    expect(client.displayUser).not.toMatch(RAW_CONTROLS);
    expect(client.displayUser).toMatch(/^ops/);
    const e = await failure(client.get(['interface']));
    expect(e.code).toBe('auth');
    expect(e.message).toMatch(/^authentication failed for user ops/);
    expect(e.message).not.toMatch(RAW_CONTROLS);
    expect(leaks(JSON.stringify(e.toJSON()), token)).toEqual([]);
  });
});

describe('which secrets are redacted', () => {
  it('the password, user:password, the Basic form and every token held', () => {
    const c = new Credentials('admin', 'pw-1');
    c.remember('tok.en.one');
    expect(c.redactText('admin pw-1 admin:pw-1 YWRtaW46cHctMQ== tok.en.one')).toBe(
      'admin [redacted] [redacted] [redacted] [redacted]',
    );
  });
  it('a password equal to the user name is left where it names the user; its pair is not', () => {
    const c = new Credentials('admin', 'admin');
    expect(c.redactText('user admin sent admin:admin')).toBe('user admin sent [redacted]');
  });
  it('nothing is redacted without a password or token', () => {
    expect(new Credentials('admin', undefined).redactText('admin:')).toBe('admin:');
  });
});
