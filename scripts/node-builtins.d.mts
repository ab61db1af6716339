import type { Plugin } from 'esbuild';
export const builtinsAsRequire: Plugin;
