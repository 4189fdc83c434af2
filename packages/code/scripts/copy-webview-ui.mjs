// Part of `build`: the chat UI that `wave web` serves (packages/webview-ui, built by Vite just
// before, as nx's dependsOn says) is copied into dist/webview-ui, so a packaged wave carries it.
import { cpSync, existsSync, rmSync } from 'node:fs';

const from = new URL('../../webview-ui/dist/', import.meta.url);
const to = new URL('../dist/webview-ui/', import.meta.url);
if (!existsSync(new URL('index.html', from))) {
  process.stderr.write(
    'copy-webview-ui: packages/webview-ui/dist is missing; build it first (pnpm --filter @wave-agent/webview-ui build).\n',
  );
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
