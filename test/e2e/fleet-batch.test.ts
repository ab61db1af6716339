// `routersh -i INV -c …` as a user runs it (the built binary, a child process) against simulated
// fleets: hostile hosts (503, reset, hang, a redirect to another host, control characters) end
// one line each while the others answer; --forks bounds the hosts at work (counted server-side);
// Ctrl-C ends every host; the blacklist goes onto every edge (item 6).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetSim, startFleetSim } from '../../sim/fleet/index.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { BIN, runBin } from '../helpers/run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-e2e-'));
const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-state-')) };
const q = (s: string) => JSON.stringify(s);

/** An Ansible YAML inventory of hosts (name → router URL, password file). */
function inventory(file: string, hosts: Array<{ name: string; url: string; passwordFile?: string }>): string {
  const lines = ['all:', '  hosts:'];
  for (const h of hosts) {
    lines.push(`    ${h.name}:`, `      routersh_router: ${q(h.url)}`, '      routersh_user: "admin"');
    if (h.passwordFile) lines.push(`      routersh_password_file: ${q(h.passwordFile)}`);
  }
  const path = join(dir, file);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/**
 * A front to `target` that counts the requests in flight across every front sharing `count`,
 * and rewrites the answers' bodies with `rewrite` (a hostile router's text).
 */
function front(
  target: string,
  count: { now: number; most: number },
  rewrite?: (body: string) => string,
): Promise<TestServer> {
  return startServer((req: IncomingMessage, res: ServerResponse) => {
    count.now++;
    count.most = Math.max(count.most, count.now);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const out = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        if (rewrite) {
          const body: Buffer[] = [];
          up.on('data', (c: Buffer) => body.push(c));
          up.on('end', () => {
            count.now--;
            const { 'content-length': _, ...headers } = up.headers;
            res.writeHead(up.statusCode ?? 502, headers).end(rewrite(Buffer.concat(body).toString()));
          });
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('end', () => count.now--);
      });
      out.on('error', () => {
        count.now--;
        res.destroy();
      });
      out.end(Buffer.concat(chunks));
    });
  });
}

