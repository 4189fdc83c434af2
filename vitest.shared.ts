// One Vitest setup for every project: workspace packages resolve to their TypeScript source
// (the "@wave-agent/source" export condition), so tests never wait for a build.
import { defineConfig } from 'vitest/config';

export const sourceCondition = '@wave-agent/source';

export function waveVitestConfig(options: { testTimeout?: number } = {}) {
  return defineConfig({
    resolve: { conditions: [sourceCondition, 'module', 'node', 'import', 'default'] },
    ssr: { resolve: { conditions: [sourceCondition, 'node', 'import', 'default'] } },
    test: {
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
      testTimeout: options.testTimeout ?? 20_000,
      hookTimeout: 30_000,
      pool: 'forks',
      // Commands run in the sandbox by default where it can run (settings/sandbox-default.ts);
      // the suites test the questions a machine without one asks, so the default is off here,
      // and the tests of the default itself (sandbox-default.test.ts, e2e/sandbox-default.test.ts)
      // take this variable away.
      env: { WAVE_SANDBOX_DEFAULT: 'off' },
    },
  });
}
