// Bulk scripts (issue 9): `routersh -f` of 10,000 match-list adds against the router simulator
// in a child process, vs a bare undici loop at concurrency 1 doing the same POSTs (Basic auth,
// JSON answer parsed). Reports entries/s of each, the ratio, and the script's peak RSS (the
// child reports process.resourceUsage().maxRSS). Each side fills its own list so neither pays
// for the other's entries. The change journal (issue 11) fsyncs one line per change before
// sending it: the script runs once with its journal on disk, and once on tmpfs (/dev/shm, where
// fsync costs nothing) to show what the fsyncs cost.
// Also, cheaply and in-process: the slow-router hint (500 ms a request) after typing
// `interface ` key by key through the shell's keystroke path, and how many root requests it sent.
// Run: node --import tsx bench/bulk-bench.ts (after `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, startChildSims, timeNode } from './util.js';

const COUNT = 10_000;
const AUTH_ENV = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const entry = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

const bareLoop = (url: string, list: string) => `
import { Agent, request } from 'undici';
const agent = new Agent({ connections: 1 });
const auth = 'Basic ' + Buffer.from('admin:admin').toString('base64');
const headers = { authorization: auth, accept: 'application/json', 'content-type': 'application/json' };
const t0 = performance.now();
for (let i = 0; i < ${COUNT}; i++) {
  const net = '10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255);
  const body = JSON.stringify({ Actions: ['SET'], Options: { net: [net] } });
  const res = await request('${url}/api/ipv4/firewall/match-list/${list}/action/match', { method: 'POST', dispatcher: agent, headers, body });
  const answer = await res.body.json();
  if (res.statusCode !== 200 || answer.RequestStatus !== 'OK') throw new Error('bad answer ' + JSON.stringify(answer));
}
console.log('entries/s ' + ((${COUNT} * 1000) / (performance.now() - t0)).toFixed(2));
await agent.close();
`;

const node = timeNode;

// Loaded into the measured child with -r: reports its peak RSS on exit, on stderr.
const MAX_RSS = `process.on('exit', () => process.stderr.write('maxrss_kb ' + process.resourceUsage().maxRSS + '\\n'));\n`;

/** Runs routersh -f FILE with its journal under `state`: wall time and peak RSS. */
function runScript(bin: string, file: string, env: NodeJS.ProcessEnv, state: string, preload: string) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', preload, bin, '-f', file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...env, XDG_STATE_HOME: state },
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`routersh -f failed (${r.status}): ${r.stderr.slice(-500)}`);
  const kb = Number(/maxrss_kb (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN);
  return { ms, rssMb: kb / 1024 };
}

async function slowHint(): Promise<{ ms: number; roots: number }> {
  const { startHostileRouter } = await import('../test/hostile/router.js');
  const { RouterClient } = await import('../src/api/router/client.js');
  const { MetadataCache } = await import('../src/lang/index.js');
  const { createCompletionLookup } = await import('../src/shell/completion-lookup.js');
  const { edit, initPrompt } = await import('../src/shell/prompt-state.js');
  const router = await startHostileRouter({ delayMs: 500 });
  const client = new RouterClient({
    baseUrl: router.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
  try {
    const cache = new MetadataCache((words, signal) => client.nodeInfo(words, { signal }));
    let prompt = initPrompt();
    const lookup = createCompletionLookup(
      () => prompt,
      (s) => {
        prompt = s;
      },
      () => ({ cache, context: [], valueCompleter: undefined }),
    );
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (const ch of 'interface ') {
      prompt = edit(prompt, { type: 'insert', text: ch });
      lookup.decorate();
      await sleep(50);
    }
    const last = performance.now() - 50;
    while (prompt.hint === undefined && performance.now() - last < 5000) await sleep(5);
    lookup.dispose();
    const roots = router.requests.filter((r) => r.method === 'GET' && /^\/api\/?$/.test(r.url)).length;
    return { ms: performance.now() - last, roots };
  } finally {
    await client.close();
    await router.close();
  }
}

export async function benchBulk(): Promise<Record<string, number>> {
  const sims = await startChildSims();
  const url = sims.routerUrl;
  const env = { ...process.env, ...AUTH_ENV, ROUTERSH_ROUTER: url };
  const bin = `${ROOT}bin/routersh.cjs`;
  try {
    node(
      [
        bin,
        '-c',
        'ipv4 firewall match-list bench-bare',
        '-c',
        'ipv4 firewall match-list bench-f',
        '-c',
        'ipv4 firewall match-list bench-shm',
      ],
      env,
    );
    const bare = Number(
      /entries\/s\s+([\d.]+)/.exec(node(['--input-type=module', '-e', bareLoop(url, 'bench-bare')]).out)?.[1],
    );
    const dir = mkdtempSync(join(tmpdir(), 'routersh-bulk-'));
    const preload = join(dir, 'max-rss.cjs');
    writeFileSync(preload, MAX_RSS);
    const script = (list: string) => {
      const file = join(dir, `${list}.txt`);
      const lines = Array.from(
        { length: COUNT },
        (_, i) => `ipv4 firewall match-list ${list} action match net ${entry(i)}`,
      );
      writeFileSync(file, `${lines.join('\n')}\n`);
      return file;
    };
    const f = runScript(bin, script('bench-f'), env, join(dir, 'state'), preload);
    const rate = (COUNT * 1000) / f.ms;
    // The same script with the journal on tmpfs: the difference is the fsyncs' cost.
    const shmDir = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/routersh-bulk-') : undefined;
    const shm = shmDir ? runScript(bin, script('bench-shm'), env, shmDir, preload) : undefined;
    if (shmDir) rmSync(shmDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    const hint = await slowHint();
    return {
      f_entries_per_s: rate,
      bare_undici_c1_entries_per_s: bare,
      f_vs_bare_ratio: rate / bare,
      f_total_s: f.ms / 1000,
      f_peak_rss_mb: f.rssMb,
      ...(shm
        ? {
            f_journal_on_tmpfs_entries_per_s: (COUNT * 1000) / shm.ms,
            f_journal_on_tmpfs_vs_bare_ratio: (COUNT * 1000) / shm.ms / bare,
            f_fsync_cost_s: (f.ms - shm.ms) / 1000,
          }
        : {}),
      slow_router_hint_ms_after_last_key: hint.ms,
      slow_router_root_requests: hint.roots,
    };
  } finally {
    await sims.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchBulk();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(36)} ${v.toFixed(2)}\n`);
}
