// The methods of /btw: ask a side question (its answer streams as events), put it away.
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';

export const sideQuestionMethods = {
  askBtw: ({ sessionId, question }, context) => ({
    btwId: sessionFor(context, { sessionId }, 'askBtw').agent.askBtw(question),
  }),

  closeBtw: ({ sessionId, btwId }, context) => {
    sessionFor(context, { sessionId }, 'closeBtw').agent.closeBtw(btwId);
    return null;
  },
} satisfies MethodGroup;
