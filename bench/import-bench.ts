// `routersh match-list import` (issue 9): 10,000 entries through the built binary against the
// router simulator in a child process, vs a bare undici loop at the same concurrency (16) doing
// the same POSTs (Basic auth, JSON answer parsed). Each side fills its own list. Reports
// entries/s of each (the import's whole process, start-up and metadata GETs included, and its
// own send phase from --json), the ratio, and a 65,536-entry import into one list (a full list)
// against the bare loop's 65,536 into another, each with its peak RSS (issue 38: ≥ 0.8× the
// bare loop's throughput, ≤ 150 MB).
// Run: node --import tsx bench/import-bench.ts (after `npm run build`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareEntryLoop, ROOT, startChildSims, timeNode } from './util.js';

const COUNT = 10_000;
const FULL = 65_536;
const CONCURRENCY = 16;
const AUTH_ENV = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const entry = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

const bareLoop = (url: string, list: string, count = COUNT) =>
  bareEntryLoop({
    url,
    list,
    action: 'SET',
    count,
    concurrency: CONCURRENCY,
    net: "'10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255)",
  });

const node = timeNode;

// Loaded into a measured process with -r: its peak RSS on exit, on stderr.
const MAX_RSS = `process.on('exit', () => process.stderr.write('maxrss_kb ' + process.resourceUsage().maxRSS + '\\n'));\n`;

/** Runs node with `args` and the peak-RSS preload: wall ms, stdout and peak RSS in MB. */
function measured(args: string[], env: NodeJS.ProcessEnv, preload: string) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', preload, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-500)}`);
  return { ms, out: r.stdout, mb: Number(/maxrss_kb (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN) / 1024 };
}

function feed(n: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'routersh-import-')), 'feed.txt');
  writeFileSync(file, `# bench feed\n${Array.from({ length: n }, (_, i) => entry(i)).join('\n')}\n`);
  return file;
}

export async function benchImport(): Promise<Record<string, number>> {
  const sims = await startChildSims();
  const url = sims.routerUrl;
  const env = { ...process.env, ...AUTH_ENV, ROUTERSH_ROUTER: url };
  const bin = `${ROOT}bin/routersh.cjs`;
  try {
    node(
      [bin, '-c', 'ipv4 firewall match-list bench-bare', '-c', 'ipv4 firewall match-list bench-import'],
      env,
    );
    node(
      [bin, '-c', 'ipv4 firewall match-list bench-full', '-c', 'ipv4 firewall match-list bench-bare-full'],
      env,
    );
    const bare = Number(
      /entries\/s\s+([\d.]+)/.exec(node(['--input-type=module', '-e', bareLoop(url, 'bench-bare')]).out)?.[1],
    );
    const run = node([bin, 'match-list', 'import', 'bench-import', feed(COUNT), '--json'], env);
    const summary = JSON.parse(run.out) as { added: number; failed: number; elapsedMs: number };
    if (summary.added !== COUNT) throw new Error(`import added ${summary.added} of ${COUNT}`);
    const whole = (COUNT * 1000) / run.ms;
    const preload = join(mkdtempSync(join(tmpdir(), 'routersh-import-rss-')), 'max-rss.cjs');
    writeFileSync(preload, MAX_RSS);
    const bareFull = measured(
      ['--input-type=module', '-e', bareLoop(url, 'bench-bare-full', FULL)],
      env,
      preload,
    );
    const full = measured([bin, 'match-list', 'import', 'bench-full', feed(FULL), '--json'], env, preload);
    const fullSummary = JSON.parse(full.out) as { added: number; failed: number };
    return {
      import_entries_per_s_whole_process: whole,
      import_entries_per_s_send_phase: (COUNT * 1000) / summary.elapsedMs,
      bare_undici_c16_entries_per_s: bare,
      import_vs_bare_ratio: whole / bare,
      import_10000_total_s: run.ms / 1000,
      import_65536_total_s: full.ms / 1000,
      bare_undici_c16_65536_total_s: bareFull.ms / 1000,
      import_65536_vs_bare_time_ratio: full.ms / bareFull.ms,
      import_65536_peak_rss_mb: full.mb,
      bare_65536_peak_rss_mb: bareFull.mb,
      import_65536_added: fullSummary.added,
      import_65536_failed: fullSummary.failed,
    };
  } finally {
    await sims.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchImport();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(40)} ${v.toFixed(2)}\n`);
}
