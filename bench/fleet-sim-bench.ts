// The simulated fleet (issue 39 item 7): 1,000 routers in one process (bench/fleet-sim-child.ts),
// their start-up, the process's RSS idle and after every router answered `GET /api/hostname`
// ROUNDS times at 50 requests in flight (a bare node:http loop with each router's own password,
// the load a `--forks 50` run puts on it), and that loop's throughput.
// Run: node --import tsx bench/fleet-sim-bench.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './util.js';

const ROUTERS = Number(process.env['FLEET_BENCH_ROUTERS']) || 1000;
const CONCURRENCY = 50;
const ROUNDS = 3;
const MB = 1024 * 1024;

interface Started {
  routers: Array<{ name: string; url: string; user: string; passwordFile: string }>;
  ms: number;
}

function lines(child: ChildProcess): () => Promise<Record<string, unknown>> {
  let buf = '';
  const waiting: Array<(v: Record<string, unknown>) => void> = [];
  child.stdout?.on('data', (d: Buffer) => {
    buf += d.toString();
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      const l = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (l.startsWith('{')) waiting.shift()?.(JSON.parse(l) as Record<string, unknown>);
      nl = buf.indexOf('\n');
    }
  });
  return () => new Promise((resolve) => waiting.push(resolve));
}

async function loop(routers: Started['routers']): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const jobs = routers.map((r) => ({
    url: new URL(r.url),
    auth: `Basic ${Buffer.from(`${r.user}:${readFileSync(r.passwordFile, 'utf8').trim()}`).toString('base64')}`,
  }));
  const get = (j: (typeof jobs)[number]) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: j.url.hostname,
          port: j.url.port,
          path: '/api/hostname',
          agent,
          headers: { authorization: j.auth },
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const t0 = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) await get(jobs[next++]!);
      }),
    );
  }
  agent.destroy();
  return performance.now() - t0;
}

export async function benchFleetSim(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-bench-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      `${ROOT}bench/fleet-sim-child.ts`,
      JSON.stringify({ routers: ROUTERS, inventoryOut: join(dir, 'fleet.yml'), telemetry: true }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const next = lines(child);
  try {
    const started = (await next()) as unknown as Started;
    const rss = async () => {
      const got = next();
      child.kill('SIGUSR2');
      return (await got) as { rss: number; maxRss: number };
    };
    const idle = await rss();
    const ms = await loop(started.routers);
    const loaded = await rss();
    const out = {
      routers: ROUTERS,
      startMs: started.ms,
      idleRssMB: Math.round(idle.rss / MB),
      loadedRssMB: Math.round(loaded.rss / MB),
      peakRssMB: Math.round(loaded.maxRss / MB),
      requestsPerSecond: Math.round((ROUTERS * ROUNDS * 1000) / ms),
    };
    console.log(
      `${ROUTERS} routers: started in ${out.startMs} ms; RSS idle ${out.idleRssMB} MB, after ${ROUNDS}×${ROUTERS} requests at ${CONCURRENCY} in flight ${out.loadedRssMB} MB (peak ${out.peakRssMB} MB); ${out.requestsPerSecond} requests/s`,
    );
    return out;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFleetSim();
