import { waveVitestConfig } from '../../vitest.shared.js';

export default waveVitestConfig({ testTimeout: 60_000 });
