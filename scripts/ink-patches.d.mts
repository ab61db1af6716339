import type { Plugin } from 'esbuild';
export declare const inkPatches: Plugin;
