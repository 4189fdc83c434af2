// The protocol server: the method table of shared-protocol served over Agents, with each
// session's events sent to the connections attached to it. It knows no transport: `wave
// --stdio` frames it as JSON-RPC, `wave web` will carry it over a WebSocket, and the in-process
// client calls it directly (objects in, objects out, nothing serialised, nothing delayed).
import {
  isRpcMethodName,
  parseMethodParams,
  RPC_ERROR_CODES,
  RPC_METHOD_NAMES,
} from '@wave-agent/shared-protocol';
import type { InitializeParams, RpcMethodName, RpcMethodResult } from '@wave-agent/shared-protocol';
import type { AgentOptions } from '../agent.js';
import type { Logger } from '../logger.js';
import { METHOD_HANDLERS } from './method-handlers.js';
import type { HandlerContext, MethodHandler, MethodHandlers } from './method-context.js';
import { openAgent } from './open-agent.js';
import { internalError, ProtocolError } from './protocol-error.js';
import type { ServerPeer } from './server-peer.js';
import { ServerSession } from './server-session.js';
import { SessionRegistry } from './session-registry.js';

export interface WaveServerOptions {
  /** The Agent's options for a session a host opens, before the host's own choices apply. */
  readonly agentOptionsFor: (
    params: InitializeParams,
    peer: ServerPeer,
  ) => AgentOptions | Promise<AgentOptions>;
  /** listSessions without a workdir lists this directory. */
  readonly workdir: string;
  readonly waveHome: string;
  readonly logger: Logger;
  /**
   * How permission questions are posed: as session state that attached hosts answer, denied
   * after `timeoutMs` when no one does (default: they wait as long as the turn). `false`: there
   * is no one to ask (print mode), so such calls are denied with a reason.
   */
  readonly permissionQuestions: false | { readonly timeoutMs?: number };
}

export interface ServerConnection {
  /**
   * Handles one request: validates it, runs its handler, returns its result — synchronously
   * when the handler answers at once. The answer follows every event the session emitted before
   * it: this connection's pending batches are sent first. A
   * failure is thrown (or rejected) as a ProtocolError with a sentence for the host.
   */
  request(method: string, params: unknown): unknown;
  /** The host left: its sessions stop sending to it (they stay open for other hosts). */
  close(): void;
}

export interface WaveServer {
  connect(peer: ServerPeer): ServerConnection;
  /** Every session is brought to rest and closed (each file holds its conversation). */
  close(): Promise<void>;
}

function callHandler<M extends RpcMethodName>(
  method: M,
  rawParams: unknown,
  context: HandlerContext,
): RpcMethodResult<M> | Promise<RpcMethodResult<M>> {
  const parsed = parseMethodParams(method, rawParams);
  if (!parsed.ok) {
    throw new ProtocolError(
      RPC_ERROR_CODES.invalidParams,
      `${parsed.message}. Fix the params and send the request again.`,
    );
  }
  const handlers: MethodHandlers = METHOD_HANDLERS;
  const handler: MethodHandler<M> = handlers[method];
  return handler(parsed.value, context);
}

export function createWaveServer(options: WaveServerOptions): WaveServer {
  const { logger } = options;
  const sessions = new SessionRegistry();

  const openSession = async (params: InitializeParams, peer: ServerPeer) => {
    const agent = await openAgent(params, () => options.agentOptionsFor(params, peer), {
      logger,
      ...(options.permissionQuestions ? { permissionQuestions: options.permissionQuestions } : {}),
    });
    return new ServerSession(agent, logger, (session, oldKey) => sessions.rekey(session, oldKey));
  };

  const hostFacing = (error: unknown, method: string): ProtocolError => {
    if (error instanceof ProtocolError) return error;
    logger.error(`${method} failed unexpectedly.`, error);
    return internalError(method, error);
  };

  return {
    connect(peer) {
      const context: HandlerContext = {
        sessions,
        peer,
        openSession,
        logger,
        workdir: options.workdir,
        waveHome: options.waveHome,
      };
      return {
        request(method, params) {
          if (!isRpcMethodName(method)) {
            throw new ProtocolError(
              RPC_ERROR_CODES.methodNotFound,
              `Unknown method "${method}". Wave answers: ${RPC_METHOD_NAMES.join(', ')}.`,
            );
          }
          // An answer follows every event emitted before it (the compaction a `compact` waited
          // for, the cut of a rewind): this connection's pending batches go out first.
          const sendPending = (): void => {
            for (const session of sessions.all()) session.flushFor(peer);
          };
          try {
            const result = callHandler(method, params, context);
            if (!(result instanceof Promise)) {
              sendPending();
              return result;
            }
            return result.then(
              (value) => {
                sendPending();
                return value;
              },
              (error: unknown) => {
                sendPending();
                throw hostFacing(error, method);
              },
            );
          } catch (error) {
            sendPending();
            throw hostFacing(error, method);
          }
        },
        close() {
          for (const session of sessions.all()) session.detach(peer);
        },
      };
    },
    async close() {
      await Promise.all(sessions.takeAll().map((session) => session.close()));
    },
  };
}
