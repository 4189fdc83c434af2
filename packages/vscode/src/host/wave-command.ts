// How the extension starts `wave --stdio`: the CLI bundled in the extension (run by VS Code's own
// Node, i.e. its Electron binary in Node mode), or the program the user named in wave.cliPath.
// The model settings and the API key reach the child only through its environment: never on its
// command line (other users can read that) and never in the webview.
import { existsSync, statSync } from 'node:fs';
import { extname, isAbsolute } from 'node:path';
import type { WaveSettings } from './settings.js';

export interface WaveCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

export type CommandChoice =
  | { readonly ok: true; readonly command: WaveCommand }
  | { readonly ok: false; readonly problem: string };

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

const SCRIPT_EXTENSIONS = new Set(['.js', '.mjs', '.cjs']);

export function chooseWaveCommand(inputs: CommandInputs): CommandChoice {
  const env = childEnvironment(inputs);
  const { cliPath } = inputs.settings;
  const program = cliPath ?? inputs.bundledCli;
  if (cliPath !== undefined && !isAbsolute(cliPath))
    return {
      ok: false,
      problem: `The setting wave.cliPath is "${cliPath}", which is not an absolute path. Set it to the full path of the wave program, or clear it to use the one bundled with the extension.`,
    };
  if (!existsSync(program) || !statSync(program).isFile())
    return {
      ok: false,
      problem:
        cliPath === undefined
          ? `The wave program bundled with the extension is missing (${program}). Reinstall the Wave extension, or set wave.cliPath to a wave program.`
          : `The setting wave.cliPath names ${cliPath}, which does not exist. Set it to the full path of the wave program, or clear it to use the one bundled with the extension.`,
    };
  if (SCRIPT_EXTENSIONS.has(extname(program)))
    // VS Code's Node is its Electron binary: ELECTRON_RUN_AS_NODE makes it plain Node.
    return {
      ok: true,
      command: {
        command: inputs.execPath,
        args: [program, '--stdio'],
        env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
      },
    };
  return { ok: true, command: { command: program, args: ['--stdio'], env } };
}
