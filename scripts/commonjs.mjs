// Turns the bundle's ES modules into CommonJS files (.cjs), after the chunks are merged. Why:
// V8 can keep a script's compiled code (vm.Script's cachedData) and bin/routersh.cjs does so for
// every run after the first (bin/code-cache.cjs), but Node 20 offers that for CommonJS only (its
// compile cache for ES modules, module.enableCompileCache, came in Node 22.1). With the cache,
// `-c` took 91–99 ms where the same CommonJS files compiled afresh took 107–115 (alternated,
// 15 runs each); the ES module build before took more still, and no run starts Node's ES
// loader now.
// esbuild splits code only into ES modules, so the split build stays as it is and each output
// file is then transformed on its own: its imports of other chunks become require()s of their
// .cjs, an `import()` becomes a require() in a promise, `import.meta.url` the file's URL. No
// file may keep a top-level await (esbuild refuses to transform it; the Ink and yoga-layout
// patches remove theirs).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';

const META_URL = '__routershImportMetaUrl';

/**
 * Converts every .js file of dist/ (main.js, string-width.js, chunks/) into a .cjs file beside
 * it, removes the .js, and writes dist/build-id: a hash of the whole output, which names the
 * code cache's directory (V8 checks a cache against its source's length only).
 */
export async function toCommonJs(root) {
  const dist = join(root, 'dist');
  const files = [
    ...readdirSync(dist).filter((f) => f.endsWith('.js')),
    ...readdirSync(join(dist, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `chunks/${f}`),
  ];
  // A chunk's name carries a content hash: its name followed by `"` is only ever an import of it.
  const names = files.map((f) => f.slice(f.lastIndexOf('/') + 1));
  const renamed = new RegExp(`(${names.map((n) => n.replace(/[.$]/g, '\\$&')).join('|')})"`, 'g');
  const hash = createHash('sha256');
  for (const f of files) {
    const code = readFileSync(join(dist, f), 'utf8');
    const out = await transform(code, {
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcefile: f,
      define: { 'import.meta.url': META_URL },
      supported: { 'dynamic-import': false },
      logLevel: 'silent',
    }).catch((e) => {
      throw new Error(`build: ${f} cannot be CommonJS: ${e.message.split('\n')[0]}`);
    });
    let cjs = sameRequireOnce(out.code.replace(renamed, (_, name) => `${name.slice(0, -3)}.cjs"`));
    if (cjs.includes(META_URL))
      cjs = `var ${META_URL} = require("node:url").pathToFileURL(__filename).href;\n${cjs}`;
    // An ES module's code is strict; so is this file's. The transform drops comments: the
    // `// path` line esbuild writes above each bundled module is kept, all at the top, for what
    // reads which sources a file holds (THIRD-PARTY-NOTICES' tests, test/e2e/startup-lean).
    const paths = [...new Set(code.match(/^\/\/ [^\s]*[/:][^\s]*$/gm) ?? [])];
    cjs = `"use strict";\n${paths.map((p) => `${p}\n`).join('')}${cjs}`;
    writeFileSync(join(dist, f.replace(/\.js$/, '.cjs')), cjs);
    rmSync(join(dist, f));
    hash.update(f).update(cjs);
  }
  writeFileSync(join(dist, 'build-id'), `${hash.digest('hex').slice(0, 16)}\n`);
}

/**
 * Each chunk is required once per file: esbuild imports a chunk once per module that used it
 * (the run chunk required the base chunk 14 times), and Node resolves such a require afresh
 * every time (its cache of relative requires is filled only when the parent loads the module
 * first): ~60 µs each, ~2 ms of `-c`. The later ones take the first one's exports.
 */
function sameRequireOnce(code) {
  const first = new Map();
  return code.replace(/^var (\w+) = require\("(\.\.?\/[^"]+\.cjs)"\);$/gm, (line, name, path) => {
    const earlier = first.get(path);
    if (earlier === undefined) {
      first.set(path, name);
      return line;
    }
    return `var ${name} = ${earlier};`;
  });
}
