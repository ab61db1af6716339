// Scripts of single changes, journaled (issue 19): `routersh -f FILE` of 1,000 and 10,000 lines
// `ipv4 firewall match-list L action match net A.B.C.D` (one entry added per line) against the
// router simulator in a child process, alternated with
//  - a bare sequential loop making the same POSTs: node:http, keep-alive (one socket), one
//    request at a time, Basic auth, JSON answer parsed, and — to match the journal's rule that a
//    change's record is on disk before its request leaves — one line appended to a small file
//    and fsync'd before each request. Its journal lives on the same filesystem as routersh's;
//  - `routersh match-list import L FEED` of the same entries (one journaled bulk change).
// Every run of every arm fills a list of its own (a fresh name), so no arm pays for another's
// entries. Reported per arm: wall time (median, range), routersh's CPU time (user + system,
// reported by the child on exit), and the paired ratio -f / bare loop (the target: ≤ 2).
// Run: node --import tsx bench/script-bench.ts (after `npm run build`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, pairedRatio, RUNS, rows, summarize } from './alternate.js';
import { ROOT, startChildSims, timeNode } from './util.js';

const AUTH_ENV = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const entry = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const LIST_PATH = '/api/ipv4/firewall/match-list';

/** The bare loop: node:http keep-alive, one request at a time, an fsync'd line before each. */
const bareLoop = (url: string, list: string, count: number, journal: string) => `
import http from 'node:http';
import { openSync, writeSync, fsyncSync, closeSync } from 'node:fs';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const target = new URL('${url}${LIST_PATH}/${list}/action/match');
const auth = 'Basic ' + Buffer.from('admin:admin').toString('base64');
const fd = openSync(${JSON.stringify(journal)}, 'a', 0o600);
const post = (body) => new Promise((resolve, reject) => {
  const req = http.request(target, { method: 'POST', agent, headers: { authorization: auth, accept: 'application/json',
    'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (d) => { text += d; });
    res.on('end', () => resolve({ status: res.statusCode, answer: JSON.parse(text) }));
  });
  req.on('error', reject);
  req.end(body);
});
for (let i = 0; i < ${count}; i++) {
  const net = '10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255);
  const body = JSON.stringify({ Actions: ['SET'], Options: { net: [net] } });
  writeSync(fd, body + '\\n');
  fsyncSync(fd);
  const { status, answer } = await post(body);
  if (status !== 200 || answer.RequestStatus !== 'OK') throw new Error('bad answer ' + JSON.stringify(answer));
}
closeSync(fd);
agent.destroy();
`;

