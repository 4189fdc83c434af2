// `wave --stdio` as a CLI mode: the process's stdout is handed to the protocol (and guarded
// against everything else), and each session's options come from the same sources as the
// other modes (flags, environment, settings files of its working directory), with initialize's
// params on top. What the folder's settings ask for beyond the defaults is asked of the host
// (requestWorkspaceTrust) unless the user already trusted the folder with it.
import type { Logger } from '@wave-agent/agent-sdk';
import type { CliIo } from '../cli/cli-io.js';
import type { CliOptions } from '../cli/cli-options.js';
import { hostSessionOptions } from '../cli/host-session-options.js';
import { HOW_TO_TRUST } from '../settings/project-trust.js';
import { permissionTimeoutFrom } from './permission-timeout.js';
import { runStdioBridge } from './run-stdio-bridge.js';
import { stderrLogger } from './stderr-logger.js';
import { debugRequested } from '../cli/debug-switch.js';
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
  const logger: Logger = stderrLogger(io.stderr, undefined, debugRequested(io.env));
  const stdout = guardStdout(io.stdout, io.stderr);
  try {
    return await runStdioBridge({
      input: io.stdin,
      output: stdout.protocol,
      stderr: io.stderr,
      env: io.env,
      workdir: run.workdir,
      logger,
      agentOptionsFor: hostSessionOptions({
        cli,
        env: io.env,
        waveHome,
        logger,
        trustTimeoutMs: permissionTimeoutFrom(io.env, logger),
        howToTrust: HOW_TO_TRUST.stdio,
      }),
    });
  } finally {
    stdout.restore();
  }
}
