// Types of bundle-options.mjs, for the tests that bundle the real preload.
import type { BuildOptions } from 'esbuild';

export declare const ELECTRON_SIDE: BuildOptions;
export declare const MAIN_ENTRY: string;
export declare const PRELOAD_ENTRY: string;