// Loaded into routersh with -r: its CPU time (user + system, ms) on stderr when it exits.
const CPU = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('cpu_ms ' + (u.userCPUTime + u.systemCPUTime) / 1000 + '\\n'); });\n`;

interface Run {
  ms: number;
  cpuMs: number;
}

function routersh(args: string[], env: NodeJS.ProcessEnv, preload: string): Run {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', preload, `${ROOT}bin/routersh.cjs`, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`routersh ${args[0]} failed (${r.status}): ${r.stderr.slice(-500)}`);
  return { ms, cpuMs: Number(/cpu_ms ([\d.]+)/.exec(r.stderr)?.[1] ?? Number.NaN) };
}

/**
 * Where a script's requests and journal bytes go (not timed): one `-f` of 1,000 adds against a
 * simulator in this process, whose request log is counted — GETs (the metadata walk and the
 * journal's before/after reads) and POSTs per line — and the journal file's lines and bytes
 * per change. The journal fsyncs once per change (its `change` record, before the request).
 */
async function breakdown(preload: string, dir: string): Promise<Record<string, number>> {
  const { startRouterSim } = await import('../sim/router/index.js');
  const sim = await startRouterSim({ host: '127.0.0.1', port: 0 });
  const count = 1000;
  const state = join(dir, 'breakdown-state');
  const env = { ...process.env, ...AUTH_ENV, ROUTERSH_ROUTER: sim.url, XDG_STATE_HOME: state };
  try {
    const run = (args: string[]) =>
      new Promise<void>((resolve, reject) => {
        // Asynchronously: the simulator answers from this process's event loop.
        const c = spawn(process.execPath, ['-r', preload, `${ROOT}bin/routersh.cjs`, ...args], {
          cwd: ROOT,
          env,
          stdio: 'ignore',
        });
        c.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`routersh exited ${code}`))));
      });
    await run(['-c', 'ipv4 firewall match-list breakdown']);
    const file = join(dir, 'breakdown.txt');
    writeFileSync(
      file,
      `${Array.from({ length: count }, (_, i) => `ipv4 firewall match-list breakdown action match net ${entry(i)}`).join('\n')}\n`,
    );
    rmSync(state, { recursive: true, force: true });
    const before = sim.requests.length;
    await run(['-f', file]);
    const reqs = sim.requests.slice(before);
    const journalDir = join(state, 'routersh', 'journal');
    const text = readdirSync(journalDir)
      .map((f) => readFileSync(join(journalDir, f), 'utf8'))
      .join('');
    const lines = text.trim().split('\n');
    return {
      'breakdown (1000 adds): GETs per line': reqs.filter((r) => r.method === 'GET').length / count,
      'breakdown (1000 adds): POSTs per line': reqs.filter((r) => r.method === 'POST').length / count,
      'breakdown (1000 adds): fsyncs per change (one per change record)':
        lines.filter((l) => l.startsWith('{"t":"change"')).length / count,
      'breakdown (1000 adds): journal lines per change': lines.length / count,
      'breakdown (1000 adds): journal bytes per change': Buffer.byteLength(text) / count,
    };
  } finally {
    await sim.close();
  }
}

export async function benchScript(): Promise<Record<string, number>> {
  const sims = await startChildSims();
  const url = sims.routerUrl;
  const dir = mkdtempSync(join(tmpdir(), 'routersh-script-'));
  const env = { ...process.env, ...AUTH_ENV, ROUTERSH_ROUTER: url, XDG_STATE_HOME: join(dir, 'state') };
  const preload = join(dir, 'cpu.cjs');
  writeFileSync(preload, CPU);
  let lists = 0;
  // A fresh list for each run of each arm (created here, outside the measured run).
  const freshList = (tag: string) => {
    const name = `${tag}-${++lists}`;
    timeNode([`${ROOT}bin/routersh.cjs`, '-c', `ipv4 firewall match-list ${name}`], env);
    return name;
  };
  const script = (list: string, count: number) => {
    const file = join(dir, `${list}.txt`);
    const lines = Array.from(
      { length: count },
      (_, i) => `ipv4 firewall match-list ${list} action match net ${entry(i)}`,
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const feed = (count: number) => {
    const file = join(dir, `feed-${count}.txt`);
    writeFileSync(file, `${Array.from({ length: count }, (_, i) => entry(i)).join('\n')}\n`);
    return file;
  };
  const out: Record<string, number> = {};
  try {
    Object.assign(out, await breakdown(preload, dir));
    for (const count of [1000, 10_000]) {
      const cpu: Record<string, number[]> = { f: [], import: [] };
      const feedFile = feed(count);
      const res = await alternate(
        [
          {
            name: 'f',
            run: () => {
              const r = routersh(['-f', script(freshList('f'), count)], env, preload);
              cpu['f']?.push(r.cpuMs);
              return r.ms;
            },
          },
          {
            name: 'bare',
            run: () => {
              const list = freshList('bare');
              const src = bareLoop(url, list, count, join(dir, `${list}.journal`));
              return timeNode(['--input-type=module', '-e', src]).ms;
            },
          },
          {
            name: 'import',
            run: () => {
              const r = routersh(['match-list', 'import', freshList('imp'), feedFile], env, preload);
              cpu['import']?.push(r.cpuMs);
              return r.ms;
            },
          },
        ],
        RUNS,
      );
      const { f, bare, import: imp } = res as Record<'f' | 'bare' | 'import', NonNullable<(typeof res)['f']>>;
      Object.assign(
        out,
        rows(`-f ${count} single adds, journaled: wall ms`, f),
        rows(`bare node:http loop + fsync per request (${count}): wall ms`, bare),
        rows(`match-list import of the same ${count}: wall ms`, imp),
        rows(`-f ${count} / bare loop (target ≤ 2)`, pairedRatio(f, bare)),
        rows(`-f ${count} / match-list import`, pairedRatio(f, imp)),
        rows(`-f ${count}: routersh CPU ms`, summarize(cpu['f'] ?? [])),
        rows(`match-list import ${count}: routersh CPU ms`, summarize(cpu['import'] ?? [])),
      );
    }
  } finally {
    await sims.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchScript();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(60)} ${v.toFixed(2)}\n`);
}
