// The method of `!command`: run in the background, its block streams as events.
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { turnInProgress } from '../server/protocol-error.js';

export const bangMethods = {
  bang: ({ sessionId, command }, context) => {
    const session = sessionFor(context, { sessionId }, 'bang');
    if (session.agent.isRunning) throw turnInProgress('run a ! command');
    void session.track(session.agent.runBang(command), 'The ! command');
    return null;
  },
} satisfies MethodGroup;
