#!/usr/bin/env node
// `routersh --version` alone is answered here, from package.json, before the CLI's modules load:
// the one answer that needs none of them. Everything else is src/main.ts.
// CommonJS, not an ES module: Node 20 starts an ES module entry through its ES loader (~10 ms
// before the first line runs); `--version` needs no loader at all (1.0–1.1× `node -e 0`, was
// 1.35–1.6×), and dist/ is CommonJS too (scripts/commonjs.mjs), so no run starts that loader.
'use strict';

if (process.argv.length === 3 && process.argv[2] === '--version') {
  const { version } = JSON.parse(require('node:fs').readFileSync(`${__dirname}/../package.json`, 'utf8'));
  process.stdout.write(`routersh ${version}\n`);
} else {
  // Compiled code kept between runs: Node's own cache from Node 22.1 (its directory, checked
  // against the source), bin/code-cache.cjs on Node 20. ROUTERSH_CODE_CACHE=off turns both off.
  // A fleet run starts this file again on a second thread (src/commands/fleet-threads.ts),
  // which finds it here; that thread's marker holds the V8 flags the run set before it started.
  globalThis[Symbol.for('routersh.bin')] = __filename;
  const shard = globalThis[Symbol.for('routersh.shard')];
  const { enableCompileCache } = require('node:module');
  if (process.env.ROUTERSH_CODE_CACHE !== 'off') {
    if (enableCompileCache) enableCompileCache();
    else {
      const dist = require('node:path').resolve(__dirname, '../dist');
      const setV8Flag = require('./code-cache.cjs').install(dist, shard?.v8Flags);
      // src/commands/v8-flags.ts changes V8's flags through it.
      globalThis[Symbol.for('routersh.setV8Flag')] = setV8Flag;
    }
  }
  require('../dist/main.cjs');
}
