// The `system` `init` message, sent before any model output: the session, the folder, the tools
// the model has (its MCP servers' too, once they have started), the model and the permission
// mode (SDKSystemMessage).
import { randomUUID } from 'node:crypto';
import { BUILTIN_TOOL_NAMES, currentToolName } from '@wave-agent/agent-sdk';
import type { SessionHandle } from '@wave-agent/client';
import type { SessionState } from '@wave-agent/shared-protocol';
import { packageVersion } from '../cli/package-version.js';
import type { SdkMessage } from './sdk-message-mapper.js';

export function initMessage(state: SessionState, disallowedTools: readonly string[]): SdkMessage {
  const left = new Set(disallowedTools.map(currentToolName));
  return {
    type: 'system',
    subtype: 'init',
    session_id: state.sessionId,
    cwd: state.workdir,
    tools: [
      ...BUILTIN_TOOL_NAMES.filter((name) => !left.has(name)),
      ...state.mcpServers.flatMap((server) => (server.state === 'connected' ? server.tools : [])),
    ],
    mcp_servers: state.mcpServers.map((server) => ({
      name: server.name,
      status: server.state === 'connecting' ? 'pending' : server.state,
    })),
    model: state.model.model,
    permissionMode: state.permissionMode,
    slash_commands: [],
    apiKeySource: 'none',
    claude_code_version: `wave ${packageVersion()}`,
    output_style: 'default',
    agents: [],
    skills: [],
    plugins: [],
    uuid: randomUUID(),
  };
}

/** Resolves when no MCP server of the session is still starting (each start is bounded). */
export function mcpServersSettled(session: SessionHandle): Promise<void> {
  const starting = (state: SessionState): boolean =>
    state.mcpServers.some((server) => server.state === 'connecting');
  if (!starting(session.getSnapshot())) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = session.onEvent((_event, state) => {
      if (starting(state)) return;
      stop();
      resolve();
    });
  });
}
