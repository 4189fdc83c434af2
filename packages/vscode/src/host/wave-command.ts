// Which `wave --stdio` the extension starts: the CLI bundled in the extension, or the program the
// user named in wave.cliPath (how either is run is @wave-agent/client's waveStdioCommand). The
// model settings and the API key reach the child only through its environment: never on its
// command line (other users can read that) and never in the webview.
import { checkWaveProgram, waveStdioCommand } from '@wave-agent/client/node';
import type { WaveCommandChoice } from '@wave-agent/client/node';
import type { WaveSettings } from './settings.js';

/** Variables of the extension host that would choose a model or key behind the settings' back. */
const INHERITED_CHOICES = /^(WAVE_(PROVIDER|MODEL|BASE_URL|API_KEY)|NODE_OPTIONS)$/;

export interface CommandInputs {
  readonly settings: WaveSettings;
  readonly apiKey: string | undefined;
  /** dist/wave/wave.js inside the installed extension. */
  readonly bundledCli: string;
  /** The Node (or Electron) running the extension host. */
  readonly execPath: string;
  readonly baseEnv: NodeJS.ProcessEnv;
}

function childEnvironment(inputs: CommandInputs): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(inputs.baseEnv))
    if (!INHERITED_CHOICES.test(name)) env[name] = value;
  const { provider, model, baseURL } = inputs.settings;
  if (provider) env.WAVE_PROVIDER = provider;
  if (model) env.WAVE_MODEL = model;
  if (baseURL) env.WAVE_BASE_URL = baseURL;
  if (inputs.apiKey) env.WAVE_API_KEY = inputs.apiKey;
  return env;
}

const FIX =
  'Set it to the full path of the wave program, or clear it to use the one bundled with the extension.';

export function chooseWaveCommand(inputs: CommandInputs): WaveCommandChoice {
  const { cliPath } = inputs.settings;
  const program = cliPath ?? inputs.bundledCli;
  const problem = checkWaveProgram(program);
  if (problem !== undefined)
    return {
      ok: false,
      problem:
        cliPath === undefined
          ? `The wave program bundled with the extension is missing (${program}). Reinstall the Wave extension, or set wave.cliPath to a wave program.`
          : problem === 'not-absolute'
            ? `The setting wave.cliPath is "${cliPath}", which is not an absolute path. ${FIX}`
            : `The setting wave.cliPath names ${cliPath}, which does not exist. ${FIX}`,
    };
  return {
    ok: true,
    command: waveStdioCommand({
      program,
      execPath: inputs.execPath,
      env: childEnvironment(inputs),
    }),
  };
}
