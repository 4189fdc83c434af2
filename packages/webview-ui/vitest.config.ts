// Unit tests (src/) and the Chromium tests (test/browser/): each browser test file starts one
// Chromium, one `wave web` and one mock model, so files run one at a time (two cores are shared
// with everything else) and get generous, bounded timeouts.
import { mergeConfig } from 'vitest/config';
import { waveVitestConfig } from '../../vitest.shared.js';

export default mergeConfig(waveVitestConfig({ testTimeout: 120_000 }), {
  test: { fileParallelism: false, hookTimeout: 120_000 },
});
