// The method of `@` completion: the work folder's files and folders matching what follows `@`.
// (A message's attachments arrive with sendMessage, in agent/turn-methods.ts.)
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';

/** How many matches an answer holds when the host does not say. */
const DEFAULT_FIND_LIMIT = 50;

export const attachmentMethods = {
  findFiles: async ({ sessionId, query, limit }, context) => {
    const { parts } = sessionFor(context, { sessionId }, 'findFiles');
    return parts.attachments.index.find(query, limit ?? DEFAULT_FIND_LIMIT);
  },
} satisfies MethodGroup;
