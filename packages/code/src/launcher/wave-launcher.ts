#!/usr/bin/env node
// The published `wave` (dist/bundle/wave.js), in front of the bundle. Where the running Node has
// a compile cache (22.1 and later) it is turned on, so a start after the first reads compiled
// code instead of compiling the bundle again (issue 27: compiling was the largest part of the
// time to the first byte). Node 20 has none: there `wave -p` runs print mode's own CommonJS
// bundle through a V8 code cache of ours (code-cache.ts) in the user's cache folder. Any other
// command runs the full bundle, as does print mode with NODE_DISABLE_COMPILE_CACHE=1 (Node's
// own switch for its cache) or WAVE_DEBUG. WAVE_DEBUG also turns on Node's source maps before the
// bundle loads (Node maps only modules loaded after that), so a stack names the TypeScript
// sources (the build links a .map to each file); without it nothing reads a map.
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { debugRequested } from '../cli/debug-switch.js';
import { mayBePrint } from './may-be-print.js';

/** The file name of print mode's bundle (its content hash in it), set by scripts/bundle.mjs. */
declare const WAVE_PRINT_BUNDLE: string;

/** Node's compile cache switch, from 22.1 on (Node 20's types do not have it). */
const enableCompileCache: unknown = Reflect.get(module, 'enableCompileCache');

async function launch(argv: readonly string[]): Promise<void> {
  const debug = debugRequested(process.env);
  if (debug) process.setSourceMapsEnabled(true);
  if (typeof enableCompileCache === 'function') {
    enableCompileCache.call(module);
  } else if (
    // Print mode's own bundle runs as a vm script, whose stacks Node does not map.
    !debug &&
    process.env.NODE_DISABLE_COMPILE_CACHE !== '1' &&
    mayBePrint(argv)
  ) {
    // Loaded here only: the other commands do not pay for what reads and checks the cache.
    const { codeCacheDir, loadCachedBundle, printEntry } = await import('./print-run.js');
    const file = fileURLToPath(new URL(WAVE_PRINT_BUNDLE, import.meta.url));
    const bundle = loadCachedBundle(file, codeCacheDir(process.env));
    const entry = printEntry(bundle.exports);
    if (entry.isPrintRun(argv)) {
      // Written as the process ends, so the cache holds the code the whole run compiled.
      process.once('exit', () => bundle.saveCache());
      await entry.runPrintCommand(argv);
      return;
    }
  }
  // Not analysed by the bundler: the launcher is a file of its own.
  const main = new URL('./wave-main.js', import.meta.url).href;
  await import(main);
}

await launch(process.argv.slice(2));
