// A scenario where the parent starts one general-purpose subagent (Agent), the child makes the
// given tool calls one turn each, reports CHILD-DONE, and the parent closes with `parentText`.
// Turns are pinned by order: parent, child…, child, parent.
import type { Scenario, ToolCallPart } from '@wave-agent/mock-llm';

export function subagentScenario(
  name: string,
  childCalls: readonly Omit<ToolCallPart, 'type'>[],
  parentText = 'The subagent is done.',
): Scenario {
  return {
    name,
    turns: [
      {
        match: { turnIndex: 0 },
        reply: [
          {
            type: 'tool_call',
            id: 'task_1',
            name: 'Agent',
            input: {
              description: 'Delegated work',
              prompt: 'the child task',
              subagent_type: 'general-purpose',
            },
          },
        ],
      },
      ...childCalls.map((call, index) => ({
        match: { turnIndex: index + 1 },
        reply: [{ type: 'tool_call' as const, ...call }],
      })),
      {
        match: { turnIndex: childCalls.length + 1 },
        reply: [{ type: 'text', text: 'CHILD-DONE' }],
      },
      {
        match: { turnIndex: childCalls.length + 2 },
        reply: [{ type: 'text', text: parentText }],
      },
    ],
  };
}
