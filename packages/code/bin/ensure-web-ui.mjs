// For `pnpm wave web` from a checkout: the chat UI `wave web` serves is built by Vite
// (packages/webview-ui). When its build is missing or older than any of its sources (or of the
// packages it bundles), build it now, its output on stderr (stdout carries only the address).
// Also run on its own (`node ensure-web-ui.mjs`) by the benchmark, which lays out the bundled wave
// with this UI beside it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const webviewUi = join(packages, 'webview-ui');
const SOURCES = [
  join(webviewUi, 'src'),
  join(webviewUi, 'index.html'),
  join(webviewUi, 'vite.config.ts'),
  join(packages, 'client', 'src'),
  join(packages, 'shared-protocol', 'src'),
];

function newestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function ensureWebUiBuilt() {
  const page = join(webviewUi, 'dist', 'index.html');
  const built = existsSync(page) ? statSync(page).mtimeMs : 0;
  if (built > 0 && SOURCES.every((source) => newestChange(source) <= built)) return;
  process.stderr.write('wave-dev: building the web UI (packages/webview-ui)…\n');
  const vite = join(webviewUi, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: webviewUi,
    stdio: ['ignore', 2, 2],
    // A production build whatever this shell's NODE_ENV (a test runner sets it to test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    process.stderr.write(
      'wave-dev: building the web UI failed (see above); fix it, or run pnpm --filter @wave-agent/webview-ui build.\n',
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureWebUiBuilt();
