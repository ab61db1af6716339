// undici files routersh's transport can never reach, left out of the bundle (esbuild plugin,
// used by scripts/build.mjs and bench/bundle.ts). The one-shot path compiles every byte of the
// chunk it loads, used or not (~10 µs per KB on Node 20), and these were 120 KB of it:
// - web/fetch/body.js and the fetch, FormData and WebIDL code behind it: client-h1 requires it
//   only for a FormData body; src/http/transport.ts sends a string or nothing;
// - dispatcher/client-h2.js: used only when ALPN picks h2, which undici offers only with
//   `allowH2` (or h2c with `useH2c`); the transport sets neither, so only http/1.1 is offered.
// A stub that throws stands in for each, naming why, should that ever change.
// And undici's `require('node:assert')` gets a plain check: undici only ever calls assert(value)
// (test/scripts/node-modules-patches.test.ts holds it to that), and loading node:assert cost
// every one-shot command ~0.9 ms. So does signal-exit's (Ink's), whose one use is
// assert.equal(typeof cb, 'function', message): node:assert and its 5 modules were loaded by
// every shell for that (~2 ms). A failed check throws as node:assert would (AssertionError,
// code ERR_ASSERTION), with a shorter message.
const STUBS = [
  {
    file: /\/node_modules\/undici\/lib\/web\/fetch\/body\.js$/,
    contents: `module.exports = { extractBody() { throw new Error('routersh: a FormData request body is not supported (scripts/undici-trim.mjs)') } }`,
  },
  {
    file: /\/node_modules\/undici\/lib\/dispatcher\/client-h2\.js$/,
    contents: `module.exports = function connectH2() { throw new Error('routersh: HTTP/2 is not supported (scripts/undici-trim.mjs)') }`,
  },
];

const ASSERT = `function assert(value, message) {
  if (value) return;
  const e = new Error(typeof message === 'string' ? message : 'internal assertion failed');
  e.name = 'AssertionError';
  e.code = 'ERR_ASSERTION';
  throw e;
}
// node:assert's equal is loose (==).
assert.equal = (actual, expected, message) => assert(actual == expected, message);
module.exports = assert;`;

/** The packages whose require('assert') gets the plain check (their uses: the test above). */
const PLAIN_ASSERT = /\/node_modules\/(undici|signal-exit)\//;

/** @type {import('esbuild').Plugin} */
export const undiciTrim = {
  name: 'undici-trim',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (a) =>
      PLAIN_ASSERT.test(a.importer) ? { path: 'plain-assert', namespace: 'plain-assert' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'plain-assert' }, () => ({ contents: ASSERT, loader: 'js' }));
    b.onLoad(
      { filter: /\/node_modules\/undici\/lib\/(web\/fetch\/body|dispatcher\/client-h2)\.js$/ },
      (a) => {
        const stub = STUBS.find((s) => s.file.test(a.path));
        return stub ? { contents: stub.contents, loader: 'js' } : undefined;
      },
    );
  },
};
