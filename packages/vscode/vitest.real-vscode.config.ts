import { mergeConfig } from 'vitest/config';
import { waveVitestConfig } from '../../vitest.shared.js';

// Wave in a real VS Code (code-server), no fake module: one file, its steps in order on one
// window. The first run installs code-server into the user's cache (minutes; see
// test/real-vscode/install-code-server.ts), which the setup's own timeout covers.
const config = mergeConfig(waveVitestConfig({ testTimeout: 120_000 }), {
  test: { hookTimeout: 20 * 60_000 },
});
// Only this suite (mergeConfig would add to the shared list, not replace it).
config.test = { ...config.test, include: ['test/real-vscode/**/*.test.ts'] };
export default config;
