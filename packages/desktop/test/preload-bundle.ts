// The real preload as build.mjs bundles it (same entry, same options), run against the fake
// electron module (test/fake-electron-preload.ts): in a context of its own in Node, and in a
// Chromium page before the chat UI, as Electron runs a preload before the page's own scripts.
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { ELECTRON_SIDE, PRELOAD_ENTRY } from '../scripts/bundle-options.mjs';
import { preloadRequire } from './fake-electron-preload.js';
import type { FakePreloadElectron } from './fake-electron-preload.js';

async function bundle(options: Parameters<typeof build>[0]): Promise<string> {
  const result = await build({ ...options, write: false });
  const [output] = result.outputFiles ?? [];
  if (!output) throw new Error('esbuild wrote nothing.');
  return output.text;
}

/** dist/preload.cjs, built afresh in memory. */
export function preloadBundle(): Promise<string> {
  return bundle({ ...ELECTRON_SIDE, entryPoints: [PRELOAD_ENTRY] });
}

/** Runs a preload bundle in a context of its own, the way the sandbox loads one. */
export function runPreload(code: string, electron: FakePreloadElectron['electron']): void {
  const module = { exports: {} };
  runInNewContext(code, { require: preloadRequire(electron), module, exports: module.exports });
}

/**
 * An init script for a Chromium page: the fake electron module on the page's window (sending
 * through `window.__waveIpcSend(channel, message)`, delivering with
 * `window.__waveIpcDeliver(channel, data)`), then the real preload bundle run against it.
 */
export async function preloadInitScript(): Promise<string> {
  const fake = await bundle({
    entryPoints: [fileURLToPath(new URL('./preload-page-entry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    logLevel: 'warning',
  });
  const preload = await preloadBundle();
  return `${fake}\n(function (require, module, exports) {\n${preload}\n})(window.__waveTakePreloadRequire(), { exports: {} }, {});\n`;
}
