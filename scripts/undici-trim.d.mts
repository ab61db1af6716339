import type { Plugin } from 'esbuild';
export const undiciTrim: Plugin;
