// A non-streaming OpenAI `chat.completion`: text parts joined into `content`, reasoning into
// `reasoning_content` (the field reasoning-capable compatible servers use), tool calls listed.
import { openAiFinishReason } from './openai-finish-reason.js';
import { openAiUsage } from './openai-stream-frames.js';
import type { ReplyPlan } from './reply-plan.js';

export function openAiCompletionBody(plan: ReplyPlan): string {
  const text = plan.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  const reasoning = plan.parts
    .flatMap((part) => (part.type === 'reasoning' ? [part.text] : []))
    .join('');
  const toolCalls = plan.parts.flatMap((part) =>
    part.type === 'tool_call'
      ? [
          {
            id: part.id,
            type: 'function',
            function: { name: part.name, arguments: part.argumentsJson },
          },
        ]
      : [],
  );
  const hasText = plan.parts.some((part) => part.type === 'text');
  return JSON.stringify({
    id: plan.responseId,
    object: 'chat.completion',
    created: plan.created,
    model: plan.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: hasText ? text : null,
          refusal: null,
          ...(reasoning === '' ? {} : { reasoning_content: reasoning }),
          ...(toolCalls.length === 0 ? {} : { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: openAiFinishReason(plan.stopReason),
      },
    ],
    usage: openAiUsage(plan),
  });
}
