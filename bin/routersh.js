#!/usr/bin/env node
// `routersh --version` alone is answered here, from package.json, before the CLI's modules load:
// the one answer that needs none of them. Everything else is src/main.ts.
import { readFileSync } from 'node:fs';

if (process.argv.length === 3 && process.argv[2] === '--version') {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`routersh ${version}\n`);
} else {
  await import('../dist/main.js');
}
