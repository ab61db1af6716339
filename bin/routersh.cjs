#!/usr/bin/env node
// `routersh --version` alone is answered here, from package.json, before the CLI's modules load:
// the one answer that needs none of them. Everything else is src/main.ts.
// CommonJS, not an ES module: Node 20 starts an ES module entry through its ES loader (~10 ms
// before the first line runs); `--version` needs no loader at all (1.0–1.1× `node -e 0`, was
// 1.35–1.6×), and the other paths start that loader at the import below instead.
'use strict';

if (process.argv.length === 3 && process.argv[2] === '--version') {
  const { version } = JSON.parse(require('node:fs').readFileSync(`${__dirname}/../package.json`, 'utf8'));
  process.stdout.write(`routersh ${version}\n`);
} else {
  // Node ≥ 22.1 keeps V8's compiled code of dist/ on disk (its own directory, checked against
  // the source), so later starts skip most of the compiling; Node 20 has no such call.
  require('node:module').enableCompileCache?.();
  import('../dist/main.js');
}
