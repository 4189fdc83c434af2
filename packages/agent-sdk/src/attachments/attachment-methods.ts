// The method of `@` completion: the work folder's files and folders matching what follows `@`.
// (A message's attachments arrive with sendMessage, in agent/turn-methods.ts.)
import { sessionParts } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';

/** How many matches an answer holds when the host does not say. */
const DEFAULT_FIND_LIMIT = 50;

/** What the group uses of the agent: the work folder's index. */
const usedParts = sessionParts('attachments');

export const attachmentMethods = {
  findFiles: async ({ sessionId, query, limit }, context) => {
    const { attachments } = usedParts(context, { sessionId }, 'findFiles');
    return attachments.index.find(query, limit ?? DEFAULT_FIND_LIMIT);
  },
} satisfies MethodGroup;
