import type { Plugin } from 'esbuild';
export declare const inkBoundedCaches: Plugin;
