// An OpenAI Responses `response` object: the whole reply of a non-streaming request, and what
// `response.created` (no output yet) and `response.completed` (all of it) carry in a stream. The
// reasoning comes back as a summary, its signature as `encrypted_content`; a tool call is a
// `function_call` item whose `call_id` is the scripted id. At the token limit the response is
// `incomplete`, as the real API reports `max_output_tokens`.
import type { PlannedPart, ReplyPlan } from './reply-plan.js';

type Json = Record<string, unknown>;

/** The item id of the part at `index` of a response. */
export function responsesItemId(plan: ReplyPlan, index: number, part: PlannedPart): string {
  const kind = part.type === 'text' ? 'msg' : part.type === 'reasoning' ? 'rs' : 'fc';
  return `${kind}_${plan.responseId}_${index}`;
}

export function responseOutputItem(plan: ReplyPlan, part: PlannedPart, index: number): Json {
  const id = responsesItemId(plan, index, part);
  if (part.type === 'reasoning') {
    return {
      id,
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: part.text }],
      encrypted_content: part.signature,
    };
  }
  if (part.type === 'text') {
    return {
      id,
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: part.text, annotations: [], logprobs: [] }],
    };
  }
  return {
    id,
    type: 'function_call',
    status: 'completed',
    call_id: part.id,
    name: part.name,
    arguments: part.argumentsJson,
  };
}

function responsesUsage(plan: ReplyPlan): Json {
  const { inputTokens, outputTokens } = plan.usage;
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
}

/** `in_progress`: as a stream starts (no output, no usage); `done`: the whole reply. */
export function responseObject(plan: ReplyPlan, stage: 'in_progress' | 'done'): Json {
  const incomplete = stage === 'done' && plan.stopReason === 'max_tokens';
  const status = stage === 'in_progress' ? 'in_progress' : incomplete ? 'incomplete' : 'completed';
  return {
    id: plan.responseId,
    object: 'response',
    created_at: plan.created,
    status,
    error: null,
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    model: plan.model,
    output:
      stage === 'in_progress'
        ? []
        : plan.parts.map((part, index) => responseOutputItem(plan, part, index)),
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: stage === 'in_progress' ? null : responsesUsage(plan),
  };
}

export function responsesBody(plan: ReplyPlan): string {
  return JSON.stringify(responseObject(plan, 'done'));
}
