// A failure the host can act on: a JSON-RPC error code from the shared table and a sentence
// that says what happened and what to do. Handlers throw these; each transport sends them its
// own way (a JSON-RPC error over --stdio, a rejected promise in-process).
import { RPC_ERROR_CODES, RpcError, errorText } from '@wave-agent/shared-protocol';
import type { RpcErrorCode } from '@wave-agent/shared-protocol';

export class ProtocolError extends RpcError {
  override readonly name = 'ProtocolError';

  constructor(code: RpcErrorCode, message: string, data?: unknown) {
    super(code, message, data);
  }
}

export function sessionNotFound(sessionId: string): ProtocolError {
  return new ProtocolError(
    RPC_ERROR_CODES.sessionNotFound,
    `No session "${sessionId}" is open here (never initialized, destroyed, or renamed by clearMessages or restoreSession). Call initialize to open one, or use the sessionId it returned.`,
  );
}

export function notInitialized(method: string): ProtocolError {
  return new ProtocolError(
    RPC_ERROR_CODES.notInitialized,
    `${method} needs a session, but no session has been initialized yet. Call initialize first and pass the sessionId it returns.`,
  );
}

export function turnInProgress(what: string): ProtocolError {
  return new ProtocolError(
    RPC_ERROR_CODES.turnInProgress,
    `Cannot ${what} while a turn is running. Wait for it to end or call abortMessage first.`,
  );
}

export function queuedMessageNotFound(id: string): ProtocolError {
  return new ProtocolError(
    RPC_ERROR_CODES.queuedMessageNotFound,
    `No queued message "${id}": it may have been sent or removed already. The session state's queue is the current one.`,
  );
}

/** What a handler's unexpected failure says to the host (the details go to the log). */
export function internalError(method: string, error: unknown): ProtocolError {
  const reason = errorText(error);
  return new ProtocolError(
    RPC_ERROR_CODES.internalError,
    `Wave could not complete ${method}: ${reason}. This is a bug in Wave; please report it with Wave's log output.`,
  );
}
