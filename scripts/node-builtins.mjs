// Node's own modules, as the bundle imports them (esbuild plugin, used by scripts/build.mjs and
// bench/bundle.ts). An ES import of a built-in makes Node build its ES facade, which reads every
// export once — the lazy ones included: `import … from 'node:fs'` loaded fs's streams (~1.4 ms
// on Node 20), node:util its MIME code; node:os, node:util, node:events … each cost 0.3–2 ms
// more than a require() of the same module (measured). So an import statement of a built-in
// gets a small ES module that require()s it and exports its data properties (and forwards its
// lazy functions), read once as a require() reads them. node:module stays an import (its
// createRequire), and so do require() and import().
import { builtinModules, createRequire } from 'node:module';

const nodeRequire = createRequire(import.meta.url);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const BUILTIN = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** @type {import('esbuild').Plugin} */
export const builtinsAsRequire = {
  name: 'node-builtins-as-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/0-9]+$/ }, (a) => {
      if (!BUILTIN.has(a.path) || a.path === 'node:module' || a.path === 'module') return undefined;
      if (a.namespace === 'node-builtin') return { path: a.path, external: true };
      // Only import statements: a require() (undici's) is one already; an import() stays one (a
      // chunk of its own would give it only a default export).
      if (a.kind !== 'import-statement') return undefined;
      return { path: a.path, namespace: 'node-builtin' };
    });
    // An ES module of the built-in's data properties (read once, as a require() would; its lazy
    // accessors are left alone): importers bind to them directly, where esbuild's CommonJS
    // interop would copy every property of the module into a namespace object first.
    b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (a) => {
      const exports = nodeRequire(a.path);
      const names = Object.keys(exports).filter(
        (k) =>
          IDENTIFIER.test(k) &&
          k !== 'default' &&
          'value' in (Object.getOwnPropertyDescriptor(exports, k) ?? {}),
      );
      // A lazy accessor whose value is a plain function (util.parseArgs) is forwarded: the
      // accessor runs on the first call, as it would on the first use of a require()d module.
      const lazyFunctions = Object.keys(exports).filter((k) => {
        const d = Object.getOwnPropertyDescriptor(exports, k);
        return IDENTIFIER.test(k) && d?.get && typeof exports[k] === 'function' && !exports[k].prototype;
      });
      const contents = [
        `const m = require(${JSON.stringify(a.path)});`,
        'export default m;',
        ...names.map((k) => `export const ${k} = m.${k};`),
        ...lazyFunctions.map((k) => `export function ${k}(...a) { return m.${k}(...a); }`),
      ].join('\n');
      return { contents, loader: 'js' };
    });
  },
};
