import { mergeConfig } from 'vitest/config';
import { waveVitestConfig } from '../../vitest.shared.js';

// Ink reads CI when it is imported and, in CI, writes only the last frame on exit: the UI tests
// must see the frames a user's terminal gets, also when the suite runs with CI=true. Most tests
// here start a real wave (from source) in a pty or as a child and wait for a model's reply:
// bounded at a minute each, for a loaded machine (CI runs two projects' suites at once).
export default mergeConfig(waveVitestConfig({ testTimeout: 60_000 }), {
  test: { env: { CI: 'false' } },
});
