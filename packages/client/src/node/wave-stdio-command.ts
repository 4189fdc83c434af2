// How a graphical host starts `wave --stdio` (VS Code, the desktop app): the program is a file —
// the `wave` the user named, or the wave.js bundled with the host. A JavaScript file runs on the
// host's own Node, which inside VS Code or Electron is the Electron binary: ELECTRON_RUN_AS_NODE
// makes it plain Node. Any other file runs as it is. The environment is the host's choice (the
// model settings and the key go there, never on the command line, which other users can read).
import { existsSync, statSync } from 'node:fs';
import { extname, isAbsolute } from 'node:path';

export interface WaveStdioCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

/** What a host starts, or the sentence it shows instead (the host knows what the user can fix). */
export type WaveCommandChoice =
  | { readonly ok: true; readonly command: WaveStdioCommand }
  | { readonly ok: false; readonly problem: string };

/** Why a program path cannot be run: not an absolute path, or no file there. */
export type WaveProgramProblem = 'not-absolute' | 'missing';

const SCRIPT_EXTENSIONS = new Set(['.js', '.mjs', '.cjs']);

/** Undefined when `program` is an absolute path to a file (a relative one would depend on the cwd). */
export function checkWaveProgram(program: string): WaveProgramProblem | undefined {
  if (!isAbsolute(program)) return 'not-absolute';
  if (!existsSync(program) || !statSync(program).isFile()) return 'missing';
  return undefined;
}

export interface WaveStdioCommandInputs {
  /** The wave program: an executable, or a JavaScript file. */
  readonly program: string;
  /** The Node (or Electron) running the host, for a JavaScript program. */
  readonly execPath: string;
  readonly env: NodeJS.ProcessEnv;
}

export function waveStdioCommand(inputs: WaveStdioCommandInputs): WaveStdioCommand {
  const { program, execPath, env } = inputs;
  if (SCRIPT_EXTENSIONS.has(extname(program)))
    return {
      command: execPath,
      args: [program, '--stdio'],
      env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
    };
  return { command: program, args: ['--stdio'], env };
}
