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

/**
 * Built-ins loaded at the first call of one of their functions, not when the bundle loads: every
 * shell loaded them before its first prompt for code it seldom runs. child_process (8 modules,
 * ~4 ms, measured with the shell's start in tmux): terminal-size (Ink's) calls it only when no
 * stream knows the terminal's size, routersh for a window's guard, a pager or an editor; v8
 * (8 modules, ~1–3 ms): src/commands/v8-flags.ts goes through bin/'s loader when there is one;
 * crypto (17 modules, ~8–12 ms): TLS files, tokens; fs/promises (8 modules, ~5 ms): a line
 * written to the history, a `| save`, a bounded read of a file. Their functions are
 * called, never constructed or compared (a class stays read at load: isClass).
 */
const LOADED_ON_CALL = new Set(['child_process', 'v8', 'crypto', 'fs/promises']);

/** A class (or a constructor function with methods): `new`, `extends` and instanceof need the real one. */
const isClass = (f) =>
  /^class\b/.test(Function.prototype.toString.call(f)) ||
  (f.prototype !== undefined && Object.getOwnPropertyNames(f.prototype).length > 1);

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
      // A module in LOADED_ON_CALL is required at the first call of one of its functions;
      // anything else the importers use (a class, an object, the module itself) is read when the
      // bundle loads, like every other module's exports; what they do not use is dropped with
      // its read (a pure call, tree-shaken).
      const onCall = LOADED_ON_CALL.has(a.path.replace(/^node:/, ''));
      const id = JSON.stringify(a.path);
      const wrapped = (k) =>
        lazyFunctions.includes(k) || (onCall && typeof exports[k] === 'function' && !isClass(exports[k]));
      const contents = [
        onCall
          ? `let m;\nconst load = () => (m ??= require(${id}));`
          : `const m = require(${id});\nconst load = () => m;`,
        `export default ${onCall ? '/* @__PURE__ */ load()' : 'm'};`,
        ...[...names, ...lazyFunctions].map((k) =>
          wrapped(k)
            ? `export function ${k}(...a) { return load().${k}(...a); }`
            : `export const ${k} = ${onCall ? `/* @__PURE__ */ (() => load().${k})()` : `m.${k}`};`,
        ),
      ].join('\n');
      return { contents, loader: 'js' };
    });
  },
};
