// The whole configuration at size (issue 38), each row against a bare node:http client doing the
// same requests at the same concurrency (16) in the same run, the simulator seeded in a child
// process (bench/config-sim-child.ts):
// - `show configuration members` of 10,000 interfaces and a 65,536-member list, against a bare
//   walk (a GET of each node worth reading, as walk.ts picks them, each answer parsed): ≤ 1.5×;
// - the same of 1,000 interfaces behind a 500 ms router: ≤ 1.5×;
// - `config load merge` of 10,000 lines (a description on each seeded interface), against a bare
//   loop of the same 10,000 POSTs with an fsync'd line before each (as the journal): ≥ 0.8× its
//   throughput, journal included;
// - each routersh run's peak RSS: ≤ 300 MB.
// Every routersh figure is its whole process (start-up, reads, plan, journal). Alternated, RUNS
// times (default 3; the 500 ms row once), the median.
// Run: node --import tsx bench/config-bench.ts (after `npm run build`).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { maxRssPreload, measured, median, ROOT } from './util.js';

const RUNS = Number(process.env['CONFIG_BENCH_RUNS']) || 3;
const CONCURRENCY = 16;
const LOAD_LINES = 10_000;

interface Sim {
  url: string;
  stop(): Promise<void>;
}

async function startSim(o: { seed: unknown; latencyMs?: number }): Promise<Sim> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `${ROOT}bench/config-sim-child.ts`, JSON.stringify(o)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`simulator child exited (${code})`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(killer);
  };
  return { url, stop };
}

const HTTP_HEAD = (url: string) => `
import http from 'node:http';
const agent = new http.Agent({ keepAlive: true, maxSockets: ${CONCURRENCY} });
const auth = 'Basic ' + Buffer.from('admin:admin').toString('base64');
const base = new URL(${JSON.stringify(url)});
const path = (words) => '/api/' + words.map(encodeURIComponent).join('/');
function call(method, words, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path: path(words), agent,
      headers: { authorization: auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) } },
      (res) => { const chunks = []; res.on('data', (c) => chunks.push(c)); res.on('end', () => {
        const a = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (res.statusCode !== 200 || a.RequestStatus !== 'OK') reject(new Error(method + ' ' + path(words) + ': ' + res.statusCode));
        else resolve(a); }); });
    req.on('error', reject);
    req.end(body);
  });
}
`;

/**
 * The bare walk: walk.ts's rule without its lines — GET the root; below each answer, a Token
 * sub-node worth reading (sub-nodes, some settable) is read, and a Value sub-node worth reading
 * is read under each of its values (none under a secret-like name). Prints `gets N`.
 */
const bareWalk = (url: string) => `${HTTP_HEAD(url)}
const secret = /(^|[-_])(pass|password|passwd|passphrase|secret|token|key|apikey|community|psk)($|[-_])/i;
const worth = (n) => n.HasSubnodes && n.HasSetSubnodes;
const queue = [[]];
let head = 0, active = 0, gets = 0;
await new Promise((resolve, reject) => {
  const pump = () => {
    while (active < ${CONCURRENCY} && head < queue.length) {
      const words = queue[head]; queue[head++] = undefined; active++;
      call('GET', words).then((a) => {
        gets++;
        for (const c of a.NodeInfo.SubNodes ?? []) {
          if (c.Type === 'Token') { if (worth(c)) queue.push([...words, c.Name]); continue; }
          if (!worth(c) || secret.test(words.at(-1) ?? '')) continue;
          for (const v of c.SetValues ?? []) queue.push([...words, v]);
        }
        active--;
        if (active === 0 && head >= queue.length) resolve(); else pump();
      }, reject);
    }
  };
  pump();
});
console.log('gets ' + gets);
agent.destroy();
`;

/** The bare load: the same SETs as the load's plan, an fsync'd journal line before each. */
export const bareLoad = (url: string, journal: string) => `${HTTP_HEAD(url)}
import { openSync, writeSync, fsyncSync } from 'node:fs';
const fd = openSync(${JSON.stringify(journal)}, 'a', 0o600);
let next = 0;
async function worker() {
  while (next < ${LOAD_LINES}) {
    const k = 2 + next++;
    const words = ['interface', 'eth' + k, 'description', 'bare-' + k];
    writeSync(fd, JSON.stringify({ t: 'change', words, actions: ['SET'] }) + '\\n');
    fsyncSync(fd);
    await call('POST', words, JSON.stringify({ Actions: ['SET'] }));
  }
}
await Promise.all(Array.from({ length: ${CONCURRENCY} }, worker));
agent.destroy();
`;

