// `pnpm --filter ./packages/desktop start`: builds the app and runs it with Electron, when
// Electron's binary is on this machine. It never downloads it (the electron package fetches its
// binary on the first require('electron'), so that is never called here): without it, one
// sentence says what is missing and how to get it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

function electronBinary() {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return join(override, relative ?? 'electron');
  return relative ? join(packageDir, 'dist', relative) : join(packageDir, 'dist', 'electron');
}

const binary = electronBinary();
if (!existsSync(binary)) {
  console.error(
    `Electron's binary is not on this machine (${binary} is missing): run \`npx install-electron\` in packages/desktop where Electron's downloads can be reached, or set ELECTRON_OVERRIDE_DIST_PATH to the folder of an Electron 45 build, then start again.`,
  );
  process.exit(1);
}
const built = spawnSync(process.execPath, [here('build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const app = spawn(binary, [here('..'), ...process.argv.slice(2)], { stdio: 'inherit' });
app.on('exit', (code) => process.exit(code ?? 0));
