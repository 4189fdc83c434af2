// A failure the host can act on: a JSON-RPC error code from the shared table and a sentence
// that says what happened and what to do. Handlers throw these; the dispatcher sends them.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { RpcErrorCode } from '@wave-agent/shared-protocol';

export class BridgeError extends Error {
  override readonly name = 'BridgeError';

  constructor(
    readonly code: RpcErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function sessionNotFound(sessionId: string): BridgeError {
  return new BridgeError(
    RPC_ERROR_CODES.sessionNotFound,
    `No session "${sessionId}" is open in this bridge (never initialized, destroyed, or replaced by clearMessages). Call initialize to open one, or use the sessionId it returned.`,
  );
}

export function notInitialized(method: string): BridgeError {
  return new BridgeError(
    RPC_ERROR_CODES.notInitialized,
    `${method} needs a session, but no session has been initialized yet. Call initialize first and pass the sessionId it returns.`,
  );
}

export function turnInProgress(what: string): BridgeError {
  return new BridgeError(
    RPC_ERROR_CODES.turnInProgress,
    `Cannot ${what} while a turn is running. Wait for it to end or call abortMessage first.`,
  );
}

export function queuedMessageNotFound(id: string): BridgeError {
  return new BridgeError(
    RPC_ERROR_CODES.queuedMessageNotFound,
    `No queued message "${id}": it may have been sent or removed already. Call getQueuedMessages for the current queue.`,
  );
}
