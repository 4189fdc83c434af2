// For `pnpm wave web` from a checkout: the chat UI `wave web` serves is packages/webview-ui's
// Vite build. When it is missing or older than what it is built from, build it now
// (scripts/chat-ui-build.mjs: the same check and the same swapped-in build the hosts' builds use,
// so a test serving the UI meanwhile never reads half a folder), its output on stderr (stdout
// carries only the address). Also run on its own (`node ensure-web-ui.mjs`) by the benchmark,
// which lays out the bundled wave with this UI beside it.
import { pathToFileURL } from 'node:url';
import { ensureChatUi } from '../../../scripts/chat-ui-build.mjs';

export function ensureWebUiBuilt() {
  const built = ensureChatUi({ log: (line) => process.stderr.write(`wave-dev: ${line}\n`) });
  if (built.ok) return;
  process.stderr.write(`wave-dev: ${built.problem}\n`);
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureWebUiBuilt();
