// What every graphical host (VS Code, desktop) carries in its dist/ beside its own bundles: the
// chat UI (packages/webview-ui's Vite build, copied to dist/webview) and the wave CLI as
// packages/code publishes it (dist/wave/wave.js and its chunks), so it runs from its own files.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';

const webviewDist = new URL('../packages/webview-ui/dist', import.meta.url).pathname;
const bundleCli = new URL('../packages/code/scripts/bundle.mjs', import.meta.url).pathname;

/** Empties `dist`, after checking that the chat UI it will carry is built (else exits 1). */
export function startHostDist(dist) {
  if (!existsSync(webviewDist)) {
    console.error(
      'The chat UI is not built (packages/webview-ui/dist is missing): run `pnpm --filter @wave-agent/webview-ui build` first.',
    );
    process.exit(1);
  }
  rmSync(dist, { recursive: true, force: true });
}

/** Adds the chat UI and the bundled wave CLI to `dist` (exits with the bundler's status if it fails). */
export function addChatUiAndCli(dist) {
  cpSync(webviewDist, `${dist}/webview`, { recursive: true });
  const cli = spawnSync(process.execPath, [bundleCli, `${dist}/wave`], { stdio: 'inherit' });
  if (cli.status !== 0) process.exit(cli.status ?? 1);
}
