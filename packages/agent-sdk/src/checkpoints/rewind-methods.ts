// The method of /rewind: cut the conversation and/or put files back from the checkpoints.
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import type { RewindResult } from '../agent/rewind.js';
import { errorText } from '@wave-agent/shared-protocol';

export const rewindMethods = {
  rewindToMessage: ({ sessionId, messageId, requestId, restore = 'both' }, context) => {
    const session = sessionFor(context, { sessionId }, 'rewindToMessage');
    let result: RewindResult;
    try {
      result = session.agent.rewind(messageId, restore, requestId);
    } catch (error) {
      context.logger.error(`Rewinding session ${session.key} failed.`, error);
      const reason = errorText(error);
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
} satisfies MethodGroup;
