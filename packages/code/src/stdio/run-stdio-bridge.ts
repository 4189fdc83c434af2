// wave --stdio: JSON-RPC 2.0 with vscode-jsonrpc framing (Content-Length headers) on the given
// streams. Requests go through the method table; events go out as notifications; a frame that
// cannot be read is answered with a JSON-RPC error and the bridge resynchronises on the next
// header (frame-reader.ts). When the host disconnects (input closes), every session is brought
// to rest and closed (its file holds the conversation) and the returned promise resolves with
// exit code 0, or 2 when the input could not be read as frames at all (said on stderr first).
import { createMessageConnection, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import type {
  Logger as RpcLogger,
  Message,
  MessageConnection,
  ResponseMessage,
} from 'vscode-jsonrpc/node.js';
import { resolveWaveHome } from '@wave-agent/agent-sdk';
import type { AgentOptions, Logger } from '@wave-agent/agent-sdk';
import type { BridgeContext } from './bridge-context.js';
import { dispatchRequest } from './dispatch-request.js';
import { FrameReader } from './frame-reader.js';
import { FrameError } from './json-frame-decoder.js';
import { notificationSender } from './notification-sender.js';
import { sessionOpener } from './open-session.js';
import type { AgentOptionsFor } from './open-session.js';
import { permissionTimeoutFrom } from './permission-timeout.js';
import { SessionRegistry } from './session-registry.js';
import { stderrLogger } from './stderr-logger.js';
import type { LineWriter } from './stderr-logger.js';

export interface StdioBridgeOptions {
  /** Where the host's frames come from (stdin). */
  readonly input: NodeJS.ReadableStream;
  /** Where protocol frames go (stdout); nothing else is ever written to it. */
  readonly output: NodeJS.WritableStream;
  /** Log lines (the SDK's, the bridge's, vscode-jsonrpc's). */
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

/** The host's input could not be read as frames: a usage problem, like a bad flag. */
export const UNREADABLE_INPUT_EXIT_CODE = 2;

function rpcLogger(logger: Logger): RpcLogger {
  return {
    error: (message) => logger.error(message),
    warn: (message) => logger.warn(message),
    info: (message) => logger.info(message),
    log: (message) => logger.info(message),
  };
}

function envDefaults(env: StdioBridgeOptions['env'], waveHome: string): AgentOptionsFor {
  return () => ({ env, waveHome }) satisfies AgentOptions;
}

/** A frame that could not be read gets the JSON-RPC error for it; other I/O errors are logged. */
function onStreamError(connection: MessageConnection, writer: StreamMessageWriter, logger: Logger) {
  connection.onError(([error]) => {
    if (!(error instanceof FrameError)) {
      logger.error(`The JSON-RPC stream failed: ${error.message}`);
      return;
    }
    logger.warn(error.message);
    const response: ResponseMessage = {
      jsonrpc: '2.0',
      id: error.id,
      error: { code: error.code, message: error.message },
    };
    writer.write(response satisfies Message).catch((writeError: unknown) => {
      logger.error('Could not send the error for an unreadable frame.', writeError);
    });
  });
}

export async function runStdioBridge(options: StdioBridgeOptions): Promise<number> {
  const logger = options.logger ?? stderrLogger(options.stderr);
  const waveHome = resolveWaveHome(options.env);
  const reader = new FrameReader(options.input);
  const writer = new StreamMessageWriter(options.output, 'utf-8');
  const connection = createMessageConnection(reader, writer, rpcLogger(logger));
  const notifications = notificationSender(connection, logger);
  const sessions = new SessionRegistry();
  const context: BridgeContext = {
    sessions,
    notifications,
    logger,
    waveHome,
    workdir: options.workdir ?? process.cwd(),
    openSession: sessionOpener({
      agentOptionsFor: options.agentOptionsFor ?? envDefaults(options.env, waveHome),
      connection,
      notifications,
      logger,
      permissionTimeoutMs:
        options.permissionTimeoutMs ?? permissionTimeoutFrom(options.env, logger),
    }),
  };

  connection.onRequest((method, params) => dispatchRequest(method, params, context));
  connection.onNotification((method) =>
    logger.warn(`Ignored the notification "${method}": wave --stdio acts on requests only.`),
  );
  onStreamError(connection, writer, logger);
  const disconnected = new Promise<void>((resolve) => connection.onClose(() => resolve()));
  connection.listen();
  await disconnected;

  notifications.close();
  await Promise.all(sessions.takeAll().map((session) => session.close()));
  connection.dispose();
  const problem = reader.fatalProblem;
  if (problem === undefined) return 0;
  logger.error(problem);
  return UNREADABLE_INPUT_EXIT_CODE;
}
