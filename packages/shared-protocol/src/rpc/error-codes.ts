// JSON-RPC error codes. Wave's own codes sit outside the ranges JSON-RPC reserves
// (-32768..-32000), which vscode-jsonrpc also uses for its own failures.

export const RPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** No session with that id (never initialized, destroyed, or not on disk). */
  sessionNotFound: 1001,
  /** The method needs the session idle (e.g. rewind or compact while a turn runs). */
  turnInProgress: 1002,
  /** No message with that id in the session (e.g. a rewind anchor). */
  messageNotFound: 1003,
  /** No queued message with that id (it may have been sent already). */
  queuedMessageNotFound: 1004,
  /** A method other than `initialize` came before `initialize`. */
  notInitialized: 1005,
  /** The model provider could not be set up (missing key, bad base URL). */
  providerUnavailable: 1006,
} as const;

export type RpcErrorCodeName = keyof typeof RPC_ERROR_CODES;
export type RpcErrorCode = (typeof RPC_ERROR_CODES)[RpcErrorCodeName];

/**
 * The `data` of a sessionNotFound error when the session's file is there but cannot be read as
 * a session (damaged beyond repair): the file, so the user can look at it. Absent when there is
 * no such file.
 */
export interface UnreadableSessionData {
  readonly unreadableFile: string;
}

export function unreadableSessionFile(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('unreadableFile' in data)) return undefined;
  return typeof data.unreadableFile === 'string' ? data.unreadableFile : undefined;
}