function loadFile(dir: string, url: string, tag: string): string {
  const file = join(dir, `${tag}.conf`);
  const lines = Array.from(
    { length: LOAD_LINES },
    (_, i) => `interface eth${i + 2} description ${tag}-${i + 2}`,
  );
  writeFileSync(file, `# routersh configuration\n# router: ${url}\n# members: no\n${lines.join('\n')}\n`);
  return file;
}

interface Pair {
  rsh: number[];
  bare: number[];
  rss: number[];
}

const pair = (): Pair => ({ rsh: [], bare: [], rss: [] });

async function walkRows(
  o: { seed: unknown; latencyMs?: number },
  members: boolean,
  preload: string,
  dir: string,
  runs = RUNS,
) {
  const sim = await startSim(o);
  const env = envFor(sim.url, dir);
  const p = pair();
  try {
    for (let i = 0; i < runs; i++) {
      p.bare.push(measured(['--input-type=module', '-e', bareWalk(sim.url)], env, preload).ms);
      const r = measured(
        [`${ROOT}bin/routersh.cjs`, '-c', `show configuration${members ? ' members' : ''}`],
        env,
        preload,
      );
      p.rsh.push(r.ms);
      p.rss.push(r.mb);
    }
  } finally {
    await sim.stop();
  }
  return p;
}

const envFor = (url: string, dir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  HOME: dir,
  XDG_STATE_HOME: join(dir, 'state'),
  XDG_CONFIG_HOME: join(dir, 'config'),
  ROUTERSH_ROUTER: url,
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
});

async function loadRows(preload: string, dir: string) {
  const sim = await startSim({ seed: { interfaces: LOAD_LINES } });
  const env = envFor(sim.url, dir);
  const p = pair();
  try {
    for (let i = 0; i < RUNS; i++) {
      p.bare.push(
        measured(['--input-type=module', '-e', bareLoad(sim.url, join(dir, `bare-${i}.jsonl`))], env, preload)
          .ms,
      );
      // A new value on every line each run: each load changes all 10,000.
      const file = loadFile(dir, sim.url, `run${i}`);
      const r = measured(
        [`${ROOT}bin/routersh.cjs`, '--yes', '-c', `config load merge ${file}`],
        env,
        preload,
      );
      if (!r.out.includes(`committed: ${LOAD_LINES} requests sent`))
        throw new Error(`config load did not commit ${LOAD_LINES} requests: ${r.out.slice(-300)}`);
      p.rsh.push(r.ms);
      p.rss.push(r.mb);
    }
  } finally {
    await sim.stop();
  }
  return p;
}

export async function benchConfig(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-config-bench-'));
  const preload = maxRssPreload(dir);
  try {
    // CONFIG_BENCH_ONLY=load: the load rows alone (each run's figures printed), a minute, not ten.
    if (process.env['CONFIG_BENCH_ONLY'] === 'load') {
      const load = await loadRows(preload, dir);
      process.stderr.write(`load runs, ms: bare ${load.bare.join(' ')}; routersh ${load.rsh.join(' ')}\n`);
      return {
        'config load merge / bare throughput (target >= 0.8)': median(load.bare) / median(load.rsh),
        'config load merge peak RSS MB (target <= 300)': Math.max(...load.rss),
      };
    }
    const big = await walkRows(
      { seed: { interfaces: 10_000, members: { list: 'big', count: 65_536 } } },
      true,
      preload,
      dir,
    );
    // Once: ~5,000 GETs at 500 ms are ~160 s a side, and the ratio is the latency's, not the load's.
    const slow = await walkRows({ seed: { interfaces: 1_000 }, latencyMs: 500 }, false, preload, dir, 1);
    const load = await loadRows(preload, dir);
    const m = (xs: number[]) => median(xs);
    return {
      'show configuration members, 10,000 interfaces + 65,536 members, median s': m(big.rsh) / 1000,
      'bare node:http walk, same GETs at 16, median s': m(big.bare) / 1000,
      'show configuration members / bare walk (target <= 1.5)': m(big.rsh) / m(big.bare),
      'show configuration members peak RSS MB (target <= 300)': Math.max(...big.rss),
      'show configuration, 1,000 interfaces, 500 ms router, median s': m(slow.rsh) / 1000,
      'bare walk via the 500 ms router, median s': m(slow.bare) / 1000,
      'show configuration via 500 ms / bare walk (target <= 1.5)': m(slow.rsh) / m(slow.bare),
      'config load merge of 10,000 lines, lines/s': (LOAD_LINES * 1000) / m(load.rsh),
      'bare loop, fsync before each POST at 16, lines/s': (LOAD_LINES * 1000) / m(load.bare),
      'config load merge / bare throughput (target >= 0.8)': m(load.bare) / m(load.rsh),
      'config load merge peak RSS MB (target <= 300)': Math.max(...load.rss),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchConfig();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(72)} ${v.toFixed(3)}\n`);
  process.exit(0);
}
