import { mergeConfig } from 'vitest/config';
import { waveVitestConfig } from '../../vitest.shared.js';

// Ink reads CI when it is imported and, in CI, writes only the last frame on exit: the UI tests
// must see the frames a user's terminal gets, also when the suite runs with CI=true.
export default mergeConfig(waveVitestConfig(), { test: { env: { CI: 'false' } } });
