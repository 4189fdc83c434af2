// `wave --stdio` as a CLI mode: the process's stdout is handed to the protocol (and guarded
// against everything else), and each session's options come from the same sources as the
// other modes (flags, environment, settings files of its working directory), with initialize's
// params on top. What the folder's settings ask for beyond the defaults is asked of the host
// (requestWorkspaceTrust) unless the user already trusted the folder with it.
import { decideWorkspaceTrust, hostTrustAsker } from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import { agentOptions } from '../cli/agent-options.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CliOptions } from '../cli/cli-options.js';
import { loadSettings } from '../settings/load-settings.js';
import {
  HOW_TO_TRUST,
  projectRequests,
  trustReport,
  trustedSettings,
} from '../settings/project-trust.js';
import { permissionTimeoutFrom } from './permission-timeout.js';
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
  // What the host trusted without remembering counts for the rest of this process, per folder.
  const trustedThisRun = new Map<string, Set<string>>();
  const trustTimeoutMs = permissionTimeoutFrom(io.env, logger);
  try {
    return await runStdioBridge({
      input: io.stdin,
      output: stdout.protocol,
      stderr: io.stderr,
      env: io.env,
      workdir: run.workdir,
      logger,
      agentOptionsFor: async (params, peer) => {
        const { workdir } = params;
        const loaded = loadSettings({ waveHome, workdir });
        for (const warning of loaded.warnings) logger.warn(warning);
        // The host's explicit choices are the user's word; the flags the host started wave with too.
        const stronger = {
          ...cli,
          ...(params.provider !== undefined ? { provider: params.provider } : {}),
          ...(params.baseURL !== undefined ? { baseURL: params.baseURL } : {}),
          ...(params.apiKey !== undefined ? { apiKey: params.apiKey } : {}),
          ...(params.permissionMode !== undefined ? { permissionMode: params.permissionMode } : {}),
          env: io.env,
        };
        const alsoGranted = trustedThisRun.get(workdir) ?? new Set<string>();
        const trust = await decideWorkspaceTrust({
          waveHome,
          workdir,
          requests: projectRequests(loaded, stronger),
          // A transport that cannot ask its host has no one to say yes.
          ...(peer.request
            ? {
                ask: hostTrustAsker((method, question) => peer.request!(method, question), {
                  timeoutMs: trustTimeoutMs,
                  logger,
                }),
              }
            : {}),
          alsoGranted,
        });
        for (const request of trust.granted) alsoGranted.add(request.key);
        trustedThisRun.set(workdir, alsoGranted);
        for (const line of trustReport(trust, HOW_TO_TRUST.stdio)) logger.warn(line);
        const settings = trustedSettings(loaded, trust.granted);
        return agentOptions({ cli, settings, env: io.env, workdir, waveHome, logger });
      },
    });
  } finally {
    stdout.restore();
  }
}
