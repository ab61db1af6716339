// esbuild plugin: two measured fixes to Ink's text pipeline, applied in the bundle (dist/).
// The build fails if a dependency no longer has the expected lines (an upgrade changed it).
//
// 1. Bounded caches. Ink memoizes the size and wrapping of every text it has ever rendered
//    in module-level caches that never shrink (ink/build/measure-text.js, wrap-text.js). A
//    log pane following for hours, or a chart refreshing all day, renders new text every
//    second, so those caches grew without bound (bench/follow-bench.ts). Cleared past 4096.
// 2. A fast path in string-width for text that is printable Latin-1, general punctuation,
//    box drawing and block elements: all one column wide (East Asian Width narrow or, by
//    string-width's default, ambiguous-as-narrow), so the width is the length. Charts and
//    histogram strips are made of these; Ink measures every line several times per frame,
//    and the grapheme segmenter path cost a quarter of a chart frame (bench/panes-bench.ts).
import { readFile } from 'node:fs/promises';

const LIMIT = 4096;
/** Code point ranges string-width measures as one column each (checked by a test). */
export const NARROW_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0xff],
  [0x2010, 0x2027],
  [0x2500, 0x259f],
];
const hex = (n) => `\\u${n.toString(16).toUpperCase().padStart(4, '0')}`;
const NARROW = `^[${NARROW_RANGES.map(([a, b]) => `${hex(a)}-${hex(b)}`).join('')}]*$`;

const PATCHES = [
  {
    file: /[\\/]ink[\\/]build[\\/]measure-text\.js$/,
    edits: [
      [
        'cache.set(text, dimensions);',
        `if (cache.size >= ${LIMIT}) cache.clear();\n    cache.set(text, dimensions);`,
      ],
    ],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]wrap-text\.js$/,
    edits: [
      ['const cache = {};', 'let cache = {};\nlet cacheSize = 0;'],
      [
        'cache[cacheKey] = wrappedText;',
        `if (++cacheSize > ${LIMIT}) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;`,
      ],
    ],
  },
  {
    file: /[\\/]string-width[\\/]index\.js$/,
    edits: [
      [
        'let width = 0;\n\tconst eastAsianWidthOptions',
        `if (ambiguousIsNarrow && /${NARROW}/.test(string)) {\n\t\treturn string.length;\n\t}\n\n\tlet width = 0;\n\tconst eastAsianWidthOptions`,
      ],
    ],
  },
];

export const inkPatches = {
  name: 'ink-patches',
  setup(build) {
    for (const { file, edits } of PATCHES) {
      build.onLoad({ filter: file }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        for (const [from, to] of edits) {
          if (!source.includes(from))
            throw new Error(`ink-patches: '${from.split('\n')[0]}' not found in ${args.path}`);
          source = source.replace(from, to);
        }
        return { contents: source, loader: 'js' };
      });
    }
  },
};
