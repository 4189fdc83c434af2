// How the desktop tests start `wave --stdio`: the real CLI from source (the dev launcher), its
// sessions in the test's folder, its model the test's tools/mock-llm.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WaveStdioCommand } from '@wave-agent/client/node';

const DEV_LAUNCHER = fileURLToPath(new URL('../../code/bin/wave-dev.mjs', import.meta.url));

export function waveFromSource(root: string, mockUrl: string): WaveStdioCommand {
  return {
    command: process.execPath,
    args: ['--conditions=@wave-agent/source', DEV_LAUNCHER, '--stdio'],
    env: {
      PATH: process.env.PATH,
      // The suites' sandbox default (vitest.shared.ts).
      WAVE_SANDBOX_DEFAULT: process.env.WAVE_SANDBOX_DEFAULT,
      WAVE_HOME: join(root, 'home'),
      WAVE_PROVIDER: 'openai',
      WAVE_BASE_URL: `${mockUrl}/v1`,
      WAVE_API_KEY: 'mock-key',
      WAVE_MODEL: 'mock-model',
    },
  };
}