describe('routersh -i INV (the binary)', () => {
  let fleet: FleetSim;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    fleet = await startFleetSim({
      routers: 6,
      per: { 'edge-02': { fail: 503 }, 'edge-03': { fail: 'reset' }, 'edge-04': { hang: true } },
    });
    fleet.writeInventory(join(dir, 'sim.yml'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await fleet.close();
  });

  it('hostile hosts end one line each, the others answer; nothing follows a redirect elsewhere', async () => {
    const elsewhere = await startServer((_, res) => res.writeHead(200).end('{}'));
    const redirect = await startServer((_, res) =>
      res.writeHead(307, { location: `${elsewhere.url}/api/` }).end(),
    );
    servers.push(elsewhere, redirect);
    const [e1, e2, e3, e4, e5, c1] = fleet.routers;
    const inv = inventory('hostile.yml', [
      ...[e1, e2, e3, e4, e5, c1].map((r) => ({
        name: r!.name,
        url: r!.url,
        passwordFile: r!.passwordFile!,
      })),
      { name: 'moved', url: redirect.url, passwordFile: e1!.passwordFile! },
    ]);
    const got = await runBin(['-i', inv, '--timeout', '2', '--json', '-c', 'show hostname'], { env });
    expect(got.code).toBe(4);
    const records = got.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const by = Object.fromEntries(records.filter((r) => r.host).map((r) => [r.host, r]));
    for (const ok of [e1, e5, c1]) expect(by[ok!.name]).toMatchObject({ status: 'ok' });
    expect(by['edge-02']).toMatchObject({ status: 'failed' });
    expect(by['edge-03'].status).toBe('unreachable');
    expect(by['edge-04'].status).toBe('unreachable');
    expect(by.moved.status).not.toBe('ok');
    // Each failure is one line; the hanging host's the last to end (it held no one).
    for (const name of ['edge-02', 'edge-03', 'edge-04', 'moved']) expect(by[name].error).not.toMatch(/\n/);
    const hosts = records.filter((r) => r.host).map((r) => r.host);
    expect(hosts.indexOf('edge-04')).toBeGreaterThan(hosts.indexOf('edge-01'));
    expect(records.at(-1).summary).toMatchObject({ hosts: 7, ok: 3 });
    expect(elsewhere.requests).toHaveLength(0);
    // The password of edge-01 went to edge-01 and to the host whose inventory entry names it, only.
    for (const r of [e2, e3, e5, c1])
      for (const seen of r!.sim.requests)
        expect(String(seen.headers.authorization ?? '')).not.toContain(
          Buffer.from(`admin:${e1!.password}`).toString('base64'),
        );
  });

  it('control characters in an answer reach the terminal made visible', async () => {
    const [e1, , , , e5] = fleet.routers;
    // JSON's escapes of ESC ] 0 ; … BEL and ESC [ 2 J: a title change and a screen wipe.
    const evil = (body: string) => body.replaceAll('edge-0', 'evil\\u001b]0;pwned\\u0007\\u001b[2Jedge-0');
    const fronts = await Promise.all([e1, e5].map((r) => front(r!.url, { now: 0, most: 0 }, evil)));
    servers.push(...fronts);
    const inv = inventory(
      'evil.yml',
      [e1, e5].map((r, i) => ({ name: r!.name, url: fronts[i]!.url, passwordFile: r!.passwordFile! })),
    );
    const got = await runBin(['-i', inv, '-c', 'show hostname'], { env });
    expect(got.code).toBe(0);
    expect(got.stdout).toContain('evil');
    expect(got.stdout + got.stderr).not.toMatch(/\u001b|\u0007/);
  });

  it('--forks N: at most N hosts at work at once, counted at the routers', async () => {
    const count = { now: 0, most: 0 };
    const slow = await startFleetSim({
      routers: 8,
      per: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [String(i), { latencyMs: 50 }])),
    });
    slow.writeInventory(join(dir, 'slow.yml'));
    try {
      const fronts = await Promise.all(slow.routers.map((r) => front(r.url, count)));
      servers.push(...fronts);
      const inv = inventory(
        'fronts.yml',
        slow.routers.map((r, i) => ({ name: r.name, url: fronts[i]!.url, passwordFile: r.passwordFile! })),
      );
      const got = await runBin(['-i', inv, '--forks', '3', '-c', 'show hostname'], { env });
      expect(got.code).toBe(0);
      expect(got.stderr).toBe('');
      expect(count.most).toBeGreaterThan(0);
      expect(count.most).toBeLessThanOrEqual(3);
    } finally {
      await slow.close();
    }
  });

  it('Ctrl-C ends every host at once, hanging ones too', async () => {
    const hangs = await Promise.all(Array.from({ length: 4 }, () => startServer(() => {})));
    servers.push(...hangs);
    const inv = inventory(
      'hangs.yml',
      hangs.map((s, i) => ({ name: `h${i}`, url: s.url, passwordFile: fleet.routers[0]!.passwordFile! })),
    );
    const child = spawn(
      process.execPath,
      [BIN, '-i', inv, '--timeout', '600', '--forks', '2', '-c', 'show hostname'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    child.stdin.end();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    // Two hosts at work (their requests arrived), then Ctrl-C.
    let ended = false;
    const closed = new Promise<number | null>((r) => child.on('close', r));
    void closed.then(() => (ended = true));
    while (!ended && hangs.reduce((n, s) => n + s.requests.length, 0) < 2)
      await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const code = await closed;
    expect(code).toBe(1);
    expect(stderr).toMatch(/cancelled/);
    expect(hangs.reduce((n, s) => n + s.requests.length, 0)).toBe(2);
  });

  it('the blacklist onto every edge: an entry added, added again, removed; a feed imported', async () => {
    const inv = fleet.writeInventory(join(dir, 'all.yml')).file;
    const healthy = ['edge-01', 'edge-05'];
    const limit = ['--limit', healthy.join(',')];
    const add = [
      '-i',
      inv,
      ...limit,
      '--yes',
      '-c',
      'ipv4 firewall match-list blacklist action match net 203.0.113.7',
    ];
    expect((await runBin(add, { env })).code).toBe(0);
    // Adding an existing entry restarts its timer (the spec): accepted again on every host.
    expect((await runBin(add, { env })).code).toBe(0);
    // Grouped: the same answer on both (the entry count; the members' live counters differ
    // when the two hosts are read a moment apart on a loaded machine).
    const show = await runBin(
      ['-i', inv, ...limit, '-c', 'show ipv4 firewall match-list blacklist | match entries'],
      { env },
    );
    expect(show.stdout).toMatch(/edge-\[01,05\] \(2\)|edge-01,edge-05 \(2\)/);
    const added = await runBin(['-i', inv, ...limit, '--json', '-c', 'match-list export blacklist'], { env });
    for (const name of healthy)
      expect(added.stdout.split('\n').find((l) => l.includes(`"host":"${name}"`))).toContain('203.0.113.7');
    const del = [
      '-i',
      inv,
      ...limit,
      '--yes',
      '-c',
      'no ipv4 firewall match-list blacklist action match net 203.0.113.7',
    ];
    expect((await runBin(del, { env })).code).toBe(0);
    const feed = join(dir, 'feed.txt');
    writeFileSync(feed, '198.51.100.1\n198.51.100.2\n');
    const imp = await runBin(['-i', inv, ...limit, '--yes', '-c', `match-list import blacklist ${feed}`], {
      env,
    });
    expect(imp.code).toBe(0);
    const out = await runBin(['-i', inv, ...limit, '--json', '-c', 'match-list export blacklist'], { env });
    const rows = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    for (const name of healthy) {
      const nets = JSON.stringify(rows.find((r) => r.host === name)?.output);
      expect(nets).toContain('198.51.100.1');
      expect(nets).not.toContain('203.0.113.7');
    }
  });
});
