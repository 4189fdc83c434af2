// wave --stdio: the protocol server (agent-sdk's createWaveServer) framed as JSON-RPC 2.0 with
// vscode-jsonrpc framing (Content-Length headers) on the given streams. Requests go to the
// server; each session's events go out as `sessionEvents` batches, merged in a 16 ms window
// (ARCHITECTURE §2.6); a frame that cannot be read is answered with a JSON-RPC error and the bridge
// resynchronises on the next header (frame-reader.ts). When the host disconnects (input closes),
// every session is brought to rest and closed (its file holds the conversation) and the returned
// promise resolves with exit code 0, or 2 when the input could not be read as frames at all
// (said on stderr first).
import {
  createMessageConnection,
  ResponseError,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node.js';
import type {
  Logger as RpcLogger,
  Message,
  MessageConnection,
  ResponseMessage,
} from 'vscode-jsonrpc/node.js';
import { createWaveServer, ProtocolError, resolveWaveHome } from '@wave-agent/agent-sdk';
import type { AgentOptions, Logger, ServerConnection, ServerPeer } from '@wave-agent/agent-sdk';
import type { InitializeParams, SessionEventBatch } from '@wave-agent/shared-protocol';
import { FrameReader } from './frame-reader.js';
import { FrameError } from './json-frame-decoder.js';
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

/** A request → the server; a ProtocolError becomes the JSON-RPC error it carries. */
function serve(server: ServerConnection, method: string, params: unknown): unknown {
  const asResponseError = (error: unknown): unknown =>
    error instanceof ProtocolError ? new ResponseError(error.code, error.message) : error;
  try {
    const result = server.request(method, params);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      throw asResponseError(error);
    });
  } catch (error) {
    throw asResponseError(error);
  }
}

/** Batches go out as notifications, in order, on the stream that carries responses. */
function stdioPeer(connection: MessageConnection, logger: Logger): ServerPeer & { close(): void } {
  let closed = false;
  return {
    windowMs: STDIO_WINDOW_MS,
    send(batch: SessionEventBatch) {
      // Once the host has gone there is no one to tell.
      if (closed) return;
      const failed = (error: unknown): void =>
        logger.error(`Could not send session ${batch.sessionId}'s events to the host.`, error);
      try {
        connection.sendNotification('sessionEvents', batch).catch(failed);
      } catch (error) {
        // The connection closed under us (the host left between two batches).
        failed(error);
      }
    },
    request: (method, params) => connection.sendRequest(method, params),
    close() {
      closed = true;
    },
  };
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
  const server = createWaveServer({
    agentOptionsFor: options.agentOptionsFor ?? envDefaults(options.env, waveHome),
    workdir: options.workdir ?? process.cwd(),
    waveHome,
    logger,
    permissionQuestions: {
      timeoutMs: options.permissionTimeoutMs ?? permissionTimeoutFrom(options.env, logger),
    },
  });
  const peer = stdioPeer(connection, logger);
  const host = server.connect(peer);

  connection.onRequest((method, params) => serve(host, method, params));
  connection.onNotification((method) =>
    logger.warn(`Ignored the notification "${method}": wave --stdio acts on requests only.`),
  );
  onStreamError(connection, writer, logger);
  const disconnected = new Promise<void>((resolve) => connection.onClose(() => resolve()));
  connection.listen();
  await disconnected;

  peer.close();
  host.close();
  await server.close();
  connection.dispose();
  const problem = reader.fatalProblem;
  if (problem === undefined) return 0;
  logger.error(problem);
  return UNREADABLE_INPUT_EXIT_CODE;
}
