import { build } from 'esbuild';
const r = await build({
  absWorkingDir: process.cwd(), entryPoints: ['src/main.ts'], outdir: '/tmp/a-trace/out', splitting: true,
  bundle: true, platform: 'node', format: 'esm', target: 'node20', metafile: true, write: false,
  alias: { 'react-devtools-core': './scripts/devtools-stub.mjs' }, logLevel: 'error',
});
const inputs = r.metafile.inputs;
// static import graph from src/run/session.ts and src/run/batch.ts
const start = process.argv.slice(2);
const seen = new Map(); const q = start.map(s => [s, null]);
while (q.length) { const [f, from] = q.shift(); if (seen.has(f)) continue; seen.set(f, from);
  for (const i of inputs[f]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) q.push([i.path, f]); }
const show = (t) => { const chain = []; let c = t; while (c) { chain.push(c); c = seen.get(c); } return chain.reverse().join('\n   -> '); };
for (const k of seen.keys()) if (/fuse|re2js|jose|api\/telemetry\/client|panes\/|match-list/.test(k) && !/node_modules\/.*node_modules/.test(k)) { if (/(fuse.js\/dist|re2js\/build|jose\/dist\/webapi\/index|telemetry\/client|telemetry\/index|panes\/[a-z]+\/[a-z-]+\.ts$|run\/match-list\/[a-z]+\.ts$)/.test(k)) console.log(show(k)+'\n'); }
