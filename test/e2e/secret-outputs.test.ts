// THE secret rule (src/lang/secrets.ts) at every output of a one-shot run, through the built
// binary (issue 37, item 3): a password being set is never printed — not in `--json`, not in
// `| json`, not in the router's refusal that quotes it, not in `changes` / `changes` under
// --json — while a number of seconds (`token-expiration 600`) and a fixed choice (`key
// net-port`) are printed as typed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';

const SECRET = 'Rob0tPW1';
let sim: RouterSim;
let refusing: { url: string; server: Server };
const dir = mkdtempSync(join(tmpdir(), 'routersh-secret-outputs-'));

/**
 * A router that refuses every password it is given and quotes it in its refusal (real routers
 * do: "password X is too weak"); every other request goes to the simulator.
 */
function startRefusingRouter(upstream: string): Promise<{ url: string; server: Server }> {
  const up = new URL(upstream);
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const m = /\/password\/([^/?]+)/.exec(path);
    if (req.method === 'POST' && m) {
      req.resume();
      const value = decodeURIComponent(m[1]!);
      const body = {
        RequestStatus: 'ERROR',
        ErrorStatus: `Password ${value} is too weak`,
        Request: { Node: path.split('?')[0]!.split('/').slice(2).map(decodeURIComponent) },
      };
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    const fwd = request(
      { host: up.hostname, port: up.port, path, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    fwd.on('error', () => res.writeHead(502).end());
    req.pipe(fwd);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

beforeAll(async () => {
  sim = await startRouterSim();
  refusing = await startRefusingRouter(sim.url);
  const made = await runBin(['-c', 'system user robot'], { env: envFor(sim.url) });
  expect(made.code, made.stderr).toBe(0);
});
afterAll(async () => {
  await new Promise<void>((resolve) => refusing.server.close(() => resolve()));
  await sim.close();
});

function envFor(url: string, state = join(dir, 'state')) {
  return { ROUTERSH_ROUTER: url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin', XDG_STATE_HOME: state };
}

const both = (r: { stdout: string; stderr: string }) => r.stdout + r.stderr;

describe('a password being set is printed nowhere', () => {
  it('--json and | json show *** where the router echoes the password', async () => {
    const json = await runBin(['--json', '-c', `system user robot password ${SECRET}`], {
      env: envFor(sim.url),
    });
    expect(json.code, json.stderr).toBe(0);
    expect(both(json)).not.toContain(SECRET);
    expect(JSON.parse(json.stdout).Request.Node).toEqual(['system', 'user', 'robot', 'password', '***']);

    const piped = await runBin(['-c', `system user robot password ${SECRET} | json`], {
      env: envFor(sim.url),
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(both(piped)).not.toContain(SECRET);
    expect(piped.stdout).toContain('"***"');
  });

  it('the router refusing the password (and quoting it) prints it neither as text nor in --json', async () => {
    const text = await runBin(['-c', `system user robot password ${SECRET}`], { env: envFor(refusing.url) });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('Password *** is too weak');
    expect(both(text)).not.toContain(SECRET);
    const json = await runBin(['--json', '-c', `system user robot password ${SECRET}`], {
      env: envFor(refusing.url),
    });
    expect(json.code).toBe(1);
    expect(both(json)).not.toContain(SECRET);
    expect(json.stdout).toContain('Password *** is too weak');
  });

  it('`changes` and `changes` under --json show the command with ***', async () => {
    const script = join(dir, 'changes.txt');
    writeFileSync(script, `system user robot password ${SECRET}\nchanges\n`);
    const text = await runBin(['-f', script], { env: envFor(sim.url, join(dir, 'c1')) });
    expect(text.code, text.stderr).toBe(0);
    expect(both(text)).not.toContain(SECRET);
    const json = await runBin(['--json', '-f', script], { env: envFor(sim.url, join(dir, 'c2')) });
    expect(json.code, json.stderr).toBe(0);
    expect(both(json)).not.toContain(SECRET);
    const changes = JSON.parse(json.stdout.trimEnd().split('\n').at(-1)!) as {
      changes: { command: string }[];
    };
    expect(changes.changes.map((c) => c.command)).toEqual(['system user robot password ***']);
  });

  it('a number of seconds and a fixed choice are printed as typed, in --json and in changes', async () => {
    const script = join(dir, 'plain.txt');
    writeFileSync(
      script,
      'system user robot token-expiration 600\nipv4 firewall match-list feeds key net-port\nchanges\n',
    );
    const r = await runBin(['--json', '-f', script], { env: envFor(sim.url, join(dir, 'p1')) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('***');
    const lines = r.stdout.trimEnd().split('\n');
    expect(JSON.parse(lines[0]!).Request.Node).toEqual([
      'system',
      'user',
      'robot',
      'token-expiration',
      '600',
    ]);
    expect(lines[1]).toContain('"net-port"');
    expect(
      (JSON.parse(lines.at(-1)!) as { changes: { command: string }[] }).changes.map((c) => c.command),
    ).toEqual(['system user robot token-expiration 600', 'ipv4 firewall match-list feeds key net-port']);
  });
});
