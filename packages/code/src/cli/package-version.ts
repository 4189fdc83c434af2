// The version printed by `wave --version` (and told to ACP editors), read from this package's
// package.json. That file sits two levels above src/cli/ (run from source) and dist/cli/
// (built), and two or three above the bundle's files (dist/bundle/wave.js, and the shared
// chunks in dist/bundle/chunks/), so the nearest one up that is this package's is the one.
import { existsSync, readFileSync } from 'node:fs';

const PACKAGE_NAME = '@wave-agent/code';
const MOST_LEVELS_UP = 4;

function manifestAt(url: URL): { name?: unknown; version?: unknown } | undefined {
  if (!existsSync(url)) return undefined;
  const manifest: unknown = JSON.parse(readFileSync(url, 'utf8'));
  return typeof manifest === 'object' && manifest !== null ? manifest : undefined;
}

export function packageVersion(): string {
  for (let up = 1; up <= MOST_LEVELS_UP; up++) {
    const manifest = manifestAt(new URL(`${'../'.repeat(up)}package.json`, import.meta.url));
    if (manifest?.name !== PACKAGE_NAME) continue;
    if (typeof manifest.version === 'string') return manifest.version;
    break;
  }
  throw new Error(`The package.json of ${PACKAGE_NAME} has no "version"; reinstall wave.`);
}
