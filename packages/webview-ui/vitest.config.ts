import { waveVitestConfig } from '../../vitest.shared.js';

export default waveVitestConfig();
