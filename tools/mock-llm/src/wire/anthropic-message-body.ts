// A non-streaming Anthropic Message: one content block per reply part, in order.
import type { PlannedPart, ReplyPlan } from './reply-plan.js';

function contentBlock(part: PlannedPart): Record<string, unknown> {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'reasoning')
    return { type: 'thinking', thinking: part.text, signature: part.signature };
  return { type: 'tool_use', id: part.id, name: part.name, input: part.input };
}

export function anthropicMessageBody(plan: ReplyPlan): string {
  return JSON.stringify({
    id: plan.responseId,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: plan.parts.map(contentBlock),
    stop_reason: plan.stopReason,
    stop_sequence: null,
    usage: { input_tokens: plan.usage.inputTokens, output_tokens: plan.usage.outputTokens },
  });
}
