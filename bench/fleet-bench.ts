// Running on many (issue 39 item 2): `routersh -i INV --forks 50 -c 'show hostname'` across 1,000
// simulated routers (bench/fleet-sim-child.ts, a process of its own) against a bare node:http
// loop sending the same requests at the same concurrency (per router, as routersh does: GET
// /api/ for the metadata, then POST /api/hostname SHOW, on one keep-alive connection, Basic auth
// with that router's own password, each answer parsed). Both are processes started and timed
// the same way, alternated; their peak RSS through the same preload. Targets: ratio <= 1.5,
// routersh's peak RSS <= 300 MB. routersh runs 1,000 hosts on two threads on a machine of 2
// cores or more (src/commands/fleet-threads.ts); a third arm, alternated too, runs it on one
// (ROUTERSH_FLEET_THREADS=1), so the gain of the second thread is seen apart from the code's.
// Run: node --import tsx bench/fleet-bench.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxRssPreload, measured, median, ROOT } from './util.js';

const ROUTERS = Number(process.env.FLEET_BENCH_ROUTERS) || 1000;
const FORKS = 50;
// Alternated pairs: at least 5 (the floor), BENCH_RUNS raises it.
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS) || 5);

interface Started {
  inventory: string;
  routers: Array<{ name: string; url: string; user: string; passwordFile: string }>;
}

function firstLine(child: ChildProcess): Promise<Started> {
  return new Promise((resolve) => {
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(buf.slice(0, nl)) as Started);
    });
  });
}

/** The bare loop's source: the routers from a JSON file, FORKS at a time. */
const bareLoop = (routersFile: string) => `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const routers = JSON.parse(readFileSync(${JSON.stringify(routersFile)}, 'utf8'));
function ask(agent, u, auth, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method, agent,
      headers: { authorization: auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => { try { resolve(JSON.parse(text)); } catch (e) { reject(e); } });
    });
    req.on('error', reject);
    req.end(body);
  });
}
let next = 0;
let out = '';
async function worker() {
  while (next < routers.length) {
    const r = routers[next++];
    const u = new URL(r.url);
    const auth = 'Basic ' + Buffer.from(r.user + ':' + readFileSync(r.passwordFile, 'utf8').trim()).toString('base64');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await ask(agent, u, auth, 'GET', '/api/');
    const a = await ask(agent, u, auth, 'POST', '/api/hostname', JSON.stringify({ Actions: ['SHOW'] }));
    if (a.RequestStatus !== 'OK') throw new Error('bad answer from ' + r.name);
    out += r.name + ' ' + (a.Message ?? []).join('') + '\\n';
    agent.destroy();
  }
}
await Promise.all(Array.from({ length: ${FORKS} }, worker));
process.stdout.write(out);
`;

export async function benchFleetRun(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-run-bench-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      `${ROOT}bench/fleet-sim-child.ts`,
      JSON.stringify({ routers: ROUTERS, inventoryOut: join(dir, 'fleet.yml') }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const started = await firstLine(child);
    const routersFile = join(dir, 'routers.json');
    writeFileSync(routersFile, JSON.stringify(started.routers));
    const bare = join(dir, 'bare.mjs');
    writeFileSync(bare, bareLoop(routersFile));
    const preload = maxRssPreload(dir);
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      XDG_STATE_HOME: dir,
      XDG_CONFIG_HOME: dir,
    };
    const routersh = [
      'bin/routersh.cjs',
      '-i',
      started.inventory,
      '--forks',
      String(FORKS),
      '-c',
      'show hostname',
    ];
    const oneThread = { ...env, ROUTERSH_FLEET_THREADS: '1' };
    const ours: number[] = [];
    const single: number[] = [];
    const theirs: number[] = [];
    const rss: number[] = [];
    // One warm-up each (the page cache, V8's code cache), then alternated.
    measured(routersh, env, preload);
    measured(routersh, oneThread, preload);
    measured([bare], env, preload);
    for (let i = 0; i < RUNS; i++) {
      const a = measured(routersh, env, preload);
      if (!a.out.includes('edge-01')) throw new Error('routersh printed no edge-01');
      ours.push(a.ms);
      rss.push(a.mb);
      theirs.push(measured([bare], env, preload).ms);
      single.push(measured(routersh, oneThread, preload).ms);
    }
    // Each pair ran back to back, in the same phase of a machine whose speed drifts by a third
    // within minutes: the median of the pairs' ratios is the steadier figure beside the ratio of
    // the medians.
    const pairs = ours.map((ms, i) => ms / theirs[i]!);
    const out = {
      routers: ROUTERS,
      forks: FORKS,
      routershMs: Math.round(median(ours)),
      bareLoopMs: Math.round(median(theirs)),
      ratio: +(median(ours) / median(theirs)).toFixed(2),
      pairRatio: +median(pairs).toFixed(2),
      pairRatioMin: +Math.min(...pairs).toFixed(2),
      pairRatioMax: +Math.max(...pairs).toFixed(2),
      oneThreadMs: Math.round(median(single)),
      oneThreadRatio: +(median(single) / median(theirs)).toFixed(2),
      routershPeakRssMB: Math.round(Math.max(...rss)),
    };
    console.log(
      `${ROUTERS} routers at --forks ${FORKS}: routersh ${out.routershMs} ms vs bare node:http ${out.bareLoopMs} ms (${out.ratio}x, target <= 1.5; the pairs' ratios: median ${out.pairRatio}x, ${out.pairRatioMin}-${out.pairRatioMax}); on one thread ${out.oneThreadMs} ms (${out.oneThreadRatio}x); routersh peak RSS ${out.routershPeakRssMB} MB (target <= 300)`,
    );
    return out;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFleetRun();
