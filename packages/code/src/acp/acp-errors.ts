// The JSON-RPC errors wave --acp answers with: each names the problem and what to do, in ACP's
// words (session/new, session/load), and the agent goes on serving. Wave's own protocol errors
// (from opening a session) keep their sentence, with the method names of Wave's protocol left out.
import { RequestError } from '@agentclientprotocol/sdk';
import { RPC_ERROR_CODES, RpcError } from '@wave-agent/shared-protocol';

export const ACP_ERROR_CODES = {
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  authRequired: -32000,
  resourceNotFound: -32002,
} as const;

export function invalidParams(sentence: string): RequestError {
  return new RequestError(ACP_ERROR_CODES.invalidParams, sentence);
}

export function unknownSession(sessionId: string): RequestError {
  return new RequestError(
    ACP_ERROR_CODES.resourceNotFound,
    `There is no session "${sessionId.slice(0, 200)}" in this wave --acp; create one with session/new or open a stored one with session/load.`,
    { sessionId },
  );
}

export function promptRunning(sessionId: string): RequestError {
  return new RequestError(
    ACP_ERROR_CODES.invalidRequest,
    `A prompt is already running in session ${sessionId}; wait for its answer, or send session/cancel first.`,
  );
}

export function turnFailed(sentence: string): RequestError {
  return new RequestError(ACP_ERROR_CODES.internalError, sentence);
}

/** Wave's protocol errors name its own methods; ACP clients know other ones. */
const WAVE_METHOD_HINT = /\s*\((?:initialize also takes[^)]*)\)\.?|\s*Call listSessions[^.]*\./g;

/** A failure from Wave's side (opening a session, a request) as an ACP error. */
export function acpError(error: unknown): unknown {
  if (error instanceof RequestError || !(error instanceof RpcError)) return error;
  const sentence = error.message.replace(WAVE_METHOD_HINT, '');
  switch (error.code) {
    case RPC_ERROR_CODES.sessionNotFound:
      return new RequestError(ACP_ERROR_CODES.resourceNotFound, sentence);
    case RPC_ERROR_CODES.providerUnavailable:
      return new RequestError(
        ACP_ERROR_CODES.authRequired,
        `${sentence} Set it in the environment the editor starts wave --acp with, or in $WAVE_HOME/settings.json.`,
      );
    case RPC_ERROR_CODES.invalidParams:
      return invalidParams(sentence);
    default:
      return new RequestError(ACP_ERROR_CODES.internalError, sentence);
  }
}
