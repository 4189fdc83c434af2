import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import { waveVitestConfig } from '../../vitest.shared.js';

// VS Code's API cannot be downloaded here (@vscode/test-electron fetches VS Code itself): the
// extension's `import 'vscode'` gets the fake in test/fake-vscode, which says what it stands in for.
export default mergeConfig(waveVitestConfig({ testTimeout: 60_000 }), {
  resolve: {
    alias: { vscode: fileURLToPath(new URL('test/fake-vscode/vscode.ts', import.meta.url)) },
  },
});
