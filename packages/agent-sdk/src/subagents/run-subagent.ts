// Runs one subagent: a child conversation inside the Task call's tool block. The child's events
// are the parent's kind of deltas, carried with the owning call (`subagentEvent`) through the
// parent's emit, so the one reducer builds the thread and the session file keeps it. The child
// reads its own state from that thread; it shares the parent's permission policy (same mode, same
// answers, same person asked), so it never has more permission than its parent.
import type { AgentEvent, Message } from '@wave-agent/shared-protocol';
import { conversationFrom, isNestedEvent } from '@wave-agent/shared-protocol';
import type { TurnLoopDeps, TurnOutcome } from '../loop/turn-loop.js';
import { runTurn } from '../loop/turn-loop.js';
import type { ToolResult } from '../tools/tool.js';
import type { SubagentRequest } from '../tools/tool-session.js';

/** Model calls one subagent may make. */
export const SUBAGENT_MAX_TURNS = 30;

export interface SubagentSetup {
  /** The parent's loop dependencies; the child overrides what is its own. */
  readonly parent: Omit<TurnLoopDeps, 'emit' | 'state' | 'session' | 'beforeModelCall'>;
  readonly emit: (event: AgentEvent) => void;
  /** The Task call's tool block's thread, as the session state holds it now. */
  readonly thread: () => readonly Message[];
  readonly tools: TurnLoopDeps['tools'];
  readonly model: TurnLoopDeps['model'];
  readonly systemPrompt: string;
  /** What the child's tools reach of the session: asking the user (through its parent's session). */
  readonly session?: TurnLoopDeps['session'];
}

/** The text of the child's last assistant message: its final answer. */
function finalAnswer(thread: readonly Message[]): string {
  const last = thread.findLast((message) => message.role === 'assistant');
  return (last?.blocks ?? [])
    .map((block) => (block.type === 'text' ? block.content : ''))
    .join('')
    .trim();
}

function resultOf(outcome: TurnOutcome, answer: string, request: SubagentRequest): ToolResult {
  switch (outcome.stopReason) {
    case 'aborted':
      return {
        isError: true,
        output: `The ${request.subagentType} subagent was stopped: the user aborted the turn.${answer ? `\nWhat it had said:\n${answer}` : ''}`,
      };
    case 'error':
      return {
        isError: true,
        output: `The ${request.subagentType} subagent failed: ${outcome.error ?? 'its model call failed'}.`,
      };
    default:
      return {
        output:
          answer ||
          `The ${request.subagentType} subagent ended (${outcome.stopReason}) without a final answer.`,
      };
  }
}

export async function runSubagent(
  setup: SubagentSetup,
  request: SubagentRequest,
): Promise<ToolResult> {
  const own = (event: AgentEvent): void => {
    if (!isNestedEvent(event)) return; // The loop emits only conversation events of a turn.
    setup.emit({
      type: 'subagentEvent',
      messageId: request.messageId,
      toolCallId: request.toolCallId,
      event,
    });
  };
  const now = setup.parent.now;
  own({
    type: 'userMessageAdded',
    message: {
      id: setup.parent.newId(),
      role: 'user',
      createdAt: now(),
      blocks: [{ type: 'text', content: request.prompt, stage: 'end' }],
    },
  });
  const outcome = await runTurn(
    {
      ...setup.parent,
      emit: own,
      state: () => conversationFrom(setup.thread()),
      tools: setup.tools,
      model: setup.model,
      systemPrompt: () => setup.systemPrompt,
      ...(setup.session ? { session: setup.session } : {}),
      maxTurns: Math.min(setup.parent.maxTurns, SUBAGENT_MAX_TURNS),
    },
    request.signal,
  );
  return resultOf(outcome, finalAnswer(setup.thread()), request);
}
