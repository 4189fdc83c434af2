// What the launcher loads for a print run only (a chunk of its own in the bundle).
export { codeCacheDir } from './cache-dir.js';
export { loadCachedBundle } from './code-cache.js';
export { printEntry } from './print-bundle.js';
