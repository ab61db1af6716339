// Shared bench helpers: percentiles, timing of child processes, a simulator in a child
// process (so the server's CPU does not share the measured process's event loop).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rank } from '../src/commands/api-stats.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Nearest-rank percentile (p in 0..100) of ascending values: the one `routersh api -n` uses. */
export const percentile = (sorted: number[], p: number): number => rank(sorted, p / 100);

export function median(xs: number[]): number {
  return rank(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
}

/** Wall time of one process run, in ms; throws when it fails. */
export function timeRun(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return ms;
}

/** Runs node with `args` from the repository root: wall time in ms and stdout; throws when it fails. */
export function timeNode(args: string[], env: NodeJS.ProcessEnv = process.env): { ms: number; out: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env, maxBuffer: 64 << 20 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-500)}`);
  return { ms, out: r.stdout };
}

export interface ChildSims {
  routerUrl: string;
  telemetryUrl: string;
  telemetryKey: string;
  /** Ends the child (SIGTERM, then SIGKILL after 2 s) and waits for it. */
  stop(): Promise<void>;
}

/** Starts both simulators in a child process and waits for their URLs. */
export async function startChildSims(): Promise<ChildSims> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', `${ROOT}bench/sim-child.ts`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ router: string; telemetry: string; key: string }>((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
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
  return { routerUrl: info.router, telemetryUrl: info.telemetry, telemetryKey: info.key, stop };
}

/** The hostile router (test/hostile/router.ts) with `modes` in a child process: its URL, and stop. */
export async function startChildHostile(
  modes: Record<string, unknown>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `${ROOT}bench/hostile-child.ts`, JSON.stringify(modes)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`hostile router child exited (${code})`)));
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

/**
 * A bare undici loop (the baseline of the list benches): `count` POSTs of `action` with one
 * `net` each to LIST's entry node, `concurrency` at a time, Basic admin/admin, each answer
 * parsed and checked. `net`: a JS expression of `i`. Prints `entries/s N`. Source for `node -e`.
 */
/** A bare loop of `count` match-list entry requests at `concurrency`, one of two clients. */
export interface BareEntryLoop {
  url: string;
  list: string;
  action: 'SET' | 'UNSET';
  count: number;
  concurrency: number;
  net: string;
  /** undici (default), or node:http with a keep-alive Agent of `concurrency` sockets. */
  client?: 'undici' | 'http';
}

/** How each client sends one POST and checks its answer (`post(path, body)`), and ends. */
const CLIENTS = {
  undici: (o: BareEntryLoop) => ({
    head: `import { Agent, request } from 'undici';
const agent = new Agent({ connections: ${o.concurrency} });
const post = async (path, body) => {
  const res = await request('${o.url}' + path, { method: 'POST', dispatcher: agent, headers, body });
  const answer = await res.body.json();
  if (res.statusCode !== 200 || answer.RequestStatus !== 'OK') throw new Error('bad answer ' + JSON.stringify(answer));
};`,
    end: 'await agent.close();',
  }),
  http: (o: BareEntryLoop) => ({
    head: `import http from 'node:http';
const u = new URL('${o.url}');
const agent = new http.Agent({ keepAlive: true, maxSockets: ${o.concurrency} });
const post = (path, body) => new Promise((resolve, reject) => {
  const req = http.request({ host: u.hostname, port: u.port, path, method: 'POST', agent, headers }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c) => (text += c));
    res.on('end', () => {
      const answer = JSON.parse(text);
      if (res.statusCode !== 200 || answer.RequestStatus !== 'OK') reject(new Error('bad answer ' + text));
      else resolve(answer);
    });
  });
  req.on('error', reject);
  req.end(body);
});`,
    end: 'agent.destroy();',
  }),
};

export const bareEntryLoop = (o: BareEntryLoop) => {
  const c = CLIENTS[o.client ?? 'undici'](o);
  return `
const auth = 'Basic ' + Buffer.from('admin:admin').toString('base64');
const headers = { authorization: auth, accept: 'application/json', 'content-type': 'application/json' };
${c.head}
let next = 0;
async function worker() {
  while (next < ${o.count}) {
    const i = next++;
    const net = ${o.net};
    await post('/api/ipv4/firewall/match-list/${o.list}/action/match', JSON.stringify({ Actions: ['${o.action}'], Options: { net: [net] } }));
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: ${o.concurrency} }, worker));
console.log('entries/s ' + ((${o.count} * 1000) / (performance.now() - t0)).toFixed(2));
${c.end}
`;
};

// Loaded into a measured process with -r: its peak RSS on exit, on stderr.
const MAX_RSS = `process.on('exit', () => process.stderr.write('maxrss_kb ' + process.resourceUsage().maxRSS + '\\n'));\n`;

/** Writes the peak-RSS preload into `dir`: the file `measured` loads with -r. */
export function maxRssPreload(dir: string): string {
  const file = join(dir, 'max-rss.cjs');
  writeFileSync(file, MAX_RSS);
  return file;
}

/** Runs node with `args` (cwd ROOT) and the peak-RSS preload: wall ms, stdout and peak RSS in MB; throws when it fails. */
export function measured(args: string[], env: NodeJS.ProcessEnv, preload: string) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', preload, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
    maxBuffer: 256 << 20,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-800)}`);
  return { ms, out: r.stdout, mb: Number(/maxrss_kb (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN) / 1024 };
}
