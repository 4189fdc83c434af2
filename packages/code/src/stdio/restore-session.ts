// restoreSession {sessionId}: make a stored session live and return its messages (a pull). The
// shared table gives no second id to say which open session should switch, so restoring opens
// the stored session beside the open ones, with the settings of the newest open session whose
// working directory stores it; the host routes by the restored id from then on and may destroy
// the session it left. A session that is already open is simply pulled.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { RpcMethodParams, RpcMethodResult } from '@wave-agent/shared-protocol';
import { BridgeError } from './bridge-error.js';
import type { BridgeContext } from './bridge-context.js';
import type { BridgeSession } from './bridge-session.js';

function storesSession(session: BridgeSession, sessionId: string): boolean {
  return session.agent.listSessions().sessions.some((stored) => stored.id === sessionId);
}

/** An open session is answered synchronously: a pull must include every delta sent before it. */
export function restoreSession(
  params: RpcMethodParams<'restoreSession'>,
  context: BridgeContext,
): RpcMethodResult<'restoreSession'> | Promise<RpcMethodResult<'restoreSession'>> {
  const open = context.sessions.find(params.sessionId);
  if (open) return { messages: open.agent.messages };
  return openStored(params.sessionId, context);
}

async function openStored(
  sessionId: string,
  context: BridgeContext,
): Promise<RpcMethodResult<'restoreSession'>> {
  const sibling = context.sessions
    .newestFirst()
    .find((session) => storesSession(session, sessionId));
  if (!sibling) {
    throw new BridgeError(
      RPC_ERROR_CODES.sessionNotFound,
      `No stored session "${sessionId}" in the working directories of the open sessions. Call listSessions to see the stored sessions, or initialize with {workdir, sessionId} to open one from another directory.`,
    );
  }
  const restored = await context.openSession({ ...sibling.initializeParams, sessionId });
  context.sessions.add(restored);
  return { messages: restored.agent.messages };
}
