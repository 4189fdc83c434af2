// The `system` `init` message, sent before any model output: the session, the folder, the tools
// the model has, the model and the permission mode (SDKSystemMessage).
import { randomUUID } from 'node:crypto';
import { BUILTIN_TOOL_NAMES, currentToolName } from '@wave-agent/agent-sdk';
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
    tools: BUILTIN_TOOL_NAMES.filter((name) => !left.has(name)),
    mcp_servers: [],
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
