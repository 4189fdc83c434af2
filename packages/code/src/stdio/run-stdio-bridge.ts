// wave --stdio: the protocol server (agent-sdk's createWaveServer) served by the one JSON-RPC
// peer (serveMessages, over shared-protocol's JsonRpcPeer) in Content-Length frames (the framing vscode-jsonrpc
// writes) on the given streams. Requests go to the server; each session's events go out as
// `sessionEvents` batches, merged in a 16 ms window (ARCHITECTURE §2.6); a frame that cannot be
// read is answered with a JSON-RPC error and the bridge resynchronises on the next header
// (FrameReader). When the host disconnects (input closes), every session is brought to rest and
// closed (its file holds the conversation) and the returned promise resolves with exit code 0,
// or 2 when the input could not be read as frames at all (said on stderr first).
import { createWaveServer, resolveWaveHome, serveMessages } from '@wave-agent/agent-sdk';
import type { AgentOptions, Logger, ServerPeer } from '@wave-agent/agent-sdk';
import type { InitializeParams } from '@wave-agent/shared-protocol';
import { FrameReader, frameWriter } from '@wave-agent/shared-protocol/node';
import type { FrameError } from '@wave-agent/shared-protocol/node';
import { permissionTimeoutFrom } from './permission-timeout.js';
import { stderrLogger } from './stderr-logger.js';
import type { LineWriter } from './stderr-logger.js';

/** The host's input could not be read as frames: a usage problem, like a bad flag. */
export const UNREADABLE_INPUT_EXIT_CODE = 2;

/**
 * The Agent's options before initialize's params apply; `peer` can ask the host (e.g. whether
 * to trust the folder's settings).
 */
export type AgentOptionsFor = (
  params: InitializeParams,
  peer: ServerPeer,
) => AgentOptions | Promise<AgentOptions>;

/** The merge window across the process boundary (ARCHITECTURE §2.6). */
export const STDIO_WINDOW_MS = 16;

export interface StdioBridgeOptions {
  /** Where the host's frames come from (stdin). */
  readonly input: NodeJS.ReadableStream;
  /** Where protocol frames go (stdout); nothing else is ever written to it. */
  readonly output: NodeJS.WritableStream;
  /** Log lines (the SDK's and the bridge's). */
  readonly stderr: LineWriter;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** listSessions without a workdir lists this directory. Default: the process's cwd. */
  readonly workdir?: string;
  /** The Agent's options before initialize's params apply. Default: from `env` only. */
  readonly agentOptionsFor?: AgentOptionsFor;
  /** How long a permission question waits for the host. Default: WAVE_STDIO_PERMISSION_TIMEOUT_MS, else 120 s. */
  readonly permissionTimeoutMs?: number;
  readonly logger?: Logger;
}

function envDefaults(env: StdioBridgeOptions['env'], waveHome: string): AgentOptionsFor {
  return () => ({ env, waveHome }) satisfies AgentOptions;
}

/** A frame that could not be read gets the JSON-RPC error for it, answering its id if it had one. */
function answerUnreadable(send: (message: object) => void, logger: Logger) {
  return (error: FrameError): void => {
    logger.warn(error.message);
    send({ jsonrpc: '2.0', id: error.id, error: { code: error.code, message: error.message } });
  };
}

export async function runStdioBridge(options: StdioBridgeOptions): Promise<number> {
  const logger = options.logger ?? stderrLogger(options.stderr);
  const waveHome = resolveWaveHome(options.env);
  const reader = new FrameReader(options.input);
  // A failed write means the host is gone; the end of its input is what ends the bridge.
  options.output.on('error', (error: Error) =>
    logger.error(`Could not write to the host: ${error.message}`),
  );
  const send = frameWriter(options.output);
  const server = createWaveServer({
    agentOptionsFor: options.agentOptionsFor ?? envDefaults(options.env, waveHome),
    workdir: options.workdir ?? process.cwd(),
    waveHome,
    logger,
    permissionQuestions: {
      timeoutMs: options.permissionTimeoutMs ?? permissionTimeoutFrom(options.env, logger),
    },
  });
  const host = serveMessages(server, send, (problem) => logger.warn(problem), STDIO_WINDOW_MS);
  await new Promise<void>((resolve) =>
    reader.listen({
      onMessage: (message) => host.receive(message),
      onFrameError: answerUnreadable(send, logger),
      onStreamError: (error) => logger.error(`The JSON-RPC stream failed: ${error.message}`),
      onEnd: resolve,
    }),
  );

  host.close();
  await server.close();
  const problem = reader.fatalProblem;
  if (problem === undefined) return 0;
  logger.error(problem);
  return UNREADABLE_INPUT_EXIT_CODE;
}
