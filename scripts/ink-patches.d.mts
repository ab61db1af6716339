import type { Plugin } from 'esbuild';
export declare const inkPatches: Plugin;
export declare const NARROW_RANGES: ReadonlyArray<readonly [number, number]>;
