// esbuild plugin: Ink memoizes the size and wrapping of every text it has ever rendered in
// module-level caches that never shrink (ink/build/measure-text.js, wrap-text.js). A log
// pane following for hours, or a chart refreshing all day, renders new text every second,
// so those caches would grow without bound. The bundle clears them past a size instead.
// The build fails if Ink's source no longer has the expected lines (an upgrade changed it).
import { readFile } from 'node:fs/promises';

const LIMIT = 4096;

const PATCHES = {
  'measure-text.js': [
    [
      'cache.set(text, dimensions);',
      `if (cache.size >= ${LIMIT}) cache.clear();\n    cache.set(text, dimensions);`,
    ],
  ],
  'wrap-text.js': [
    ['const cache = {};', 'let cache = {};\nlet cacheSize = 0;'],
    [
      'cache[cacheKey] = wrappedText;',
      `if (++cacheSize > ${LIMIT}) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;`,
    ],
  ],
};

export const inkBoundedCaches = {
  name: 'ink-bounded-caches',
  setup(build) {
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/](measure-text|wrap-text)\.js$/ }, async (args) => {
      let source = await readFile(args.path, 'utf8');
      const file = args.path.split(/[\\/]/).pop();
      for (const [from, to] of PATCHES[file]) {
        if (!source.includes(from))
          throw new Error(`ink-bounded-caches: '${from}' not found in ${args.path}`);
        source = source.replace(from, to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};
