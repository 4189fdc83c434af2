// The SSE events of an OpenAI Chat Completions stream, one string per event. Each delta frame is
// a precomputed prefix + the JSON-encoded chunk + a suffix, so a long stream costs one
// JSON.stringify of a short string per chunk.
import { chunkText } from './chunk-text.js';
import { openAiFinishReason } from './openai-finish-reason.js';
import type { ReplyPlan } from './reply-plan.js';

export function openAiUsage(plan: ReplyPlan): {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
} {
  const { inputTokens, outputTokens } = plan.usage;
  return {
    prompt_tokens: inputTokens,
    completion_tokens: outputTokens,
    total_tokens: inputTokens + outputTokens,
  };
}

/** With `include_usage`, the real API adds `"usage":null` to every chunk and ends with a usage-only chunk. */
export function* openAiStreamFrames(plan: ReplyPlan, includeUsage: boolean): Generator<string> {
  const head = `{"id":${JSON.stringify(plan.responseId)},"object":"chat.completion.chunk","created":${plan.created},"model":${JSON.stringify(plan.model)}`;
  const usageTail = includeUsage ? ',"usage":null' : '';
  const prefix = `data: ${head},"choices":[{"index":0,"delta":`;
  const suffix = `,"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`;

  yield `${prefix}{"role":"assistant","content":"","refusal":null}${suffix}`;
  let toolIndex = 0;
  for (const part of plan.parts) {
    if (part.type === 'text' || part.type === 'reasoning') {
      const field = part.type === 'text' ? '{"content":' : '{"reasoning_content":';
      for (const chunk of chunkText(part.text, plan.chunkSize))
        yield `${prefix}${field}${JSON.stringify(chunk)}}${suffix}`;
      continue;
    }
    const index = toolIndex++;
    const start = {
      index,
      id: part.id,
      type: 'function',
      function: { name: part.name, arguments: '' },
    };
    yield `${prefix}{"tool_calls":[${JSON.stringify(start)}]}${suffix}`;
    const argumentsPrefix = `${prefix}{"tool_calls":[{"index":${index},"function":{"arguments":`;
    for (const chunk of chunkText(part.argumentsJson, plan.chunkSize))
      yield `${argumentsPrefix}${JSON.stringify(chunk)}}}]}${suffix}`;
  }
  const finishReason = JSON.stringify(openAiFinishReason(plan.stopReason));
  yield `${prefix}{},"logprobs":null,"finish_reason":${finishReason}}]${usageTail}}\n\n`;
  if (includeUsage)
    yield `data: ${head},"choices":[],"usage":${JSON.stringify(openAiUsage(plan))}}\n\n`;
  yield 'data: [DONE]\n\n';
}
