// /context's figures for one model request: Wave's estimate of each part (the same four
// characters a token as the live count, shared-protocol's estimateTokens) scaled so the parts
// add up to the input tokens the provider reported for the request (or to the estimate, when it
// reported none).
import { apportion, CONTEXT_PARTS, estimateTokens } from '@wave-agent/shared-protocol';
import type { ContextPart, ContextWindowUse, Usage } from '@wave-agent/shared-protocol';
import type { ModelMessage } from 'ai';
import { MCP_TOOL_PREFIX } from '../mcp/mcp-tool-adapter.js';
import { toolDescriptionChars } from '../model/model-call.js';
import { AGENT_KINDS_HEADING } from '../tools/task.js';
import type { ToolDefinition } from '../tools/tool.js';

export interface MeasuredRequest {
  readonly model: string;
  readonly windowTokens: number;
  /** The system prompt as sent, and its sections counted apart (they are inside it). */
  readonly system: string;
  readonly sections: { readonly skills: string; readonly memory: readonly string[] };
  readonly tools: readonly ToolDefinition<unknown>[];
  readonly messages: readonly ModelMessage[];
  /** What the provider reported for the call, when it did. */
  readonly usage: Usage | undefined;
}

export async function measureContext(request: MeasuredRequest): Promise<ContextWindowUse> {
  const chars: Record<ContextPart, number> = {
    system: 0,
    tools: 0,
    mcpTools: 0,
    agents: 0,
    memory: request.sections.memory.reduce((sum, section) => sum + section.length, 0),
    skills: request.sections.skills.length,
    messages: JSON.stringify(request.messages).length,
  };
  chars.system = Math.max(0, request.system.length - chars.memory - chars.skills);
  for (const tool of request.tools) {
    const described = await toolDescriptionChars(tool);
    if (tool.name.startsWith(MCP_TOOL_PREFIX)) {
      chars.mcpTools += described;
      continue;
    }
    const kinds = tool.description.indexOf(AGENT_KINDS_HEADING);
    const agents = kinds < 0 ? 0 : tool.description.length - kinds;
    chars.agents += agents;
    chars.tools += described - agents;
  }
  const estimates = CONTEXT_PARTS.map((part) => estimateTokens(chars[part]));
  const estimated = estimates.reduce((sum, tokens) => sum + tokens, 0);
  const reportedInput = request.usage?.inputTokens ?? 0;
  const reported = reportedInput > 0;
  const inputTokens = reported ? reportedInput : estimated;
  const tokens = apportion(estimates, inputTokens);
  return {
    model: request.model,
    // A window without limit (the offline demo) is not a number JSON can carry: left out.
    ...(Number.isFinite(request.windowTokens) ? { windowTokens: request.windowTokens } : {}),
    inputTokens,
    reported,
    parts: CONTEXT_PARTS.map((part, index) => ({ part, tokens: tokens[index] ?? 0 })),
  };
}
