// --permission-prompt-tool=stdio: a tool call that needs a yes is asked of the app as a
// `can_use_tool` control request (the SDK calls the app's canUseTool), one at a time as the
// Agent's policy asks them. A deny's message is what the model reads; the call does not run. An
// allow with `updatedInput` runs the call with that input (checked again by the tool's schema).
import type { CanUseTool, PermissionDecision } from '@wave-agent/agent-sdk';
import { errorText, isRecord } from '@wave-agent/shared-protocol';
import type { ProtocolChannel } from './protocol-channel.js';
import type { PermissionDenial } from './result-message.js';

export interface AppPermissionPrompt {
  readonly canUseTool: CanUseTool;
  /** The calls denied since the last take (the turn's result lists them). */
  takeDenials(): PermissionDenial[];
}

export function appPermissionPrompt(channel: ProtocolChannel): AppPermissionPrompt {
  let denials: PermissionDenial[] = [];
  const canUseTool: CanUseTool = async (request): Promise<PermissionDecision> => {
    let answer: Record<string, unknown>;
    try {
      answer = await channel.request({
        subtype: 'can_use_tool',
        tool_name: request.toolName,
        display_name: request.toolName,
        input: request.input,
        permission_suggestions: [],
        tool_use_id: request.toolCallId,
        decision_reason: request.reason,
      });
    } catch (error) {
      return { decision: 'deny', reason: `The app could not be asked (${errorText(error)}).` };
    }
    if (answer['behavior'] === 'allow') {
      // The SDK sends the app's updatedInput, or the call's own input when the app gave none.
      const updated = answer['updatedInput'];
      return isRecord(updated) && JSON.stringify(updated) !== JSON.stringify(request.input)
        ? { decision: 'allow', updatedInput: updated }
        : { decision: 'allow' };
    }
    denials.push({
      tool_name: request.toolName,
      tool_use_id: request.toolCallId,
      tool_input: request.input,
    });
    const message = answer['message'];
    return {
      decision: 'deny',
      reason: typeof message === 'string' && message !== '' ? message : 'The app denied this call.',
    };
  };
  return {
    canUseTool,
    takeDenials() {
      const taken = denials;
      denials = [];
      return taken;
    },
  };
}
