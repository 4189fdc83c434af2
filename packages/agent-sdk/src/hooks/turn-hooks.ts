// The hooks of one turn (or one subagent's run), as the turn loop calls them: PreToolUse before a
// call's permission check, PostToolUse / PostToolUseFailure after it, Stop (SubagentStop for a
// subagent) when the model would end. A `continue: false` from any of them is remembered, and
// the loop ends the turn at its next step.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { HookDecision, HookDispatcher } from './hook-dispatcher.js';

type Emit = (event: AgentEvent) => void;

export interface ToolHookCall {
  readonly messageId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

export interface PreToolVerdict {
  /** The call does not run; the model reads this as its result. */
  readonly block?: string;
  /** `allow`: no question for this call (a rule's or the work folder's still stands); `ask`: ask. */
  readonly permission?: 'allow' | 'ask';
  /** The input the call runs with instead (checked again by the tool's schema). */
  readonly updatedInput?: Record<string, unknown>;
}

export interface ToolEnd {
  readonly result?: string;
  readonly error?: string;
  readonly interrupted: boolean;
}

export interface TurnHooks {
  preToolUse(call: ToolHookCall, signal: AbortSignal, emit: Emit): Promise<PreToolVerdict>;
  postToolUse(call: ToolHookCall, end: ToolEnd, signal: AbortSignal, emit: Emit): Promise<void>;
  /**
   * True when a hook blocked the stop: its reason is in the conversation and the turn goes on.
   * `lastAssistantMessage`: the text of the reply that would end the turn.
   */
  stop(
    stopHookActive: boolean,
    lastAssistantMessage: string,
    signal: AbortSignal,
    emit: Emit,
  ): Promise<boolean>;
  /** Set once a hook said `continue: false`: why. */
  readonly stopped: string | undefined;
}

/** Who stops: the main agent (Stop) or a subagent (SubagentStop, with its id and type). */
export type Stopper =
  | { readonly kind: 'agent' }
  | { readonly kind: 'subagent'; readonly agentId: string; readonly agentType: string };

export function turnHooks(dispatcher: HookDispatcher, stopper: Stopper): TurnHooks {
  let stopped: string | undefined;
  const remember = (decision: HookDecision): HookDecision => {
    stopped ??= decision.stop;
    return decision;
  };
  const toolCall = (call: ToolHookCall) => ({
    messageId: call.messageId,
    toolCallId: call.toolCallId,
  });
  return {
    get stopped() {
      return stopped;
    },
    async preToolUse(call, signal, emit) {
      const decision = remember(
        await dispatcher.run(
          'PreToolUse',
          { tool_name: call.toolName, tool_input: call.input, tool_use_id: call.toolCallId },
          { signal, emit, toolCall: toolCall(call) },
        ),
      );
      const block = decision.block ?? decision.stop;
      if (block !== undefined) return { block: `A PreToolUse hook blocked this call: ${block}` };
      return {
        ...(decision.permission === 'allow' || decision.permission === 'ask'
          ? { permission: decision.permission }
          : {}),
        ...(decision.updatedInput ? { updatedInput: decision.updatedInput } : {}),
      };
    },
    async postToolUse(call, end, signal, emit) {
      const common = {
        tool_name: call.toolName,
        tool_input: call.input,
        tool_use_id: call.toolCallId,
      };
      const fields =
        end.error === undefined
          ? { ...common, tool_response: end.result ?? '' }
          : { ...common, error: end.error, is_interrupt: end.interrupted };
      remember(
        await dispatcher.run(
          end.error === undefined ? 'PostToolUse' : 'PostToolUseFailure',
          fields,
          {
            signal,
            emit,
            toolCall: toolCall(call),
          },
        ),
      );
    },
    async stop(stopHookActive, lastAssistantMessage, signal, emit) {
      const decision = remember(
        stopper.kind === 'agent'
          ? await dispatcher.run(
              'Stop',
              { stop_hook_active: stopHookActive, last_assistant_message: lastAssistantMessage },
              { signal, emit },
            )
          : await dispatcher.run(
              'SubagentStop',
              {
                stop_hook_active: stopHookActive,
                last_assistant_message: lastAssistantMessage,
                agent_id: stopper.agentId,
                agent_type: stopper.agentType,
              },
              { signal, emit },
            ),
      );
      return decision.block !== undefined && decision.stop === undefined && !signal.aborted;
    },
  };
}
