// The ACP agent side of wave --acp (@agentclientprotocol/sdk's `agent()`): one handler per ACP
// method, each a few lines over the sessions. The SDK validates params against ACP's schema,
// answers unknown methods and requests before `initialize`, and turns a thrown RequestError into
// the JSON-RPC error the client gets. What initialize states is what Wave does: loadSession;
// prompts of text, file links, embedded text and images (no audio); the editor's MCP servers
// over stdio, streamable HTTP and SSE (Wave's MCP client connects all three).
import { setImmediate } from 'node:timers';
import * as acp from '@agentclientprotocol/sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import type { AcpPeer, AcpSession } from './acp-session.js';
import type { AcpSessions } from './acp-sessions.js';

export interface AcpAgentOptions {
  readonly sessions: AcpSessions;
  readonly logger: Logger;
  readonly version: string;
}

export const AGENT_CAPABILITIES: acp.AgentCapabilities = {
  loadSession: true,
  promptCapabilities: { image: true, audio: false, embeddedContext: true },
  mcpCapabilities: { http: true, sse: true },
};

function peerOf(client: acp.AgentContext, logger: Logger): AcpPeer {
  return {
    send(sessionId, update) {
      client
        .notify(acp.methods.client.session.update, { sessionId, update })
        .catch((error: unknown) =>
          logger.error(`Could not send an update of session ${sessionId} to the editor.`, error),
        );
    },
    requestPermission: (params, signal) =>
      client.request(acp.methods.client.session.requestPermission, params, {
        cancellationSignal: signal,
        stopWaitingOnCancel: true,
      }),
  };
}

/** The commands, once the editor has the session's id (right after the answer that gives it). */
function offerCommands(session: AcpSession): void {
  setImmediate(() => session.offerCommands());
}

export function acpAgent(options: AcpAgentOptions): acp.AgentApp {
  const { sessions, logger } = options;
  let notices = false;
  return acp
    .agent({ name: 'wave' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      notices = params.clientCapabilities?.session?.notices != null;
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentCapabilities: AGENT_CAPABILITIES,
        agentInfo: { name: 'wave', title: 'Wave', version: options.version },
        authMethods: [],
      };
    })
    .onRequest(acp.methods.agent.session.new, async ({ params, client }) => {
      const peer = peerOf(client, logger);
      const session = await sessions.create(params, peer, notices);
      offerCommands(session);
      return { sessionId: session.id, modes: session.modes };
    })
    .onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
      const peer = peerOf(client, logger);
      const session = await sessions.load(params, peer, notices);
      session.replay();
      offerCommands(session);
      return { modes: session.modes };
    })
    .onRequest(acp.methods.agent.session.prompt, ({ params }) =>
      sessions.get(params.sessionId).prompt(params.prompt),
    )
    .onRequest(acp.methods.agent.session.setMode, async ({ params }) => {
      await sessions.get(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      const session = sessions.find(params.sessionId);
      if (session) session.cancel();
      else logger.warn(`session/cancel names no open session ("${params.sessionId}"); ignored.`);
    });
}
