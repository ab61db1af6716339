// `edit` right after this session's own change, through routersh's entry (execute) against the
// router simulator: the session's metadata cache must not keep the list read before the change
// (the created entry refused as `not configured`, the deleted one still accepted). Also when
// the change was committed from candidate mode, when it created the entry two levels up (`ip
// route NET via GW`), and when its answer was lost on the way (it took on the router).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';

let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

const script = (lines: string[], router = sim.url, flags: string[] = []) =>
  runCommand([...flags, ...lines.flatMap((l) => ['-c', l])], adminEnv(router));

describe('edit after our own change (one router, -c)', () => {
  it('edits the interface the previous line created', async () => {
    const r = await script(['interface eth1.100', 'edit interface eth1.100', 'mtu 1400']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect((await script(['show configuration interface eth1.100'])).out).toMatch(/mtu 1400/);
  });

  it('refuses to edit the interface the previous line deleted', async () => {
    await script(['interface eth1.200']);
    const r = await script(['show interface', 'no interface eth1.200', 'edit interface eth1.200']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/interface eth1\.200 is not configured \(configured: [^)]*\): create it first/);
    expect(r.err).not.toMatch(/configured: [^)]*eth1\.200/);
  });

  it('edits a route created by a line two levels below it', async () => {
    const r = await script(['ip route 10.9.0.0/16 via 10.0.0.253', 'edit ip route 10.9.0.0/16']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  it('edits the interface a candidate commit created', async () => {
    const r = await script(['configure', 'interface eth1.300', 'commit', 'edit interface eth1.300']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });
});

/**
 * A proxy in front of the simulator that hands every request on, but hangs up instead of
 * answering the first POST: the change took on the router, its answer is lost.
 */
async function losingProxy(
  target: string,
): Promise<{ url: string; lost: () => number; close(): Promise<void> }> {
  const to = new URL(target);
  let lost = 0;
  const server: Server = createServer((req, res) => {
    const up = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (req.method === 'POST' && lost === 0) {
          lost++;
          answer.resume();
          res.socket?.destroy();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lost: () => lost,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('edit after a change whose answer was lost', () => {
  it('reads the list again: the change took, the entry can be edited', async () => {
    const proxy = await losingProxy(sim.url);
    try {
      const lines = ['interface eth1.400', 'edit interface eth1.400', 'mtu 1300'];
      const r = await script(lines, proxy.url, ['--keep-going']);
      expect(proxy.lost()).toBe(1);
      // The change line fails (its answer is lost); the lines after it do not.
      expect(r.err).toMatch(/reset.*\(command 1\)/);
      expect(r.err).not.toMatch(/not configured/);
      expect(r.err).not.toMatch(/command [23]/);
      expect((await script(['show configuration interface eth1.400'])).out).toMatch(/eth1\.400 mtu 1300/);
    } finally {
      await proxy.close();
    }
  });
});
