// Which `wave --stdio` the desktop app starts: the CLI bundled beside it (dist/wave/wave.js), or
// the program in WAVE_CLI (how either is run is @wave-agent/client's waveStdioCommand). Wave
// reads its model and key from its own configuration (~/.wave/settings.json, the WAVE_*
// variables), as in the terminal.
import { checkWaveProgram, waveStdioCommand } from '@wave-agent/client/node';
import type { WaveCommandChoice } from '@wave-agent/client/node';

export function chooseWaveCommand(options: {
  readonly bundledCli: string;
  readonly execPath: string;
  readonly env: NodeJS.ProcessEnv;
}): WaveCommandChoice {
  const named = options.env.WAVE_CLI;
  const program = named || options.bundledCli;
  const problem = checkWaveProgram(program);
  if (problem !== undefined)
    return {
      ok: false,
      problem: named
        ? `WAVE_CLI is "${named}", which ${problem === 'not-absolute' ? 'is not an absolute path' : 'names no file'}: set it to the full path of a wave program, or unset it to use the one bundled with the app.`
        : `The wave program bundled with the app is missing (${program}): build the app again (pnpm --filter ./packages/desktop build), or set WAVE_CLI to a wave program.`,
    };
  return {
    ok: true,
    command: waveStdioCommand({ program, execPath: options.execPath, env: options.env }),
  };
}
