// A scripted turn resolved for one response: generated text expanded, ids, usage and stop reason decided.
import type { ConversationFacts } from '../conversation/conversation-facts.js';
import { expandText } from '../scenario/expand-text.js';
import type { Scenario, StopReason, Turn, TurnUsage } from '../scenario/scenario-types.js';

export type PlannedPart =
  | { type: 'reasoning'; text: string; signature: string }
  | { type: 'text'; text: string }
  | {
      type: 'tool_call';
      id: string;
      name: string;
      input: Record<string, unknown>;
      argumentsJson: string;
    };

export interface ReplyPlan {
  responseId: string;
  model: string;
  /** Unix seconds, as OpenAI's `created`. */
  created: number;
  parts: PlannedPart[];
  chunkSize: number;
  delayMs: number;
  usage: TurnUsage;
  stopReason: StopReason;
}

export const defaultChunkSize = 8;

const responseIdPrefix: Record<ConversationFacts['api'], string> = {
  openai: 'chatcmpl-mock-',
  responses: 'resp_mock_',
  anthropic: 'msg_mock_',
  gemini: 'mock-gemini-',
};

/** Real signatures are opaque base64; this one also says where it came from, for debugging. */
function defaultSignature(scenario: Scenario, turnIndex: number, partIndex: number): string {
  return Buffer.from(
    `mock-llm signature: scenario=${scenario.name} turn=${turnIndex} part=${partIndex}`,
  ).toString('base64');
}

export function planReply(input: {
  scenario: Scenario;
  turn: Turn;
  turnIndex: number;
  facts: ConversationFacts;
  responseNumber: number;
}): ReplyPlan {
  const { scenario, turn, turnIndex, facts, responseNumber } = input;
  const toolIdPrefix = facts.api === 'anthropic' ? 'toolu_mock' : 'call_mock';
  let toolCalls = 0;
  const parts = turn.reply.map((part, partIndex): PlannedPart => {
    if (part.type === 'tool_call') {
      toolCalls += 1;
      return {
        type: 'tool_call',
        id: part.id ?? `${toolIdPrefix}_${turnIndex}_${toolCalls - 1}`,
        name: part.name,
        input: part.input,
        argumentsJson: JSON.stringify(part.input),
      };
    }
    if (part.type === 'reasoning') {
      return {
        type: 'reasoning',
        text: expandText(part),
        signature: part.signature ?? defaultSignature(scenario, turnIndex, partIndex),
      };
    }
    return { type: 'text', text: expandText(part) };
  });
  const replyChars = parts.reduce(
    (sum, part) => sum + (part.type === 'tool_call' ? part.argumentsJson.length : part.text.length),
    0,
  );
  return {
    responseId: responseIdPrefix[facts.api] + String(responseNumber),
    model: facts.model,
    created: Math.floor(Date.now() / 1000),
    parts,
    chunkSize: turn.chunkSize ?? scenario.chunkSize ?? defaultChunkSize,
    delayMs: turn.delayMs ?? scenario.delayMs ?? 0,
    usage: turn.usage ?? {
      inputTokens: Math.max(1, Math.ceil(facts.promptChars / 4)),
      outputTokens: Math.max(1, Math.ceil(replyChars / 4)),
    },
    stopReason: turn.stopReason ?? (toolCalls > 0 ? 'tool_use' : 'end_turn'),
  };
}
