// The methods that switch the session's model and its effort level, and /doctor's look at the
// model's endpoint.
import { errorText, RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { ProtocolError } from '../server/protocol-error.js';
import { checkEndpoint } from './endpoint-check.js';

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
  checkModelEndpoint: async ({ sessionId }, context) => {
    const { agent } = sessionFor(context, { sessionId }, 'checkModelEndpoint');
    const check = await checkEndpoint(agent.provider);
    return check ? { check } : {};
  },
} satisfies MethodGroup;
