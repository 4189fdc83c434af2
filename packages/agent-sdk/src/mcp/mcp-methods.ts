// The protocol's MCP methods: restarting a server of the session (/mcp restart in every host).
import { errorText, RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { ProtocolError } from '../server/protocol-error.js';

export const mcpMethods = {
  restartMcpServer: async ({ sessionId, server }, context) => {
    const { agent } = sessionFor(context, { sessionId }, 'restartMcpServer');
    try {
      await agent.restartMcpServer(server);
    } catch (error) {
      throw new ProtocolError(RPC_ERROR_CODES.invalidParams, errorText(error));
    }
    return null;
  },
} satisfies MethodGroup;
