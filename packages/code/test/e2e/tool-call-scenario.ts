// A model that makes some tool calls and then says it is done, and what it was told of each
// call: for print-mode tests of what the permission rules let through (OpenAI's wire).
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';

export interface Call {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/** One response with these tool calls, then a closing text. */
export function calls(...list: readonly Call[]): Scenario {
  return {
    name: 'rules',
    turns: [
      {
        match: { turnIndex: 0 },
        reply: list.map((call) => ({ type: 'tool_call' as const, ...call })),
      },
      { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Done.' }] },
    ],
  };
}

interface ToolMessage {
  readonly role: string;
  readonly content?: unknown;
}

/** What the model was told for each tool call (in the second request), in call order. */
export function toolResults(mock: MockLlm | undefined): string[] {
  const body = mock?.requests[1]?.body as { messages?: ToolMessage[] } | undefined;
  return (body?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );
}
