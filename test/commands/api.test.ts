// `routersh api` against the router simulator: what a user sees on stdout/stderr and the
// exit status, and what the router received.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseApiArgs } from '../../src/cli/api-args.js';
import { serverUrl } from '../../src/config/router-url.js';

import { DEMO_USERS, startRouterSim } from '../../sim/router/index.js';
import { freePort } from '../helpers/http-server.js';
import { runCommand } from '../helpers/command-io.js';

type Sim = Awaited<ReturnType<typeof startRouterSim>>;
let sim: Sim;

beforeAll(async () => {
  sim = await startRouterSim({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  sim.faults.clear();
  sim.requests.length = 0;
});
afterAll(async () => {
  await sim.close();
});

interface Run {
  code: number;
  out: string;
  err: string;
}

interface Connection {
  user?: string;
  password?: string;
  auth?: string;
}

/** `routersh api -s SIM ARGV…` with the connection in the environment, as a script would. */
async function run(argv: string[], connection: Connection = {}): Promise<Run> {
  const c = { user: DEMO_USERS.admin.user, password: DEMO_USERS.admin.password, ...connection };
  return runCommand(['api', '-s', sim.url, ...argv], {
    ROUTERSH_USER: c.user,
    ROUTERSH_PASSWORD: c.password,
    ...(c.auth ? { ROUTERSH_AUTH: c.auth } : {}),
  });
}

const last = () => sim.requests[sim.requests.length - 1]!;

describe('routersh api: one request', () => {
  it('GET prints the envelope as pretty JSON', async () => {
    const r = await run(['interface']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const env = JSON.parse(r.out);
    expect(env.RequestStatus).toBe('OK');
    expect(env.NodeInfo.Name).toBe('interface');
    expect(r.out).toBe(`${JSON.stringify(env, null, 2)}\n`);
    expect(last()).toMatchObject({ method: 'GET', url: '/api/interface' });
  });

  it('-s accepts host:port without a scheme', async () => {
    const r = await runCommand(['api', '-s', `127.0.0.1:${sim.port}`, 'interface'], {
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).RequestStatus).toBe('OK');
  });

  it('POST with -O builds Options (flag options have no value, integers go as numbers)', async () => {
    const r = await run(['-p', '-O', 'count=2', '-O', 'numeric', 'ping', '192.0.2.1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(last().body)).toEqual({ Options: { count: [2], numeric: [] } });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/ping/192.0.2.1' });
    expect(JSON.parse(r.out).Message.join('')).toMatch(/192\.0\.2\.1/);
  });

  it('-A sends the actions; repeated -O keys build the array in order', async () => {
    const r = await run([
      '-p',
      '-A',
      'set,show',
      '-O',
      'net=203.0.113.99',
      ...'ipv4 firewall match-list blacklist action match'.split(' '),
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(last().body)).toEqual({ Actions: ['SET', 'SHOW'], Options: { net: ['203.0.113.99'] } });
    const rep = await run(['-p', '-O', 'count=2', '-O', 'count=3', 'ping', '192.0.2.1']);
    expect(JSON.parse(last().body)).toEqual({ Options: { count: [2, 3] } });
    // The simulator allows count once: the router's error on stderr, its envelope on stdout.
    expect(rep.code).toBe(1);
    expect(rep.err).toMatch(/^% .*count/);
    expect(rep.err.split('\n')).toHaveLength(2);
    expect(JSON.parse(rep.out).RequestStatus).toMatch(/error/i);
  });

  it('-d sends DELETE', async () => {
    expect((await run(['-p', 'interface', 'eth7'])).code).toBe(0);
    const r = await run(['-d', 'interface', 'eth7']);
    expect(r.code).toBe(0);
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/interface/eth7' });
    expect(JSON.parse(r.out).RequestStatus).toBe('OK');
  });

  it('--debug and --output dumper set the query', async () => {
    const r = await run(['--debug', '--output', 'dumper', 'interface']);
    expect(r.code).toBe(0);
    expect(last().url).toBe('/api/interface?debug=1&output=dumper');
    expect(JSON.parse(r.out).Message.join('')).toMatch(/\$VAR1 = /);
  });

  it('token mode from the connection goes to /api-oauth/', async () => {
    const r = await run(['interface'], { auth: 'token' });
    expect(r.code).toBe(0);
    expect(last().url).toBe('/api-oauth/interface');
  });

  it('a wrong password: exit 3, one line on stderr, no password anywhere', async () => {
    const r = await run(['interface'], { password: 'n0t-the-pw' });
    expect(r.code).toBe(3);
    expect(r.out).toBe('');
    expect(r.err).toBe(`% authentication failed for user admin at ${sim.url}\n`);
    expect(r.err).not.toContain('n0t-the-pw');
  });

  it('a refused connection: exit 3', async () => {
    const port = await freePort();
    const r = await run(['-s', `127.0.0.1:${port}`, 'interface']);
    expect(r.code).toBe(3);
    expect(r.err).toBe(`% connection refused by the router at 127.0.0.1:${port}\n`);
  });

  it('a 400: exit 1 with the ErrorStatus', async () => {
    const r = await run(['nosuchword']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^% .*nosuchword.*\n$/);
  });
});

describe('routersh api -n', () => {
  it('repeats the request and prints the latency summary', async () => {
    const r = await run(['-n', '40', 'interface']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual([
      'count',
      'errors',
      'min',
      'median',
      'p90',
      'p99',
      'max',
      'requests/s',
    ]);
    expect(lines[0]).toMatch(/^count\s+40$/);
    expect(lines[1]).toMatch(/^errors\s+0$/);
    for (const l of lines.slice(2, 7)) expect(l).toMatch(/^\w+\s+\d+\.\d{2} ms$/);
    expect(lines[7]).toMatch(/^requests\/s\s+\d+\.\d{2}$/);
    expect(sim.requests.filter((q) => q.url === '/api/interface')).toHaveLength(40);
  });

  it('counts errors and exits 1 when some failed', async () => {
    sim.faults.set({ status: { code: 500, count: 3 } });
    const r = await run(['-n', '10', 'interface']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^errors\s+3$/m);
    expect(r.err).toMatch(/^% 3 of 10 requests failed; first: .*HTTP 500/);
  });

  it('exits with the failure code when every request failed', async () => {
    const r = await run(['-n', '5', 'interface'], { password: 'wrong' });
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^errors\s+5$/m);
  });
});

describe('routersh api: flags', () => {
  /** A usage error: exit 2 and its one line. */
  const usage = async (argv: string[]) => {
    const r = await run(argv);
    expect(r.code, r.err).toBe(2);
    expect(r.out).toBe('');
    return r.err;
  };
  it('bad flags are usage errors (exit 2, one line)', async () => {
    expect(await usage(['-x'])).toMatch(/unknown flag -x/);
    expect(await usage(['-p', '-A', 'FOO', 'a'])).toMatch(/unknown action FOO/);
    expect(await usage(['-A', 'SET', 'a'])).toMatch(/add -p/);
    expect(await usage(['-p', '-O', '=1', 'a'])).toMatch(/option name is empty/);
    expect(await usage(['-n', '0', 'a'])).toMatch(/-n needs a count/);
    expect(await usage(['-p', '-d', 'a'])).toMatch(/cannot be combined/);
    expect(await usage(['--output', 'xml'])).toMatch(/json or dumper/);
    expect(await usage(['interface', '-s'])).toMatch(/-s needs a value/);
  });
  it('--help prints the usage', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^usage: routersh api /);
  });
  it('parses inline values, long forms and -- ', () => {
    expect(parseApiArgs(['-n5', '--server=r1:8080', '--', '-weird', 'word'])).toMatchObject({
      count: 5,
      server: 'r1:8080',
      words: ['-weird', 'word'],
    });
    expect(serverUrl('r1')).toBe('http://r1');
    expect(serverUrl('https://r1:8443/x')).toBe('https://r1:8443/x');
    expect(serverUrl('::1')).toBe('http://[::1]');
  });
});
