import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import { waveVitestConfig } from '../../vitest.shared.js';

// VS Code's API cannot be downloaded here (@vscode/test-electron fetches VS Code itself): the
// extension's `import 'vscode'` gets the fake in test/fake-vscode, which says what it stands in for.
// The suite in a real VS Code (test/real-vscode) has its own config and runs after these, on
// its own: it packs the .vsix, which rebuilds dist/ that vsix.test.ts reads.
export default mergeConfig(waveVitestConfig({ testTimeout: 60_000 }), {
  test: { exclude: ['test/real-vscode/**', '**/node_modules/**'] },
  resolve: {
    alias: { vscode: fileURLToPath(new URL('test/fake-vscode/vscode.ts', import.meta.url)) },
  },
});
