// The server's methods: one handler per method of the shared table (RPC_METHODS), checked by the
// compiler. Params arrive validated. A handler that can answer at once returns its result
// synchronously, so over a channel the answer is queued right behind every batch sent before it
// (a pull includes every event sent before it). Turns and ! commands run in the background;
// their results stream as events.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type {
  InitializeParams,
  RpcMethodName,
  RpcMethodParams,
  RpcMethodResult,
  UnreadableSessionData,
} from '@wave-agent/shared-protocol';
import { Agent } from '../agent.js';
import type { Logger } from '../logger.js';
import { SessionFileError } from '../session/session-reader.js';
import { ProtocolError, queuedMessageNotFound, turnInProgress } from './protocol-error.js';
import type { ServerPeer } from './server-peer.js';
import type { ServerSession } from './server-session.js';
import type { SessionRegistry } from './session-registry.js';

export interface HandlerContext {
  readonly sessions: SessionRegistry;
  /** The connection that asked. */
  readonly peer: ServerPeer;
  readonly openSession: (params: InitializeParams, peer: ServerPeer) => Promise<ServerSession>;
  readonly logger: Logger;
  /** listSessions without a workdir lists this one. */
  readonly workdir: string;
  readonly waveHome: string;
}

export type MethodHandler<M extends RpcMethodName> = (
  params: RpcMethodParams<M>,
  context: HandlerContext,
) => RpcMethodResult<M> | Promise<RpcMethodResult<M>>;

export type MethodHandlers = { readonly [M in RpcMethodName]: MethodHandler<M> };

function opened(session: ServerSession, peer: ServerPeer): RpcMethodResult<'initialize'> {
  const { provider, model } = session.agent.provider;
  return { sessionId: session.key, model, provider, ...session.attach(peer) };
}

/** The session, with the asking connection's pending batches sent first (for pulls). */
function pulled(sessionId: string, method: RpcMethodName, context: HandlerContext): ServerSession {
  const session = context.sessions.get(sessionId, method);
  session.flushFor(context.peer);
  return session;
}

export const METHOD_HANDLERS: MethodHandlers = {
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

  attachSession: ({ sessionId }, context) =>
    context.sessions.get(sessionId, 'attachSession').attach(context.peer),

  detachSession: ({ sessionId }, context) => {
    context.sessions.get(sessionId, 'detachSession').detach(context.peer);
    return null;
  },

  getSessionState: ({ sessionId }, context) =>
    pulled(sessionId, 'getSessionState', context).snapshot,

  getMessages: ({ sessionId }, context) => ({
    messages: pulled(sessionId, 'getMessages', context).agent.messages,
  }),

  sendMessage: ({ sessionId, text }, context) => {
    const session = context.sessions.get(sessionId, 'sendMessage');
    const queued = session.agent.isRunning;
    const turn = session.agent.sendMessage(text).then((result) => {
      if (result.error !== undefined)
        context.logger.warn(
          `A turn in session ${session.key} ended with an error: ${result.error}`,
        );
    });
    void session.track(turn, 'A turn');
    return { queued };
  },

  abortMessage: ({ sessionId }, context) => {
    context.sessions.get(sessionId, 'abortMessage').agent.abortMessage();
    return null;
  },

  answerPermission: ({ sessionId, requestId, decision, reason }, context) => ({
    answered: context.sessions
      .get(sessionId, 'answerPermission')
      .agent.answerPermission(requestId, decision, reason),
  }),

  clearMessages: async ({ sessionId }, context) => {
    const session = context.sessions.get(sessionId, 'clearMessages');
    // The agent winds the old turn down first, so nothing of it lands in the new session.
    await session.agent.clear();
    return { sessionId: session.key };
  },

  restoreSession: async ({ sessionId, storedSessionId }, context) => {
    const session = context.sessions.get(sessionId, 'restoreSession');
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
      if (error instanceof SessionFileError) {
        const data: UnreadableSessionData | undefined =
          error.missing || error.path === '' ? undefined : { unreadableFile: error.path };
        throw new ProtocolError(RPC_ERROR_CODES.sessionNotFound, error.message, data);
      }
      throw error;
    }
  },

  rewindToMessage: ({ sessionId, messageId, requestId, restore = 'both' }, context) => {
    const session = context.sessions.get(sessionId, 'rewindToMessage');
    let result;
    try {
      result = session.agent.rewind(messageId, restore, requestId);
    } catch (error) {
      context.logger.error(`Rewinding session ${session.key} failed.`, error);
      const reason = error instanceof Error ? error.message : String(error);
      result = {
        ok: false,
        error: `Wave could not rewind: ${reason}`,
        restored: [],
        conflicts: [],
      };
    }
    for (const conflict of result.conflicts)
      context.logger.warn(`Rewind left ${conflict.path} as it is: ${conflict.reason}`);
    return {
      ok: result.ok,
      ...(result.error !== undefined ? { error: result.error } : {}),
      conversationCut: result.ok && restore !== 'files',
      restoredFiles: result.restored,
      conflicts: result.conflicts,
    };
  },

  compact: async ({ sessionId, instructions }, context) => {
    const session = context.sessions.get(sessionId, 'compact');
    if (session.agent.isRunning) throw turnInProgress('compact the conversation');
    const outcome = await session.track(session.agent.compact(instructions), 'Compaction');
    if (!outcome.ok) {
      throw new ProtocolError(
        RPC_ERROR_CODES.internalError,
        `${outcome.error ?? 'Compaction failed.'} The conversation was left as it was; try again later.`,
      );
    }
    return null;
  },

  bang: ({ sessionId, command }, context) => {
    const session = context.sessions.get(sessionId, 'bang');
    if (session.agent.isRunning) throw turnInProgress('run a ! command');
    void session.track(session.agent.runBang(command), 'The ! command');
    return null;
  },

  askBtw: ({ sessionId, question }, context) => ({
    btwId: context.sessions.get(sessionId, 'askBtw').agent.askBtw(question),
  }),

  closeBtw: ({ sessionId, btwId }, context) => {
    context.sessions.get(sessionId, 'closeBtw').agent.closeBtw(btwId);
    return null;
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

  setPermissionMode: ({ sessionId, mode }, context) => {
    context.sessions.get(sessionId, 'setPermissionMode').agent.setPermissionMode(mode);
    return null;
  },

  setModel: ({ sessionId, model }, context) => {
    const { agent } = context.sessions.get(sessionId, 'setModel');
    try {
      agent.setModel(model);
    } catch (error) {
      throw new ProtocolError(
        RPC_ERROR_CODES.invalidParams,
        error instanceof Error ? error.message : String(error),
      );
    }
    return null;
  },

  getQueuedMessages: ({ sessionId }, context) => ({
    queued: pulled(sessionId, 'getQueuedMessages', context).agent.queuedMessages,
  }),

  editQueuedMessage: ({ sessionId, id, text }, context) => {
    const { agent } = context.sessions.get(sessionId, 'editQueuedMessage');
    if (!agent.editQueuedMessage(id, text)) throw queuedMessageNotFound(id);
    return null;
  },

  removeQueuedMessage: ({ sessionId, id }, context) => {
    const { agent } = context.sessions.get(sessionId, 'removeQueuedMessage');
    if (!agent.removeQueuedMessage(id)) throw queuedMessageNotFound(id);
    return null;
  },

  destroy: async ({ sessionId }, context) => {
    const session = context.sessions.get(sessionId, 'destroy');
    context.sessions.remove(session);
    await session.close();
    return null;
  },
};
