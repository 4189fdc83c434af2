// The methods of turns: a message (run now or queued), its abort, the queue, a compaction.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { pulledSession, sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { ProtocolError, queuedMessageNotFound, turnInProgress } from '../server/protocol-error.js';
import { AttachmentRefused } from '../attachments/attachments.js';
import type { TurnResult } from './agent-options.js';

/** Sends the message; an image that cannot go is the sender's error, and nothing was sent. */
function sent(send: () => Promise<TurnResult>): Promise<TurnResult> {
  try {
    return send();
  } catch (error) {
    if (error instanceof AttachmentRefused)
      throw new ProtocolError(RPC_ERROR_CODES.invalidParams, error.message);
    throw error;
  }
}

export const turnMethods = {
  sendMessage: ({ sessionId, text, attachments }, context) => {
    const session = sessionFor(context, { sessionId }, 'sendMessage');
    const queued = session.agent.isRunning;
    const turn = sent(() =>
      session.agent.sendMessage(text, attachments ? { attachments } : {}),
    ).then((result) => {
      if (result.error !== undefined)
        context.logger.warn(
          `A turn in session ${session.key} ended with an error: ${result.error}`,
        );
    });
    void session.track(turn, 'A turn');
    return { queued };
  },

  abortMessage: (params, context) => {
    sessionFor(context, params, 'abortMessage').agent.abortMessage();
    return null;
  },

  getQueuedMessages: (params, context) => ({
    queued: pulledSession(context, params, 'getQueuedMessages').agent.queuedMessages,
  }),

  editQueuedMessage: ({ sessionId, id, text }, context) => {
    const { agent } = sessionFor(context, { sessionId }, 'editQueuedMessage');
    if (!agent.editQueuedMessage(id, text)) throw queuedMessageNotFound(id);
    return null;
  },

  removeQueuedMessage: ({ sessionId, id }, context) => {
    const { agent } = sessionFor(context, { sessionId }, 'removeQueuedMessage');
    if (!agent.removeQueuedMessage(id)) throw queuedMessageNotFound(id);
    return null;
  },

  compact: async ({ sessionId, instructions }, context) => {
    const session = sessionFor(context, { sessionId }, 'compact');
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
} satisfies MethodGroup;
