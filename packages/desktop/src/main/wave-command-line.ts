// How the desktop app starts `wave --stdio`: the CLI bundled beside it (dist/wave/wave.js), run
// by Electron's own Node (ELECTRON_RUN_AS_NODE), or the program in WAVE_CLI. Wave reads its model
// and key from its own configuration (~/.wave/settings.json, the WAVE_* variables), as in the
// terminal.
export interface WaveCommandLine {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

export function waveCommandLine(options: {
  readonly bundledCli: string;
  readonly execPath: string;
  readonly env: NodeJS.ProcessEnv;
}): WaveCommandLine {
  const named = options.env.WAVE_CLI;
  if (named) return { command: named, args: ['--stdio'], env: options.env };
  return {
    command: options.execPath,
    args: [options.bundledCli, '--stdio'],
    env: { ...options.env, ELECTRON_RUN_AS_NODE: '1' },
  };
}
