import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, pairedRatio, rows } from './alternate.js';
import { bareEntryLoop, maxRssPreload, measured, ROOT, startChildSims, timeNode } from './util.js';

const COUNT = 10_000;
const FULL = 65_536;
const CONCURRENCY = 16;
const AUTH_ENV = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const entry = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The bare loop of `count` entries through undici, or node:http (the baseline the issue names). */
const bareLoop = (url: string, list: string, count = COUNT, client: 'undici' | 'http' = 'undici') =>
  bareEntryLoop({
    url,
    list,
    action: 'SET',
    count,
    concurrency: CONCURRENCY,
    net: "'10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255)",
    client,
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
    const bare = Number(
      /entries\/s\s+([\d.]+)/.exec(node(['--input-type=module', '-e', bareLoop(url, 'bench-bare')]).out)?.[1],
    );
    const run = node([bin, 'match-list', 'import', 'bench-import', feed(COUNT), '--json'], env);
    const summary = JSON.parse(run.out) as { added: number; failed: number; elapsedMs: number };
    if (summary.added !== COUNT) throw new Error(`import added ${summary.added} of ${COUNT}`);
    const whole = (COUNT * 1000) / run.ms;
    // 65,536 entries: the import and the bare loop take turns (alternate.ts), each run into a
    // list of its own, so that the machine's drift falls on both; the ratio is paired per run.
    const preload = maxRssPreload(mkdtempSync(join(tmpdir(), 'routersh-import-rss-')));
    const fullFeed = feed(FULL);
    const rss: Record<'bare' | 'http' | 'import', number[]> = { bare: [], http: [], import: [] };
    let lists = 0;
    const fresh = () => {
      const list = `bench-full-${lists++}`;
      node([bin, '-c', `ipv4 firewall match-list ${list}`], env);
      return list;
    };
    const full = await alternate([
      {
        name: 'bare',
        run: () => {
          const r = measured(['--input-type=module', '-e', bareLoop(url, fresh(), FULL)], env, preload);
          rss.bare.push(r.mb);
          return r.ms;
        },
      },
      {
        name: 'http',
        run: () => {
          const r = measured(
            ['--input-type=module', '-e', bareLoop(url, fresh(), FULL, 'http')],
            env,
            preload,
          );
          rss.http.push(r.mb);
          return r.ms;
        },
      },
      {
        name: 'import',
        run: () => {
          const r = measured([bin, 'match-list', 'import', fresh(), fullFeed, '--json'], env, preload);
          const got = JSON.parse(r.out) as { added: number; failed: number };
          if (got.added !== FULL)
            throw new Error(`import added ${got.added} of ${FULL} (${got.failed} failed)`);
          rss.import.push(r.mb);
          return r.ms;
        },
      },
    ]);
    const time = pairedRatio(full['import']!, full['bare']!);
    const throughput = pairedRatio(full['bare']!, full['import']!);
    const httpThroughput = pairedRatio(full['http']!, full['import']!);
    return {
      import_entries_per_s_whole_process: whole,
      import_entries_per_s_send_phase: (COUNT * 1000) / summary.elapsedMs,
      bare_undici_c16_entries_per_s: bare,
      import_vs_bare_ratio: whole / bare,
      import_10000_total_s: run.ms / 1000,
      ...rows('import_65536_total_ms', full['import']!),
      ...rows('bare_undici_c16_65536_total_ms', full['bare']!),
      ...rows('import_65536_vs_bare_time_ratio', time),
      ...rows('import_65536_vs_bare_throughput_ratio', throughput),
      ...rows('bare_node_http_c16_65536_total_ms', full['http']!),
      ...rows('import_65536_vs_bare_node_http_throughput_ratio', httpThroughput),
      import_65536_peak_rss_mb_max: Math.max(...rss.import),
      bare_65536_peak_rss_mb_max: Math.max(...rss.bare),
      bare_node_http_65536_peak_rss_mb_max: Math.max(...rss.http),
    };
  } finally {
    await sims.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchImport();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(40)} ${v.toFixed(2)}\n`);
}
