// The built binary (-c, --json) against a router that echoes our credentials and a token
// whose `sub` drives the terminal: nothing secret and nothing raw reaches stdout or stderr.
// (Needs `npm run build`: npm test builds first.)
import { afterEach, describe, expect, it } from 'vitest';
import { runBin } from '../../helpers/run-bin.js';
import { EVIL, type HostileRouter, startHostileRouter } from '../../hostile/router.js';

const routers: HostileRouter[] = [];
afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.close()));
});

const PASSWORD = 'Secr3t-pw';
const BASIC = Buffer.from(`admin:${PASSWORD}`).toString('base64');
const RAW_CONTROLS = /[\u001b\u0007\u009b\u202e\u200b]/;

function bearers(r: HostileRouter): string[] {
  return r.requests
    .map((q) => q.headers.authorization ?? '')
    .filter((a) => a.startsWith('Bearer '))
    .map((a) => a.slice('Bearer '.length));
}

describe('routersh -c --json against a router echoing credentials', () => {
  it('Basic: the password and the header never reach stdout or stderr', async () => {
    const r = await startHostileRouter({ echoAuth: true });
    routers.push(r);
    const env = { ROUTERSH_ROUTER: r.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: PASSWORD };
    const res = await runBin(['--json', '-c', 'hostname name r1'], { env });
    expect(res.code).toBe(1);
    const doc = JSON.parse(res.stdout) as { error: { code: string; message: string } };
    expect(doc.error).toMatchObject({ code: 'rejected', message: 'denied (you sent [redacted])' });
    expect(res.stderr).toBe('% denied (you sent [redacted]) (command 1)\n');
    for (const s of [PASSWORD, BASIC]) expect(`${res.stdout}${res.stderr}`).not.toContain(s);
  });

  it('--auth token: the Bearer token never reaches stdout or stderr', async () => {
    const r = await startHostileRouter({ echoAuth: true, token: { ttlSeconds: 600 } });
    routers.push(r);
    const env = { ROUTERSH_ROUTER: r.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: PASSWORD };
    const res = await runBin(['--auth', 'token', '--json', '-c', 'hostname name r1'], { env });
    expect(res.code).toBe(1);
    const tokens = bearers(r);
    expect(tokens.length).toBeGreaterThan(0);
    for (const s of [PASSWORD, BASIC, ...tokens]) expect(`${res.stdout}${res.stderr}`).not.toContain(s);
    expect(res.stderr).toContain('[redacted]');
  });
});

describe('a pre-issued token whose sub holds terminal escapes', () => {
  it('never reaches stderr raw (auth error, exit 3)', async () => {
    const r = await startHostileRouter({ unauthorized: true, token: { ttlSeconds: 600, sub: EVIL } });
    routers.push(r);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'HS256' })}.${b64({ sub: `ops${EVIL}`, iat: now, exp: now + 600 })}.c2ln`;
    const res = await runBin(['--json', '-c', 'show hostname'], {
      env: { ROUTERSH_ROUTER: r.url, ROUTERSH_TOKEN: token },
    });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/^% authentication failed for user ops/);
    expect(res.stderr).not.toMatch(RAW_CONTROLS);
    expect(res.stdout).not.toMatch(RAW_CONTROLS);
    expect(`${res.stdout}${res.stderr}`).not.toContain(token);
  });
});
