// What every graphical host (VS Code, desktop) carries in its dist/ beside its own bundles: the
// chat UI (packages/webview-ui's Vite build, made first when it is missing or stale, copied to
// dist/webview) and the wave CLI as packages/code publishes it (dist/wave/wave.js and its
// chunks), so it runs from its own files.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_UI_DIST, ensureChatUi } from './chat-ui-build.mjs';
import { fileURLToPath } from 'node:url';

const bundleCli = fileURLToPath(new URL('../packages/code/scripts/bundle.mjs', import.meta.url));

/** Builds the chat UI if it needs it (exits 1 with a sentence if it cannot), then empties `dist`. */
export function startHostDist(dist) {
  const chatUi = ensureChatUi();
  if (!chatUi.ok) {
    console.error(chatUi.problem);
    process.exit(1);
  }
  rmSync(dist, { recursive: true, force: true });
}

/** Adds the chat UI and the bundled wave CLI to `dist` (exits with the bundler's status if it fails). */
export function addChatUiAndCli(dist) {
  cpSync(CHAT_UI_DIST, `${dist}/webview`, { recursive: true });
  const cli = spawnSync(process.execPath, [bundleCli, `${dist}/wave`], { stdio: 'inherit' });
  if (cli.status !== 0) process.exit(cli.status ?? 1);
  // The CLI's source maps serve WAVE_DEBUG stacks in a checkout; a host's package stays lean
  // without them (3.5 MB), and Node skips a map that is missing.
  for (const file of readdirSync(`${dist}/wave`, { recursive: true, encoding: 'utf8' }))
    if (file.endsWith('.map')) rmSync(join(`${dist}/wave`, file));
}
