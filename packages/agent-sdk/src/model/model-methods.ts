// The methods that switch the session's model and its effort level.
import { errorText, RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { ProtocolError } from '../server/protocol-error.js';

export const modelMethods = {
  setModel: ({ sessionId, model }, context) => {
    const { agent } = sessionFor(context, { sessionId }, 'setModel');
    try {
      agent.setModel(model);
    } catch (error) {
      throw new ProtocolError(RPC_ERROR_CODES.invalidParams, errorText(error));
    }
    return null;
  },
  setEffort: ({ sessionId, effort }, context) =>
    sessionFor(context, { sessionId }, 'setEffort').agent.setEffort(effort),
} satisfies MethodGroup;
