// The bridge's methods: one handler per method of the shared table (RPC_METHODS), checked by the
// compiler. Params arrive validated. A handler that answers at once returns its result
// synchronously, so the response is queued on stdout right behind the notifications of every
// event that came before it (getMessages relies on this: a pull includes every delta sent
// before it). Turns and ! commands run in the background; their results stream as events.
import { Agent } from '@wave-agent/agent-sdk';
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { RpcMethodName, RpcMethodParams, RpcMethodResult } from '@wave-agent/shared-protocol';
import { BridgeError, queuedMessageNotFound, turnInProgress } from './bridge-error.js';
import type { BridgeContext } from './bridge-context.js';
import type { BridgeSession } from './bridge-session.js';
import { restoreSession } from './restore-session.js';
import { rewindToMessage } from './rewind-to-message.js';

export type MethodHandler<M extends RpcMethodName> = (
  params: RpcMethodParams<M>,
  context: BridgeContext,
) => RpcMethodResult<M> | Promise<RpcMethodResult<M>>;

export type MethodHandlers = { readonly [M in RpcMethodName]: MethodHandler<M> };

function describe(session: BridgeSession): RpcMethodResult<'initialize'> {
  const { provider, model } = session.agent.provider;
  return { sessionId: session.key, model, provider };
}

export const METHOD_HANDLERS: MethodHandlers = {
  initialize: async (params, context) => {
    // A host that reconnects to a session this bridge already has gets that session back.
    const open =
      params.sessionId === undefined ? undefined : context.sessions.find(params.sessionId);
    if (open) return describe(open);
    const session = await context.openSession(params);
    context.sessions.add(session);
    return describe(session);
  },

  sendMessage: ({ sessionId, text }, context) => {
    const session = context.sessions.get(sessionId, 'sendMessage');
    const queued = session.agent.isRunning;
    const startedAt = Date.now();
    const turn = session.agent.sendMessage(text).then(
      (result) => {
        if (result.error !== undefined)
          context.logger.warn(
            `A turn in session ${session.key} ended with an error: ${result.error}`,
          );
        // Hosts learn that the turn is over (input on again, usage) without inferring it.
        context.notifications.send('turnEnded', {
          sessionId: session.key,
          stopReason: result.stopReason,
          ...(result.error !== undefined ? { error: result.error } : {}),
          usage: result.usage,
          durationMs: result.durationMs,
        });
      },
      (error: unknown) => {
        // Whatever failed, the host hears that the turn is over, so its input comes back.
        const reason = error instanceof Error ? error.message : String(error);
        context.notifications.send('turnEnded', {
          sessionId: session.key,
          stopReason: 'error',
          error: `The turn failed: ${reason}`,
          usage: { inputTokens: 0, outputTokens: 0 },
          durationMs: Date.now() - startedAt,
        });
        throw error;
      },
    );
    void session.track(turn, 'A turn');
    return { queued };
  },

  abortMessage: ({ sessionId }, context) => {
    context.sessions.get(sessionId, 'abortMessage').agent.abortMessage();
    return null;
  },

  getMessages: ({ sessionId }, context) => ({
    messages: context.sessions.get(sessionId, 'getMessages').agent.messages,
  }),

  clearMessages: async ({ sessionId }, context) => {
    const session = context.sessions.get(sessionId, 'clearMessages');
    // Whatever the old turn still emits must not land in the new, empty session.
    await session.quiesce();
    await session.agent.clear();
    context.sessions.rekey(session, () => session.followAgentSession());
    return { sessionId: session.key };
  },

  rewindToMessage,

  compact: async ({ sessionId, instructions }, context) => {
    const session = context.sessions.get(sessionId, 'compact');
    if (session.agent.isRunning) throw turnInProgress('compact the conversation');
    const outcome = await session.track(session.agent.compact(instructions), 'Compaction');
    if (!outcome.ok) {
      throw new BridgeError(
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
    btwId: context.sessions.get(sessionId, 'askBtw').askBtw(question),
  }),

  restoreSession,

  listSessions: ({ workdir }, context) => {
    const listed = Agent.listSessions({
      workdir: workdir ?? context.workdir,
      waveHome: context.waveHome,
    });
    for (const problem of listed.problems)
      context.logger.warn(`listSessions skipped a file: ${problem}`);
    return {
      sessions: listed.sessions.map(({ id, title, updatedAt, messageCount, workdir: where }) => ({
        id,
        title,
        updatedAt,
        messageCount,
        workdir: where,
      })),
    };
  },

  setPermissionMode: ({ sessionId, mode }, context) => {
    context.sessions.get(sessionId, 'setPermissionMode').agent.setPermissionMode(mode);
    return null;
  },

  getQueuedMessages: ({ sessionId }, context) => ({
    queued: context.sessions.get(sessionId, 'getQueuedMessages').agent.queuedMessages,
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
