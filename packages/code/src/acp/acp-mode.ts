// `wave --acp` as a CLI mode: the Agent Client Protocol on stdin/stdout (newline-delimited
// JSON-RPC), for editors such as Zed. stdout carries protocol only (guarded: a stray write goes
// to stderr), log lines go to stderr. The agent is reached the way every host reaches it:
// through @wave-agent/client over the in-process transport, on the protocol server `wave --stdio`
// uses, whose sessions take their options from the same sources (hostSessionOptions). When the
// editor closes stdin, every session is brought to rest and closed (its file keeps it) and the
// process exits 0; input Wave cannot read as ACP at all ends it with 2, said on stderr.
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import {
  createWaveServer,
  defaultContextWindow,
  PROVIDER_NAMES,
  trustedFoldersPath,
} from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import { inProcessTransport, WaveClient } from '@wave-agent/client';
import type { CliIo } from '../cli/cli-io.js';
import type { CliOptions } from '../cli/cli-options.js';
import { hostCommands } from '../cli/host-commands.js';
import { hostSessionOptions } from '../cli/host-session-options.js';
import { packageVersion } from '../cli/package-version.js';
import { HOW_TO_TRUST } from '../settings/project-trust.js';
import { permissionTimeoutFrom } from '../stdio/permission-timeout.js';
import { stderrLogger } from '../stdio/stderr-logger.js';
import { debugRequested } from '../cli/debug-switch.js';
import { guardStdout } from '../stdio/stdout-guard.js';
import { acpAgent } from './acp-agent.js';
import { AcpSessions } from './acp-sessions.js';
import { SessionOpener } from './session-opener.js';

/** The editor's input could not be read as ACP (a line past the size limit, a broken pipe). */
export const UNREADABLE_INPUT_EXIT_CODE = 2;

export interface AcpModeRun {
  readonly cli: CliOptions;
  readonly io: CliIo;
  /** Where wave was started (--cwd applied); sessions work where session/new says. */
  readonly workdir: string;
  readonly waveHome: string;
}

function contextWindowOf(provider: string): number | undefined {
  const known = PROVIDER_NAMES.find((name) => name === provider);
  return known === undefined ? undefined : defaultContextWindow(known);
}

export async function runAcpMode(run: AcpModeRun): Promise<number> {
  const { cli, io, waveHome } = run;
  const logger: Logger = stderrLogger(io.stderr, 'wave --acp', debugRequested(io.env));
  const stdout = guardStdout(io.stdout, io.stderr);
  const hostOptions = hostSessionOptions({
    cli,
    env: io.env,
    waveHome,
    logger,
    trustTimeoutMs: permissionTimeoutFrom(io.env, logger),
    howToTrust: HOW_TO_TRUST.acp,
  });
  // The opener reaches the client that is made right after the server it serves.
  const opener: SessionOpener = new SessionOpener((): WaveClient => client);
  const server = createWaveServer({
    agentOptionsFor: async (params, peer) => opener.agentOptions(await hostOptions(params, peer)),
    workdir: run.workdir,
    waveHome,
    logger,
    permissionQuestions: { timeoutMs: permissionTimeoutFrom(io.env, logger) },
  });
  const client: WaveClient = new WaveClient(inProcessTransport(server), {
    onServerRequest: (method, params) => {
      if (method === 'requestWorkspaceTrust') return opener.answerTrust(params);
      throw new Error(`wave --acp does not answer "${method}".`);
    },
  });
  const sessions = new AcpSessions({
    opener,
    logger,
    hostCommands: (workdir) => hostCommands({ workdir, waveHome }),
    trustedFolders: trustedFoldersPath(waveHome),
    contextWindow: contextWindowOf,
  });
  const stream = acp.ndJsonStream(
    Writable.toWeb(stdout.protocol),
    Readable.toWeb(io.stdin) as ReadableStream<Uint8Array>,
  );
  const connection = acpAgent({ sessions, logger, version: packageVersion() }).connect(stream);
  let problem: string | undefined;
  await connection.closed;
  const reason: unknown = connection.signal.reason;
  if (
    reason instanceof acp.MessageTooLargeError ||
    (reason instanceof Error && !/closed/i.test(reason.message))
  )
    problem = `the editor's input could not be read as ACP (${reason.message}); stopping.`;
  await sessions.closeAll();
  await server.close();
  client.dispose();
  stdout.restore();
  if (problem === undefined) return 0;
  logger.error(problem);
  return UNREADABLE_INPUT_EXIT_CODE;
}
