// `routersh api` against a bare undici client, both talking to the router simulator running
// in a child process:
//  (a) throughput: `api -n 5000` vs a bare undici loop (same concurrency, Basic auth, JSON
//      parsed) — target ratio ≥ 0.9;
//  (b) one request end to end: `routersh api -s URL interface` vs `node -e` doing the same GET
//      with undici, median of 15 — target ratio ≤ 1.3.
// Run: node --import tsx bench/api-bench.ts (after `npm run build`). Without dist/main.js,
// (a) runs runApiCommand from source (`api-bench.ts --api-n URL` in a child, so both sides
// are fresh processes) and (b) is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, startChildSims } from './util.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COUNT = 5000;
const CONCURRENCY = 8; // API_CONCURRENCY in src/cli/api-command.ts
const RUNS = 15;
const ROUNDS = 5;
const AUTH_ENV = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };

// The baseline: the same GETs with undici and nothing else. Prints requests/s.
const bareLoop = (url: string) => `
import { Agent, request } from 'undici';
const agent = new Agent({ connections: 16 });
const auth = 'Basic ' + Buffer.from('admin:admin').toString('base64');
let next = 0;
const worker = async () => {
  while (next < ${COUNT}) {
    next++;
    const res = await request('${url}/api/interface', { dispatcher: agent, headers: { authorization: auth, accept: 'application/json' } });
    const body = await res.body.json();
    if (res.statusCode !== 200 || body.RequestStatus !== 'OK') throw new Error('bad answer');
  }
};
const t0 = performance.now();
await Promise.all(Array.from({ length: ${CONCURRENCY} }, worker));
console.log('requests/s ' + ((${COUNT} * 1000) / (performance.now() - t0)).toFixed(2));
await agent.close();
`;

const bareOnce = (url: string) => `
import { request } from 'undici';
const res = await request('${url}/api/interface', { headers: { authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') } });
process.stdout.write(JSON.stringify(await res.body.json(), null, 2) + '\\n');
`;

function rpsOf(out: string): number {
  const m = /^requests\/s\s+([\d.]+)/m.exec(out);
  if (!m?.[1]) throw new Error(`no requests/s in output:\n${out}`);
  return Number(m[1]);
}

function run(args: string[]): { ms: number; out: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...AUTH_ENV },
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { ms, out: r.stdout };
}

/** `api -n` from source, in this process: the fallback's child side. */
async function apiFromSource(url: string): Promise<number> {
  const { execute } = await import('../src/commands/index.js');
  const { exitStatus } = await import('../src/exit-status.js');
  const io = {
    out: (s: string) => void process.stdout.write(s),
    err: (s: string) => void process.stderr.write(s),
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: { ...process.env, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' },
    onInterrupt: () => () => {},
  };
  return exitStatus(await execute(['api', '-n', String(COUNT), '-s', url, 'interface'], io));
}

export async function benchApi(): Promise<Record<string, number>> {
  const built = existsSync(`${ROOT}dist/main.js`);
  if (!built) process.stderr.write('api-bench: dist/main.js missing: (a) runs from source, (b) skipped\n');
  const sims = await startChildSims();
  const url = sims.routerUrl;
  try {
    const bin = `${ROOT}bin/routersh.cjs`;
    // Warm the simulator (JIT, caches) so neither side pays for it; then alternate the two
    // sides and take medians: the machine is shared, single runs swing by 2x.
    run(['--input-type=module', '-e', bareLoop(url)]);
    const bareRuns: number[] = [];
    const apiRuns: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bareRuns.push(rpsOf(run(['--input-type=module', '-e', bareLoop(url)]).out));
      apiRuns.push(
        rpsOf(
          built
            ? run([bin, 'api', '-n', String(COUNT), '-s', url, 'interface']).out
            : run(['--import', 'tsx', `${ROOT}bench/api-bench.ts`, '--api-n', url]).out,
        ),
      );
    }
    const bareRps = median(bareRuns);
    const apiRps = median(apiRuns);
    const result: Record<string, number> = {
      api_n_requests_per_s: apiRps,
      bare_undici_requests_per_s: bareRps,
      api_throughput_ratio: apiRps / bareRps,
    };
    if (built) {
      const api: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        api.push(run([bin, 'api', '-s', url, 'interface']).ms);
        bare.push(run(['--input-type=module', '-e', bareOnce(url)]).ms);
      }
      result['api_one_request_ms'] = median(api);
      result['bare_one_request_ms'] = median(bare);
      result['api_one_request_ratio'] = median(api) / median(bare);
    }
    return result;
  } finally {
    await sims.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--api-n');
  if (i >= 0) process.exit(await apiFromSource(process.argv[i + 1] ?? ''));
  const r = await benchApi();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(28)} ${v.toFixed(2)}\n`);
}
