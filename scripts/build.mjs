// Bundles src/main.ts into dist/ (main.cjs and its chunks, CommonJS: commonjs.mjs): one file starts in about half the time of the
// unbundled module graph (PLATFORM-NOTES). React's production build, devtools stubbed out.
// Every dependency is bundled as installed: their patches (patches/) are applied to node_modules
// by patch-package on a developer's install, so tests and the binary run the same code, and
// the published package needs no dependency. Writes THIRD-PARTY-NOTICES for what it bundled.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toCommonJs } from './commonjs.mjs';
import { mergeChunks } from './merge-chunks.mjs';
import { bundledPackages, packageNotice, renderNotices } from './third-party-notices.mjs';
import { builtinsAsRequire } from './node-builtins.mjs';
import { undiciTrim } from './undici-trim.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Chunk names carry hashes: start clean so stale chunks never pile up.
rmSync(`${root}dist`, { recursive: true, force: true });

/** `import text from './x.md?raw'` (as Vite reads it in tests): the file as a string. */
const rawText = {
  name: 'raw-text',
  setup(b) {
    // Named relative to the checkout: esbuild hashes chunk names from it, so the same sources
    // build the same dist/ wherever they are checked out.
    b.onResolve({ filter: /\?raw$/ }, (a) => ({
      path: relative(root, resolve(dirname(a.importer), a.path.slice(0, -'?raw'.length))),
      namespace: 'raw-text',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw-text' }, (a) => ({
      contents: readFileSync(resolve(root, a.path), 'utf8'),
      loader: 'text',
    }));
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'src/main.ts', out: 'main' },
    // src/term/text-width.ts requires string-width on first need (a static import costs ~35 ms
    // at start-up): an entry of its own (package.json "imports" #string-width), sharing Ink's copy.
    { in: createRequire(`${root}package.json`).resolve('string-width'), out: 'string-width' },
  ],
  outdir: 'dist',
  // Chunks: the interactive shell (Ink, React) and the simulators load only when used, so
  // `-c` and scripts start without them.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  metafile: true,
  alias: { 'react-devtools-core': './scripts/devtools-stub.mjs' },
  // One source for the version: package.json (bin/routersh.cjs reads it there too).
  define: {
    'process.env.NODE_ENV': '"production"',
    __ROUTERSH_VERSION__: JSON.stringify(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version),
    __ROUTERSH_STRING_WIDTH__: '"#string-width"',
  },
  // No banner for `require`: undici's require() of Node's modules goes through esbuild's
  // __require, which finds the module's own `require` once commonjs.mjs has made it CommonJS.
  plugins: [rawText, undiciTrim, builtinsAsRequire],
  logLevel: 'warning',
});

// Fewer files on the one-shot path (merge-chunks.mjs).
await mergeChunks(root, result.metafile);
// CommonJS, whose compiled code bin/ keeps between runs (commonjs.mjs).
await toCommonJs(root);

try {
  const packages = [...bundledPackages(result.metafile)];
  writeFileSync(
    `${root}THIRD-PARTY-NOTICES`,
    renderNotices(packages.map(([d, i]) => packageNotice(root, d, i))),
  );
} catch (e) {
  process.stderr.write(`build: ${e.message}\n`);
  process.exit(1);
}
