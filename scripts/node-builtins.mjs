// Node's own modules, imported by the bundle through `require` (esbuild plugin, used by
// scripts/build.mjs and bench/bundle.ts). An ES import of a built-in makes Node build its ES
// facade, which reads every export once — and with them the lazy ones: `import … from
// 'node:fs'` loads fs's streams (~1.4 ms on Node 20), node:os, node:util, node:events … each
// cost 0.3–2 ms more than a require() of the same module (measured): ~5 ms of CPU on the way
// of `-c "show interface"`. A require() reads only what is used. node:module stays an import:
// it gives the bundle its `require` (the banner, scripts/build.mjs); so does an import().
import { builtinModules } from 'node:module';

const BUILTIN = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** @type {import('esbuild').Plugin} */
export const builtinsAsRequire = {
  name: 'node-builtins-as-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/0-9]+$/ }, (a) => {
      // An import() of a built-in stays one: a chunk of its own would give it only a default export.
      if (!BUILTIN.has(a.path) || a.path === 'node:module' || a.path === 'module') return undefined;
      if (a.kind === 'dynamic-import') return undefined;
      if (a.namespace === 'node-builtin') return { path: a.path, external: true };
      return { path: a.path, namespace: 'node-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (a) => ({
      contents: `module.exports = require(${JSON.stringify(a.path)});`,
      loader: 'js',
    }));
  },
};
