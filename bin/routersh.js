#!/usr/bin/env node
// `routersh --version` alone is answered here, from package.json, before the CLI's modules load:
// the one answer that needs none of them. Everything else is src/main.ts.
// node:fs is required, not imported: an import builds its ES facade, which reads every export
// (fs's streams included, ~1.4 ms) on every run (scripts/node-builtins.mjs).
import module from 'node:module';

if (process.argv.length === 3 && process.argv[2] === '--version') {
  const { readFileSync } = module.createRequire(import.meta.url)('node:fs');
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`routersh ${version}\n`);
} else {
  // Node ≥ 22.1 keeps V8's compiled code of dist/ on disk (its own directory, checked against
  // the source), so later starts skip most of the compiling; Node 20 has no such call.
  module.enableCompileCache?.();
  await import('../dist/main.js');
}
