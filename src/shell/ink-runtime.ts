// Ink, React and the yoga layout engine: about half of the shell's code, loaded as a chunk of
// its own (esbuild splits at each import()) before the shell's own code, so loading the two
// never holds the thread in one piece while the plain prompt echoes keys (commands/shell.ts).
export { render } from 'ink';
export { createElement } from 'react';
