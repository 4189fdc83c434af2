// The methods of the session's files: `# text` adds a memory line, and the memory is read again
// (the next model call has it; every host gets the new list).
import { sessionParts } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { addMemoryLine, memoryFileFor } from './memory/memory-line.js';

/** What the group uses of the agent: where memory files are, the shelf that reads them, the hub. */
const usedParts = sessionParts('workdir', 'waveHome', 'context', 'hub');

export const contextMethods = {
  addMemoryLine: ({ sessionId, scope, text }, context) => {
    const parts = usedParts(context, { sessionId }, 'addMemoryLine');
    const path = addMemoryLine(memoryFileFor(scope, parts.workdir, parts.waveHome), text);
    parts.hub.emit({ type: 'contextLoaded', context: parts.context.reload().info });
    return { path };
  },
} satisfies MethodGroup;
