// Issue 4: following at 50 records/s for 10 minutes keeps memory flat — measured with the
// pane really rendering through Ink, bundled exactly like dist/ (the bundle bounds Ink's text
// caches: patches/ink+*.patch), and unbundled for comparison.
import { spawnSync } from 'node:child_process';
import { bundleForBench } from './bundle.js';
import { ROOT } from './util.js';

interface Sample {
  heap: number;
  rss: number;
}

function run(args: string[]): { records: number; warm: Sample; end: Sample } {
  const r = spawnSync(process.execPath, ['--expose-gc', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    timeout: 300_000,
  });
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`follow harness failed: ${r.stderr}`);
  return JSON.parse(line);
}

export async function benchFollow(): Promise<Record<string, number>> {
  const outfile = await bundleForBench('bench/follow-harness.tsx');
  const bundled = run([outfile]);
  const plain = run(['--import', 'tsx', `${ROOT}bench/follow-harness.tsx`]);
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    'follow 10 min @50 rec/s, records rendered': bundled.records,
    'bundled: heap after 2 min (MB)': r(bundled.warm.heap),
    'bundled: heap after 10 min (MB)': r(bundled.end.heap),
    'bundled: RSS after 2 min (MB)': r(bundled.warm.rss),
    'bundled: RSS after 10 min (MB)': r(bundled.end.rss),
    'unbundled Ink (unbounded caches): heap after 2 min (MB)': r(plain.warm.heap),
    'unbundled Ink (unbounded caches): heap after 10 min (MB)': r(plain.end.heap),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchFollow());
}
