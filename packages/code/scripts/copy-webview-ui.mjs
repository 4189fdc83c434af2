// Part of `build`: the chat UI that `wave web` serves (packages/webview-ui, built by Vite just
// before, as nx's dependsOn says) is copied into dist/webview-ui, beside dist/bundle, so a
// packaged wave carries it. Usage: node scripts/copy-webview-ui.mjs [destination]
// (default dist/webview-ui; the tests of the published bin lay out a copy of dist elsewhere).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const from = new URL('../../webview-ui/dist/', import.meta.url);
const to = process.argv[2]
  ? pathToFileURL(`${process.argv[2]}/`)
  : new URL('../dist/webview-ui/', import.meta.url);
if (!existsSync(new URL('index.html', from))) {
  process.stderr.write(
    'copy-webview-ui: packages/webview-ui/dist is missing; build it first (pnpm --filter @wave-agent/webview-ui build).\n',
  );
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
