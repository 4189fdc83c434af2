// The methods of permissions: the session's mode, and answers to its questions.
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';

export const permissionMethods = {
  setPermissionMode: ({ sessionId, mode }, context) => {
    sessionFor(context, { sessionId }, 'setPermissionMode').agent.setPermissionMode(mode);
    return null;
  },

  answerPermission: ({ sessionId, requestId, decision, reason }, context) => ({
    answered: sessionFor(context, { sessionId }, 'answerPermission').agent.answerPermission(
      requestId,
      decision,
      reason,
    ),
  }),
} satisfies MethodGroup;
