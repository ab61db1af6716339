// `npm run man`: writes man/routersh.1 from the help tables (src/cli/man-page.ts). The file is
// committed; test/cli/man-page.test.ts regenerates it and fails when it differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { manPage } from '../src/cli/man-page.js';

const root = new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
const out = new URL('man/routersh.1', root);
writeFileSync(out, manPage(version));
process.stdout.write(`wrote ${out.pathname}\n`);
