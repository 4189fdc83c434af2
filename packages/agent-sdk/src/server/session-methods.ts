// The methods that open, join, read, switch and end sessions.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { RpcMethodResult } from '@wave-agent/shared-protocol';
import { Agent } from '../agent.js';
import { SessionFileError } from '../session/session-reader.js';
import { pulledSession, sessionFor } from './method-context.js';
import type { MethodGroup } from './method-context.js';
import { ProtocolError } from './protocol-error.js';
import type { ServerPeer } from './server-peer.js';
import type { ServerSession } from './server-session.js';

function opened(session: ServerSession, peer: ServerPeer): RpcMethodResult<'initialize'> {
  const { provider, model } = session.agent.provider;
  return { sessionId: session.key, model, provider, ...session.attach(peer) };
}

export const sessionMethods = {
  initialize: async (params, context) => {
    // A host that reconnects to a session this server already has gets that session back.
    const open =
      params.sessionId === undefined ? undefined : context.sessions.find(params.sessionId);
    if (open) return opened(open, context.peer);
    // Two hosts reconnecting at once (a webview and its extension after a restart) get one
    // session: the second waits for the first's open instead of opening the file again.
    const session = await context.sessions.openOnce(params.sessionId, () =>
      context.openSession(params, context.peer),
    );
    return opened(session, context.peer);
  },

  attachSession: (params, context) =>
    sessionFor(context, params, 'attachSession').attach(context.peer),

  detachSession: (params, context) => {
    sessionFor(context, params, 'detachSession').detach(context.peer);
    return null;
  },

  getSessionState: (params, context) => pulledSession(context, params, 'getSessionState').snapshot,

  getMessages: (params, context) => ({
    messages: pulledSession(context, params, 'getMessages').agent.messages,
  }),

  clearMessages: async (params, context) => {
    const session = sessionFor(context, params, 'clearMessages');
    // The agent winds the old turn down first, so nothing of it lands in the new session.
    await session.agent.clear();
    return { sessionId: session.key };
  },

  restoreSession: async (params, context) => {
    const { storedSessionId } = params;
    const session = sessionFor(context, params, 'restoreSession');
    const elsewhere = context.sessions.find(storedSessionId);
    if (elsewhere && elsewhere !== session) {
      throw new ProtocolError(
        RPC_ERROR_CODES.invalidParams,
        `Session "${storedSessionId}" is already open here; attach to it (attachSession) instead of restoring it a second time.`,
      );
    }
    try {
      const restored = await session.agent.restoreSession(storedSessionId);
      return { sessionId: session.key, problems: restored.problems };
    } catch (error) {
      // The file's own sentence says what is wrong with it; the open session stays as it was.
      if (error instanceof SessionFileError)
        throw new ProtocolError(RPC_ERROR_CODES.sessionNotFound, error.message);
      throw error;
    }
  },

  listSessions: ({ workdir }, context) => {
    const listed = Agent.listSessions({
      workdir: workdir ?? context.workdir,
      waveHome: context.waveHome,
    });
    return {
      sessions: listed.sessions.map(
        ({ id, title, updatedAt, messageCount, workdir: where, origin }) => ({
          id,
          title,
          updatedAt,
          messageCount,
          workdir: where,
          ...(origin ? { origin } : {}),
        }),
      ),
      ...(listed.problems.length > 0 ? { problems: listed.problems } : {}),
    };
  },

  destroy: async (params, context) => {
    const session = sessionFor(context, params, 'destroy');
    context.sessions.remove(session);
    await session.close();
    return null;
  },
} satisfies MethodGroup;
