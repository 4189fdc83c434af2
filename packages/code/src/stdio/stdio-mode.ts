// `wave --stdio` as a CLI mode: the process's stdout is handed to the protocol (and guarded
// against everything else), and each session's options come from the same sources as the
// other modes (flags, environment, settings files of its working directory), with initialize's
// params on top.
import type { Logger } from '@wave-agent/agent-sdk';
import { agentOptions } from '../cli/agent-options.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CliOptions } from '../cli/cli-options.js';
import { loadSettings } from '../settings/load-settings.js';
import type { WaveSettings } from '../settings/settings-schema.js';
import { runStdioBridge } from './run-stdio-bridge.js';
import { stderrLogger } from './stderr-logger.js';
import { guardStdout } from './stdout-guard.js';

export interface StdioModeRun {
  readonly cli: CliOptions;
  readonly io: CliIo;
  /** Where wave was started (--cwd applied). */
  readonly workdir: string;
  readonly waveHome: string;
}

export async function runStdioMode(run: StdioModeRun): Promise<number> {
  const { cli, io, waveHome } = run;
  const logger: Logger = stderrLogger(io.stderr);
  const stdout = guardStdout(io.stdout, io.stderr);
  try {
    return await runStdioBridge({
      input: io.stdin,
      output: stdout.protocol,
      stderr: io.stderr,
      env: io.env,
      workdir: run.workdir,
      logger,
      agentOptionsFor: ({ workdir }) => {
        const loaded = loadSettings({ waveHome, workdir });
        for (const warning of loaded.warnings) logger.warn(warning);
        const settings: WaveSettings = loaded.settings;
        return agentOptions({ cli, settings, env: io.env, workdir, waveHome, logger });
      },
    });
  } finally {
    stdout.restore();
  }
}
