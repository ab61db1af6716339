import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareEntryLoop, maxRssPreload, measured, ROOT, startChildSims, timeNode } from './util.js';

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
    const preload = maxRssPreload(mkdtempSync(join(tmpdir(), 'routersh-import-rss-')));
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
