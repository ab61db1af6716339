// React, its scheduler and react-reconciler: the first piece of the shell's code to load
// (commands/shell.ts), a chunk of its own (esbuild splits at each import()), so the plain prompt
// echoes a key between it and the next piece rather than after all of Ink (~40 ms in one piece).
import 'react-reconciler';

export { createElement } from 'react';
