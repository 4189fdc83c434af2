// The method of `@` completion: the work folder's files and folders matching what follows `@`,
// and the MCP servers' listed resources as `<server>:<uri>` (first when what is typed has a `:`,
// as such a mention does). (A message's attachments arrive with sendMessage, in
// agent/turn-methods.ts.)
import { mcpResourcePaths } from '@wave-agent/shared-protocol';
import { sessionParts } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { bestMatches } from './fuzzy-match.js';

/** How many matches an answer holds when the host does not say. */
const DEFAULT_FIND_LIMIT = 50;

/** What the group uses of the agent: the work folder's index, and the session's MCP servers. */
const usedParts = sessionParts('attachments', 'hub');

export const attachmentMethods = {
  findFiles: async ({ sessionId, query, limit }, context) => {
    const { attachments, hub } = usedParts(context, { sessionId }, 'findFiles');
    const most = limit ?? DEFAULT_FIND_LIMIT;
    const found = await attachments.index.find(query, most);
    const paths = mcpResourcePaths(hub.state.mcpServers);
    if (paths.length === 0) return found;
    const candidates = paths.map((path) => ({ path, lower: path.toLowerCase() }));
    const resources = bestMatches(query, candidates, most).map(({ path }) => ({
      path,
      folder: false,
    }));
    const files = query.includes(':')
      ? [...resources, ...found.files]
      : [...found.files, ...resources];
    return { ...found, files: files.slice(0, most) };
  },
} satisfies MethodGroup;
