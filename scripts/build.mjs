// Bundles src/main.ts into dist/main.js: one file starts in about half the time of the
// unbundled module graph (PLATFORM-NOTES). React's production build, devtools stubbed out.
// Dependencies are bundled as installed: their patches (patches/) are applied to node_modules
// by patch-package on install, so tests and the binary run the same code.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Chunk names carry hashes: start clean so stale chunks never pile up.
rmSync(`${root}dist`, { recursive: true, force: true });

/** `import text from './x.md?raw'` (as Vite reads it in tests): the file as a string. */
const rawText = {
  name: 'raw-text',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (a) => ({
      path: resolve(dirname(a.importer), a.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw-text' }, (a) => ({
      contents: readFileSync(a.path, 'utf8'),
      loader: 'text',
    }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
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
  metafile: process.env.BUILD_META === '1',
  alias: { 'react-devtools-core': './scripts/devtools-stub.mjs' },
  // One source for the version: package.json (bin/routersh.js reads it there too).
  define: {
    'process.env.NODE_ENV': '"production"',
    __ROUTERSH_VERSION__: JSON.stringify(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version),
  },
  banner: {
    js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
  },
  plugins: [rawText],
  logLevel: 'warning',
});
