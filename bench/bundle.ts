// Bundles a bench entry exactly as dist/ is built (scripts/build.mjs: React's production
// build, devtools stubbed; node_modules carries the patches), so benches measure what users run.
import { build } from 'esbuild';
import { builtinsAsRequire } from '../scripts/node-builtins.mjs';
import { undiciTrim } from '../scripts/undici-trim.mjs';
import { ROOT } from './util.js';

export async function bundleForBench(entry: string): Promise<string> {
  const outfile = `${ROOT}.bench-out/${entry.replace(/^.*\//, '').replace(/\.tsx?$/, '')}.js`;
  await build({
    entryPoints: [`${ROOT}${entry}`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    alias: { 'react-devtools-core': `${ROOT}scripts/devtools-stub.mjs` },
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    plugins: [undiciTrim, builtinsAsRequire],
    logLevel: 'warning',
  });
  return outfile;
}
