// An OpenAI Responses `response` object: the whole reply of a non-streaming request, and what
// `response.created` (no output yet) and `response.completed` (all of it) carry in a stream. Text
// parts in a row are one message; the reasoning comes back as a summary, its signature as `encrypted_content`; a tool call is a
// `function_call` item whose `call_id` is the scripted id. At the token limit the response is
// `incomplete`, as the real API reports `max_output_tokens`.
import type { PlannedPart, ReplyPlan } from './reply-plan.js';

type Json = Record<string, unknown>;

/**
 * One output item of a response: a reasoning part, a tool call, or the text parts that follow
 * one another, which make one assistant message (one `output_text` content part each), as a
 * model writes one message however many pieces the script has.
 */
export type OutputItem =
  | Extract<PlannedPart, { type: 'reasoning' } | { type: 'tool_call' }>
  | { readonly type: 'message'; readonly texts: readonly string[] };

export function outputItems(plan: ReplyPlan): OutputItem[] {
  const items: OutputItem[] = [];
  for (const part of plan.parts) {
    const last = items.at(-1);
    if (part.type !== 'text') items.push(part);
    else if (last?.type === 'message')
      items[items.length - 1] = { ...last, texts: [...last.texts, part.text] };
    else items.push({ type: 'message', texts: [part.text] });
  }
  return items;
}

/** The id of the output item at `index` of a response. */
export function responsesItemId(plan: ReplyPlan, index: number, item: OutputItem): string {
  const kind = item.type === 'message' ? 'msg' : item.type === 'reasoning' ? 'rs' : 'fc';
  return `${kind}_${plan.responseId}_${index}`;
}

export function outputText(text: string): Json {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

export function responseOutputItem(plan: ReplyPlan, item: OutputItem, index: number): Json {
  const id = responsesItemId(plan, index, item);
  if (item.type === 'reasoning') {
    return {
      id,
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: item.text }],
      encrypted_content: item.signature,
    };
  }
  if (item.type === 'message') {
    return {
      id,
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: item.texts.map(outputText),
    };
  }
  return {
    id,
    type: 'function_call',
    status: 'completed',
    call_id: item.id,
    name: item.name,
    arguments: item.argumentsJson,
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
        : outputItems(plan).map((item, index) => responseOutputItem(plan, item, index)),
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: stage === 'in_progress' ? null : responsesUsage(plan),
  };
}

export function responsesBody(plan: ReplyPlan): string {
  return JSON.stringify(responseObject(plan, 'done'));
}
