// How the Electron side is bundled (build.mjs, and the tests that load the real preload): one
// CommonJS file each for the main process and the preload, `electron` left to Electron (the
// sandboxed preload may require nothing else), workspace packages from their TypeScript sources.
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export const ELECTRON_SIDE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  conditions: ['@wave-agent/source'],
  external: ['electron'],
  logLevel: 'warning',
  legalComments: 'none',
};

export const MAIN_ENTRY = here('../src/main/main.ts');
export const PRELOAD_ENTRY = here('../src/preload/preload.ts');
